<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\Item;
use Acme\Shop\Model\Tag as Label;
use Acme\Shop\Util\{Strings, Nothing};
use function Acme\Shop\Util\pad;
use Acme\Shop\Model\Entity;

class Cart extends Entity
{
    private array $items = [];
    private int $count = 0;

    public function add(Item $item, int $count): void
    {
        $this->items[] = $item;
        $this->count = $this->count + $count;
        foreach ($this->items as $each) {
            $each->touch();
        }
        $first = new Item(1);
        $total = Pricing::total($first) + Item::MAX;
        $second = Item::of($total);
        $second->discounted(10);
        $label = new Label();
        $label->label();
        $name = pad(Strings::upper('x'), 4);
        $this->save();
        $doubled = array_map(fn($n) => $n * $count, [1, 2]);
        $sum = function ($x) use ($total) {
            return $x + $total;
        };
        try {
            $item->save();
        } catch (\Exception $error) {
            echo $error->getMessage(), $name, $doubled, $sum;
        }
    }
}
