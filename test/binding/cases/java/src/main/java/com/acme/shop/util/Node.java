package com.acme.shop.util;

/** A tree of nodes. */
public abstract class Node {
  /** What a node is. */
  public abstract static class Expr extends Node {
    public int tag() {
      return 0;
    }
  }

  /** Two operands. */
  public static class Binary extends Expr {
    public Expr left;
  }

  static int tagOf(Binary b) {
    return b.tag() + b.left.tag();
  }
}
