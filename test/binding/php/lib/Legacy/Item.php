<?php

namespace Legacy;

class Item
{
    public function price(): int
    {
        return 0;
    }
}
