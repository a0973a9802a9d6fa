module Shop
  # An item of the catalogue.
  class Item
    attr_reader :name, :cents

    def initialize(name, cents = 0)
      @name = name
      @cents = cents
    end

    # The price in units.
    def price
      cents / 100.0
    end

    def discounted(rate, *rest, round: true, **opts, &block)
      value = price * (1 - rate)
      value = value.round(2) if round
      block ? block.call(value, rest, opts) : value
    end

    def self.free(name)
      new(name) if Item.respond_to?(:new)
    end
  end
end
