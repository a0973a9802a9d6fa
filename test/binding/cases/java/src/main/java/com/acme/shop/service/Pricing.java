package com.acme.shop.service;

import com.acme.shop.model.Item;

/** Pricing rules of the service package. */
class Pricing {
  /** The total of two items. */
  static int total(Item a, Item b) {
    return a.price() + b.price();
  }
}
