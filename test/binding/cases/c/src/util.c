#include "util.h"

int scale(int v, int by) {
  return v * by;
}

int range_width(range_ref r) {
  return r->hi - r->lo;
}

range_t range_of(int lo, int hi) {
  range_t out = { lo, hi };
  out.hi = out.lo > hi ? out.lo : hi;
  return out;
}

int span_len(span s) {
  return s.len;
}
