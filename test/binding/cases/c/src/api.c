#include <stdlib.h>
#include <geo/api.h>

struct geo_State {
  int size;
};

GEO_API geo_State *geo_open (int size) {
  geo_State *L = malloc(sizeof(geo_State));
  L->size = size;
  return L;
}

GEO_API void geo_close (geo_State *L) {
  geo_check(L != NULL);
  free(L);
}

GEO_API int geo_size (geo_State *L) {
  return L->size;
}
