#include <stdio.h>
#include <geo/point.h>

void log_line(const char *text) {
  fputs(text, stdout);
}
