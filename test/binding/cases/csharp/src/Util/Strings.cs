namespace Acme.Shop.Util
{
    public static class Strings
    {
        public static string Pad(string text) => Pad(text, 8);

        public static string Pad(string text, int width) => text.PadLeft(width);
    }
}
