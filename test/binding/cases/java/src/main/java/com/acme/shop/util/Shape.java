package com.acme.shop.util;

import static com.acme.shop.util.Log.info;

/** Shapes, as nested classes. */
public abstract class Shape {
  /** A round shape. */
  public static final class Circle extends Shape {
    public double radius;
  }

  static void describe(Circle circle) {
    info("circle of radius " + circle.radius);
  }
}
