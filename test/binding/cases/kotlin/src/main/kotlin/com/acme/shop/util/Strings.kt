package com.acme.shop.util

/** Masks all but the last characters. */
fun String.masked(visible: Int = 4): String = "*".repeat(length - visible) + takeLast(visible)

fun pad(text: String, width: Int): String = text.padStart(width)

object Formats {
    fun money(cents: Long): String = pad(cents.toString(), 8)
}
