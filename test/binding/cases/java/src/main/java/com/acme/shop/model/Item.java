package com.acme.shop.model;

/** An item for sale. */
public class Item extends Entity {
  /** The most items in one cart. */
  public static final int MAX = 10;

  private final int cents;

  public Item(int cents) {
    this.cents = cents;
  }

  /** The price in cents. */
  public int price() {
    return cents;
  }

  /** An item of a price. */
  public static Item of(int cents) {
    return new Item(cents);
  }

  public Item discounted(int percent) {
    return of(cents * (100 - percent) / 100);
  }

  /** A nested type. */
  public static class Tag {
    public String label() {
      return "tag";
    }
  }
}
