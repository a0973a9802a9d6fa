#include <geo/api.h>

int app_run (void) {
  geo_State *L = geo_open(4);
  int n = geo_size(L);
  geo_check(n > 0);
  geo_close(L);
  return n;
}
