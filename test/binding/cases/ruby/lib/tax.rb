# Tax rates.
class Tax
  RATE = 0.2

  def initialize(rate = RATE)
    @rate = rate
  end

  # The tax on an amount.
  def on(amount)
    amount * @rate
  end

  def self.standard
    new
  end
end
