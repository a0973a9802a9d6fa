#include <shapes/shape.hpp>
#include <cstdio>
#include "util.hpp"

using namespace geo;
using util::twice;

static int count = 0;

int main() {
  Shape s(4);
  Shape *p = new Shape(3);
  geo::Point a{1, 2};
  int total = s.area() + p->area();
  for (int count = 0; count < 2; count++) {
    total += count;
  }
  total += count;
  total += geo::distance(a, a) + distance(a, a);
  total += twice(a.x) + util::twice(a.y);
  std::printf("%d\n", total);
  auto q = Shape(5);
  q.grow(1);
  Square u = Square::unit();
  Color c = Color::Red;
  auto add = [total](int v) { return v + total; };
  total += add(u.side()) + (c == Color::Green ? 1 : 0);
  return q.sides();
}
