<?php

namespace Legacy;

class Shop
{
    public function first(): Item
    {
        $item = new Item();
        $item->price();
        return $item;
    }

    public function count(array $items): int
    {
        $n = 0;
        foreach ($items as $i) {
            $n = $n + 1;
        }
        return $n;
    }

    public static function create(): Shop
    {
        return new Shop();
    }

    public function total(?Item $item): int
    {
        $item->price();
        return Shop::create()->first()->price();
    }

    public function helped(): Item
    {
        $made = shop();
        return $made->first();
    }
}
