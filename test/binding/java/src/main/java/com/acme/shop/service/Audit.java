package com.acme.shop.service;

import com.acme.shop.util.*;

/** Keeps an audit trail. */
public final class Audit {
  private final Table table = new Table();

  public void record(String what) {
    Report.print(what, 2);
    Report.print("%s and %s", what, table.rows());
    Report.print(what);
    Report.print('-');
  }
}
