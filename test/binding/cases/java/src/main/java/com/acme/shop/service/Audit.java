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

  public void walk(Node.Binary tree, java.util.ArrayList<Node> nodes, int count) {
    Report.print(tree.left);
    Report.print(nodes);
    Report.print(count);
    Report.print(Audit.class);
    Report.print(new Node.Binary());
    Report.print(tree.tag());
    Report.trace(() -> "walked " + count);
    Report.trace(this::toString);
  }
}
