package com.acme.shop.util;

import com.acme.shop.util.Shape.*;

/** Walks shapes. */
final class Walker {
  double size(Circle circle) {
    return circle.radius * 2;
  }
}
