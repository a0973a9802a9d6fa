#include <geo/point.h>

void log_line(const char *text) {
  (void)text;
}
