package com.acme.shop.model

abstract class Entity {
    var id: Long = 0

    /** Saves the entity. */
    fun save() {
        touch()
    }

    private fun touch() {}
}
