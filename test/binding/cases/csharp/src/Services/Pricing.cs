using Acme.Shop.Models;

namespace Acme.Shop.Services
{
    internal static class Pricing
    {
        public static decimal Sum(Item item) => item.Price() * Item.Max;
    }
}
