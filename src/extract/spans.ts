/**
 * What encloses what, from spans alone: one sort and one sweep, instead of climbing `Node.parent` (which
 * tree-sitter answers by descending from the root, so climbing it per node is quadratic on flat files and cubic on
 * deep ones). Tree nodes form a laminar family (any two are nested or disjoint), which the sweep relies on.
 *
 * @module
 */

/** A span in UTF-16 offsets, with the id of its node when it has one. */
export interface Span {
  start: number;
  end: number;
  id?: number;
}

function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/**
 * For each item, the innermost container holding it (`undefined` when none does). A container holds an item with
 * the same span, unless it is the item's own node (same `id`); among containers with the same span, the one with the
 * lower `rank` is the outer one (then the one listed first).
 */
export function innermost<C extends Span, I extends Span>(
  containers: readonly C[],
  items: readonly I[],
  rank: (container: C) => number = () => 0,
): Array<C | undefined> {
  type Event = { span: Span; container?: C; item?: number; rank: number; order: number };
  const events: Event[] = [];
  containers.forEach((container, order) => events.push({ span: container, container, rank: rank(container), order }));
  items.forEach((item, index) => events.push({ span: item, item: index, rank: 0, order: index }));
  events.sort(
    (a, b) =>
      a.span.start - b.span.start ||
      b.span.end - a.span.end ||
      // Containers before items of the same span, then outer (lower rank) containers first.
      Number(a.item !== undefined) - Number(b.item !== undefined) ||
      a.rank - b.rank ||
      a.order - b.order,
  );
  const result: Array<C | undefined> = new Array(items.length);
  const stack: C[] = [];
  for (const event of events) {
    while (stack.length > 0 && !contains(stack[stack.length - 1] as C, event.span)) stack.pop();
    if (event.item !== undefined) {
      const top = stack[stack.length - 1];
      const own = top !== undefined && top.id !== undefined && top.id === event.span.id;
      result[event.item] = own ? stack[stack.length - 2] : top;
    }
    else if (event.container) stack.push(event.container);
  }
  return result;
}

/** For each span of a laminar list, the innermost other span holding it (its parent among them). */
export function parents<C extends Span>(spans: readonly C[], rank: (span: C) => number = () => 0): Array<C | undefined> {
  const order = spans.map((span, index) => ({ span, index }));
  order.sort(
    (a, b) => a.span.start - b.span.start || b.span.end - a.span.end || rank(a.span) - rank(b.span) || a.index - b.index,
  );
  const result: Array<C | undefined> = new Array(spans.length);
  const stack: C[] = [];
  for (const { span, index } of order) {
    while (stack.length > 0 && !contains(stack[stack.length - 1] as C, span)) stack.pop();
    result[index] = stack[stack.length - 1];
    stack.push(span);
  }
  return result;
}
