#pragma once
#include <string>

namespace geo {

/// A point of the plane.
struct Point {
  int x;
  int y;
};

/// A shape with sides.
class Shape {
public:
  explicit Shape(int sides);
  /// The area, rounded down.
  int area() const;
  int sides() const { return sides_; }
  void grow(int by);
private:
  int sides_;
};

/// A shape of four equal sides.
class Square : public Shape {
public:
  explicit Square(int side);
  int side() const;
  /// The square of side 1.
  static Square unit();
};

enum class Color { Red, Green };

/// The distance between two points.
int distance(const Point& a, const Point& b);

}  // namespace geo
