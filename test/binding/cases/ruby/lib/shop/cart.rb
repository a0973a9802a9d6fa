require_relative 'item'
require_relative 'pricing'
require_relative '../tax'

module Shop
  class Cart
    def initialize
      @items = []
    end

    def add(item)
      @items << item
      self.touch
      item
    end

    def total
      sum = 0
      @items.each do |item|
        sum = sum + item.price
      end
      @items.each { |sum| puts sum }
      Pricing.total(sum)
    end

    def touch
      count = 1
      [1, 2].map { |count| count * 2 }
      count
    end

    def first_free
      Item.free('x')
    end

    def taxed
      Shop::Pricing::TAX * total
    end
  end
end
