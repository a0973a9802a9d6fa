#ifndef GEO_API_H
#define GEO_API_H

#if defined(GEO_BUILD_AS_DLL)
#define GEO_API __declspec(dllexport)
#else
#define GEO_API extern
#endif

#if defined(GEO_DEBUG)
#define geo_check(c) assert(c)
#else
#define geo_check(c) ((void)0)
#endif

typedef struct geo_State geo_State;

/** Opens a state of `size` slots. */
GEO_API geo_State *(geo_open) (int size);
/** Closes a state. */
GEO_API void geo_close (geo_State *L);
/** The number of slots. */
GEO_API int (geo_size) (geo_State *L);

#endif
