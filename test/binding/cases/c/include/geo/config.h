#ifndef GEO_CONFIG_H
#define GEO_CONFIG_H

#include <limits.h>

/* An integer of at least 32 bits: the build's own type, else int where it is wide enough. */
#if defined(GEO_INT_TYPE)
typedef GEO_INT_TYPE geo_int;
#elif INT_MAX >= 2147483647
typedef int geo_int;
#else
typedef long geo_int;
#endif

#if defined(__GNUC__)
#define GEO_NORETURN void __attribute__((noreturn))
#elif defined(_MSC_VER) && _MSC_VER >= 1200
#define GEO_NORETURN void __declspec(noreturn)
#else
#define GEO_NORETURN void
#endif

#ifdef _WIN32
#define GEO_SEP '\\'
#else
#define GEO_SEP '/'
#endif

/* Windows builds are C89; elsewhere the build may say so too. */
#if defined(GEO_USE_WINDOWS)
#define GEO_USE_C89
#endif

#if !defined(GEO_USE_C89)
#define geo_sprintf(s, sz, f, i) snprintf(s, sz, f, i)
#else
#define geo_sprintf(s, sz, f, i) ((void)(sz), sprintf(s, f, i))
#endif

#endif
