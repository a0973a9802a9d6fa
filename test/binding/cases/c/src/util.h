/** Scales a value. */
int scale(int v, int by);

typedef struct range {
  int lo;
  int hi;
} range_t;

typedef struct range *range_ref;

int range_width(range_ref r);

range_t range_of(int lo, int hi);

typedef struct span {
  int len;
} span;

int span_len(span s);
