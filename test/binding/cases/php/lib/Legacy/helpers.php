<?php

namespace Legacy;

/** A new shop. */
function shop(): Shop
{
    return new Shop();
}
