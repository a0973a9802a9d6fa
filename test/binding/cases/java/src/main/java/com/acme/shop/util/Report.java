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

  /** Prints a node. */
  public static void print(Node node) {
    Log.info(node.toString());
  }

  /** Prints every node. */
  public static void print(java.util.List<? extends Node> nodes) {
    for (Node node : nodes) print(node);
  }

  /** Prints a count. */
  public static void print(long count) {
    Log.info(Long.toString(count));
  }

  /** Prints a type's name. */
  public static void print(Class<?> type) {
    Log.info(type.getName());
  }

  /** Logs a line. */
  public static void trace(String line) {
    Log.info(line);
  }

  /** Logs a line made only when it is logged. */
  public static void trace(java.util.function.Supplier<String> line) {
    Log.info(line.get());
  }
}
