namespace Acme.Shop.Models
{
    public abstract class Entity
    {
        protected int Id;

        public void Save()
        {
            Touch();
        }

        private void Touch() { }
    }
}
