#ifndef GEO_POINT_H
#define GEO_POINT_H

#define POINT_MAX 1000

/** A point on the plane. */
struct point {
  int x;
  int y;
};

typedef struct point point_t;

enum shape_kind { SHAPE_CIRCLE, SHAPE_SQUARE };

/** How many points were made. */
extern int point_count;

/** Adds two points. */
struct point point_add(struct point a, struct point b);

/** The length of a point's vector, rounded down. */
int point_len(const point_t *p);

/** Writes a line to the log. */
void log_line(const char *text);

#endif
