namespace Acme.Shop.Models;

public enum Currency
{
    Eur,
    Usd,
}
