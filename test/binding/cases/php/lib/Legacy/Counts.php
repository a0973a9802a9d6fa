<?php

namespace Legacy;

trait Counts
{
    public function counted(): int
    {
        return 1;
    }
}
