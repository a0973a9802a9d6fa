package com.acme.shop.util;

import org.example.render.Table;

public final class Report {
  public static void print(String text) {
    Log.info(text);
  }

  /** Prints a formatted line. */
  public static void print(String format, Object... args) {
    Log.info(String.format(format, args));
  }

  /** Prints a line `times` times. */
  public static void print(String text, int times) {
    for (int i = 0; i < times; i++) Log.info(text);
  }

  static Table table() {
    return null;
  }

  /** Prints a mark. */
  public static void print(char mark) {
    Log.info(String.valueOf(mark));
  }
}
