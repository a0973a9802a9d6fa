<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\Item;

class Pricing
{
    public static function total(Item $item): int
    {
        return $item->price();
    }
}
