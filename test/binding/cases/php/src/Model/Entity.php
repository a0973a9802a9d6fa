<?php

namespace Acme\Shop\Model;

abstract class Entity
{
    protected int $id = 0;

    /** Persists the entity. */
    public function save(): void
    {
        $this->touch();
    }

    public function touch(): void
    {
    }
}
