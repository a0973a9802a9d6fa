package com.acme.shop.util;

public final class Strings {
  private Strings() {}

  /** Pads a text to a width. */
  public static String pad(String text, int width) {
    return text;
  }

  public static String pad(String text) {
    return pad(text, 8);
  }
}
