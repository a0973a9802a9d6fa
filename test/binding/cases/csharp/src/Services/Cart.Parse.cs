namespace Acme.Shop.Services
{
    public partial class Cart
    {
        private static bool Parse(string text, out int value)
        {
            value = text.Length;
            return Limit(value);
        }

        private static bool Limit(int value) => value > 0;
    }
}
