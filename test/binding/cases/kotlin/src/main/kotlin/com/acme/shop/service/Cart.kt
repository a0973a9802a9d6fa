package com.acme.shop.service

import com.acme.shop.model.Item
import com.acme.shop.model.Currency as Money
import com.acme.shop.model.Entity
import com.acme.shop.util.*

class Cart(private val owner: String) : Entity() {
    private val items = mutableListOf<Item>()
    var count = 0

    fun add(item: Item, count: Int) {
        val total = this.count + count
        this.count = total
        for (i in 0 until count) items.add(item)
        save()
    }

    fun total(currency: Money): String {
        val first: Item = Item.of("a", 1)
        val second = Item("b", 2)
        val sum = Pricing.sum(first, second) + first.price() + second.discounted(10).price()
        items.forEach { line -> println(line.price()) }
        return Formats.money(sum) + currency.symbol + Money.EUR.label() + owner.masked() + pad(owner, Item.MAX)
    }

    fun shipped(): Long = items.first().price()
}
