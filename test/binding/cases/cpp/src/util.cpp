#include "util.hpp"

namespace util {
int twice(int v) { return v * 2; }
}
