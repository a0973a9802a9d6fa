namespace Acme.Shop.Models
{
    /// <summary>A product line of an order.</summary>
    public class Item : Entity
    {
        public const int Max = 99;
        private decimal cents;

        public Item(decimal cents)
        {
            this.cents = cents;
        }

        public decimal Price() => cents;

        public Item Discounted(decimal rate) => new Item(cents * rate);

        public static Item Of(decimal cents) => new Item(cents);

        public Currency Unit => Currency.Eur;

        public class Tag
        {
            public string Label = "";
        }
    }
}
