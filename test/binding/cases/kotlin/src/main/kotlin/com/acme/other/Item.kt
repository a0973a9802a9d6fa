package com.acme.other

class Item {
    fun price(): Long = 0
}
