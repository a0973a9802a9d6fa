#include "shapes/shape.hpp"

namespace geo {

static int square(int v) { return v * v; }

Shape::Shape(int sides) : sides_(sides) {}

int Shape::area() const {
  int sides = this->sides_;
  return square(sides) + sides_;
}

void Shape::grow(int by) {
  sides_ += by;
  if (by > 1) this->grow(by - 1);
}

int distance(const Point& a, const Point& b) {
  int dx = a.x - b.x;
  return square(dx) + b.y;
}

Square::Square(int side) : Shape(4) { grow(side); }

int Square::side() const { return this->sides() + area(); }

Square Square::unit() { return Square(1); }

}  // namespace geo
