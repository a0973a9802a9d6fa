using System;
using System.Collections.Generic;
using Acme.Shop.Models;
using static Acme.Shop.Util.Strings;
using Line = Acme.Shop.Models.Item;

namespace Acme.Shop.Services
{
    public partial class Cart : Entity
    {
        private readonly List<Item> items = new List<Item>();
        private int count;

        public Cart(int count)
        {
            this.count = count;
        }

        public decimal Total(Item first)
        {
            int count = 0;
            var second = new Item(2m);
            decimal sum = Pricing.Sum(first) + second.Price();
            Line third = Line.Of(Item.Max);
            items.Add(third);
            Console.WriteLine(Pad("total"));
            Save();
            base.Save();
            foreach (Item item in items)
            {
                sum += item.Price() + count + this.count + Id;
            }
            Func<Item, decimal> price = line => line.Discounted(0.5m).Price();
            return sum + Math.Max(count, 1) + price(first);
        }

        public void Check(object value)
        {
            if (value is Item found)
            {
                found.Save();
            }
            if (Parse("3", out var parsed))
            {
                Console.WriteLine(parsed);
            }
            try
            {
                Item.Tag tag = new Item.Tag();
                Console.WriteLine(tag.Label);
            }
            catch (ArgumentException error)
            {
                Console.WriteLine(error.Message);
            }
            decimal first = items[0].Price();
        }
    }
}
