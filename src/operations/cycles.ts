/**
 * Cycles of a directed graph: Tarjan's strongly connected components (iterative: a long call chain does not
 * overflow the stack), and one closed path through a component.
 *
 * @module
 */

/**
 * The strongly connected components of a graph, each as its node ids, in reverse topological order of the
 * condensation (a component is listed before the components that reach it). Linear in nodes plus edges.
 */
export function stronglyConnected(ids: readonly string[], next: (id: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of ids) {
    if (index.has(root)) continue;
    // Each frame: a node and how many of its successors were visited.
    const frames: Array<{ id: string; successors: readonly string[]; at: number }> = [];
    const open = (id: string) => {
      index.set(id, counter);
      low.set(id, counter);
      counter++;
      stack.push(id);
      onStack.add(id);
      frames.push({ id, successors: next(id), at: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      if (frame.at < frame.successors.length) {
        const successor = frame.successors[frame.at++] as string;
        if (!index.has(successor)) open(successor);
        else if (onStack.has(successor)) low.set(frame.id, Math.min(low.get(frame.id) as number, index.get(successor) as number));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id) as number, low.get(frame.id) as number));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        for (;;) {
          const id = stack.pop() as string;
          onStack.delete(id);
          component.push(id);
          if (id === frame.id) break;
        }
        components.push(component.reverse());
      }
    }
  }
  return components;
}

/**
 * The shortest closed path from `start` back to it (`[start, ..., start]`), following `next` (breadth first), or
 * `[start, start]` when it only loops on itself. `next` should stay inside the component of `start`.
 */
export function closedPath(start: string, next: (id: string) => readonly string[]): string[] {
  const from = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head] as string;
    for (const successor of next(id)) {
      if (successor === start) {
        const path = [start];
        for (let at: string | undefined = id; at !== undefined && at !== start; at = from.get(at)) path.splice(1, 0, at);
        path.push(start);
        return path;
      }
      if (from.has(successor)) continue;
      from.set(successor, id);
      queue.push(successor);
    }
  }
  return [start, start];
}
