module Shop
  # Prices and taxes.
  module Pricing
    TAX = 0.2

    # The total of some cents.
    def self.total(cents)
      cents * (1 + TAX)
    end
  end

  class Receipt
    def tax_rate
      Pricing::TAX
    end
  end
end
