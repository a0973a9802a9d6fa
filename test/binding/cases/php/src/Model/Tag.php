<?php

namespace Acme\Shop\Model;

class Tag
{
    public function label(): string
    {
        return 'tag';
    }
}
