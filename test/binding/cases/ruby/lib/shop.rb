require 'shop/cart'

# The shop's entry point.
module Shop
  VERSION = '1.0'

  def self.cart
    Cart.new
  end
end
