#include "geo/point.h"

int point_count = 0;

static int clamp(int v) {
  return v > POINT_MAX ? POINT_MAX : v;
}

struct point point_add(struct point a, struct point b) {
  struct point sum = { clamp(a.x + b.x), clamp(a.y + b.y) };
  point_count++;
  return sum;
}

int point_len(const point_t *p) {
  int n = p->x * p->x + p->y * p->y;
  int r = 0;
  while (r * r <= n) r++;
  return r - 1;
}

int helper(int v) {
  return v * 2;
}
