package com.acme.shop.util;

public final class Report {
  public static void print(String text) {
    Log.info(text);
  }
}
