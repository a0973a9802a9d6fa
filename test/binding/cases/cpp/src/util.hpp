#pragma once

namespace util {
/// Twice a value.
int twice(int v);
}
