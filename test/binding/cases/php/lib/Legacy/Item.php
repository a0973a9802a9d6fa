<?php

namespace Legacy;

class Item
{
    public function price(): int
    {
        return 0;
    }

    use Counts;

    public function total(): int
    {
        return $this->price() + $this->counted();
    }
}
