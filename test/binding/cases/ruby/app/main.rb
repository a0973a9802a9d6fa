require_relative '../lib/shop'
require 'json'

def run(args)
  cart = Shop::Cart.new
  cart.add(Shop::Item.new('tea', 250))
  square = ->(n) { n * n }
  square.call(args.size)
  JSON.generate(cart)
  helper(args)
end

def helper(list)
  list.first
end

def tax_of(amount)
  tax = Tax.new(Tax::RATE)
  tax.on(amount) + Tax.standard.on(amount)
end

def safely(items)
  for entry in items
    begin
      entry.call
    rescue ArgumentError => error
      warn error.message
    end
  end
  first, *others = items
  [first, others]
end
