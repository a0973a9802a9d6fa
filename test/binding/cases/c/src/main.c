#include <stdio.h>
#include <geo/point.h>
#include "util.h"

static int n = 3;

static int clamp(int v) {
  return v < 0 ? 0 : v;
}

static int total(int n) {
  int sum = 0;
  for (int n = 0; n < 2; n++) sum += n;
  return sum + n;
}

int main(int argc, char **argv) {
  struct point a = { 1, 2 };
  point_t b = { 3, 4 };
  point_t *q = &b;
  struct point c = point_add(a, b);
  int len = point_len(q);
  printf("%d %d %d\n", c.x, q->y, len);
  log_line(argv[0]);
  if (argc > POINT_MAX || SHAPE_CIRCLE == argc) return clamp(scale(n, total(argc)));
  return helper(point_count);
}
