#include <stdlib.h>
#include <geo/config.h>

GEO_NORETURN geo_fail(geo_int code);

geo_int geo_twice(geo_int x) {
  return x * 2;
}

char geo_separator(void) {
  return GEO_SEP;
}

GEO_NORETURN geo_fail(geo_int code) {
  exit((int)code);
}

void geo_format(char *out, int n) {
  geo_sprintf(out, 16, "%d", n);
}
