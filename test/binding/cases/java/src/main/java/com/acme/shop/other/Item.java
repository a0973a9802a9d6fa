package com.acme.shop.other;

/** A namesake in another package. */
public class Item {
  public int price() {
    return 0;
  }
}
