<?php

namespace Acme\Shop\Util;

function pad(string $text, int $width): string
{
    return str_pad($text, $width);
}

class Strings
{
    public static function upper(string $text): string
    {
        return strtoupper($text);
    }
}
