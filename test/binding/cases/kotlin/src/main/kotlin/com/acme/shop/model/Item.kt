package com.acme.shop.model

/** An item of a catalog. */
open class Item(val sku: String, val cents: Long) {
    /** The price in cents. */
    fun price(): Long = cents

    fun discounted(percent: Int): Item {
        val cents = price() * (100 - percent) / 100
        return of(sku, cents)
    }

    companion object {
        /** The most items in one cart. */
        const val MAX = 50

        /** An item of a price. */
        fun of(sku: String, cents: Long): Item = Item(sku, cents)
    }
}

enum class Currency(val symbol: String) {
    EUR("€"), USD("$");

    fun label(): String = symbol + name
}
