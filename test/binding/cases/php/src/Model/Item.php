<?php

namespace Acme\Shop\Model;

class Item extends Entity
{
    public const MAX = 100;

    public function __construct(private int $cents)
    {
    }

    /** The price in cents. */
    public function price(): int
    {
        return $this->cents;
    }

    public static function of(int $cents): Item
    {
        return new Item($cents);
    }

    public function discounted(int $percent): int
    {
        $cents = $this->price();
        return $cents - intdiv($cents * $percent, self::MAX);
    }

    public function save(): void
    {
        parent::save();
        static::of(1);
    }
}
