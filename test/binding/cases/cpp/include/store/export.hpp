#pragma once

#if defined(STORE_SHARED)
#define STORE_EXPORT __attribute__((visibility("default")))
#else
#define STORE_EXPORT
#endif

#define GUARDED_BY(x)
#define LOCKS_EXCLUDED(x)
