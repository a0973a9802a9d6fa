package com.acme.shop.model;

/** Currencies the shop takes. */
public enum Currency {
  EUR,
  USD;

  public String symbol() {
    return this == EUR ? "E" : "$";
  }
}
