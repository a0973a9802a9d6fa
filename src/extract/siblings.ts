/**
 * What stands right before a node among its siblings (comments, decorators, a keyword), and which ancestors wrap it
 * without adding anything but keywords (`export`, `const`, decorators): what doc comments, decorators and export
 * statements attach through.
 *
 * tree-sitter answers `previousSibling` and `parent` by walking from the parent's first child or from the root, so
 * asking them per definition is quadratic on a file of 60,000 functions. Instead one tree cursor visits the targets
 * in document order, moving only forward through each level's children and remembering, per level, the run of
 * comments and decorators it passed: every node is stepped over at most once.
 *
 * @module
 */
import type { Deadline } from '../runtime/deadline.js';
import type { Node, TreeCursor } from '../runtime/tree-sitter.js';

/** A comment or decorator sibling. */
export interface RunItem {
  id: number;
  start: number;
  end: number;
  comment: boolean;
}

/** What comes right before a node (or wrapper) among its siblings. */
export interface Level {
  /** Its span. */
  id: number;
  start: number;
  end: number;
  /** Comments and decorators right before it, in document order (at most the last 64). */
  run: RunItem[];
  /** The sibling right before that run, if any: whether it is a named node, and where it ends. */
  before?: { named: boolean; end: number };
}

/** A node's context: itself and its wrappers, innermost first, each with what precedes it. */
export interface NodeContext {
  /** `levels[0]` is the node; `levels[1..]` are the ancestors wrapping it. */
  levels: Level[];
  /** Depth in the tree (the root is 0): among nodes with the same span, the shallower one holds the deeper. */
  depth: number;
  /** Id of its parent node. */
  parentId?: number;
}

/** Which captured nodes are comments, decorators and bodies. */
export interface SiblingMarks {
  isComment(id: number): boolean;
  isDecorator(id: number): boolean;
  isBody(id: number): boolean;
}

const MAX_RUN = 64;

interface Frame {
  id: number;
  start: number;
  end: number;
  named: boolean;
  run: RunItem[];
  before?: { named: boolean; end: number };
}

function contains(outer: { start: number; end: number }, start: number, end: number): boolean {
  return outer.start <= start && end <= outer.end;
}

/**
 * The context of every target (nodes of `root`'s tree), keyed by node id. Targets need not be sorted or unique.
 */
export function siblingContexts(
  root: Node,
  targets: readonly Node[],
  marks: SiblingMarks,
  deadline: Deadline,
): Map<number, NodeContext> {
  const sorted = [...new Map(targets.map((node) => [node.id, node])).values()].sort(
    (a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex,
  );
  const contexts = new Map<number, NodeContext>();
  const cursor = root.walk();
  const frame = (c: TreeCursor): Frame => ({
    id: c.nodeId,
    start: c.startIndex,
    end: c.endIndex,
    named: c.nodeIsNamed,
    run: [],
  });
  const stack: Frame[] = [frame(cursor)];
  /** Steps the top frame to its next sibling, recording the one it leaves. False at the last sibling. */
  const advance = (): boolean => {
    const top = stack[stack.length - 1] as Frame;
    const comment = marks.isComment(top.id);
    if (comment || marks.isDecorator(top.id)) {
      top.run.push({ id: top.id, start: top.start, end: top.end, comment });
      if (top.run.length > MAX_RUN) top.run.shift();
    } else {
      top.run = [];
      top.before = { named: top.named, end: top.end };
    }
    if (!cursor.gotoNextSibling()) return false;
    top.id = cursor.nodeId;
    top.start = cursor.startIndex;
    top.end = cursor.endIndex;
    top.named = cursor.nodeIsNamed;
    return true;
  };
  try {
    for (const target of sorted) {
      deadline.tick();
      const id = target.id;
      const start = target.startIndex;
      const end = target.endIndex;
      // An ancestor of the current node with the same span (a target listed after its descendant).
      for (let i = stack.length - 1; i > 0; i--) {
        const frameAt = stack[i] as Frame;
        if (frameAt.start !== start || frameAt.end !== end) break;
        if (frameAt.id === id) {
          while (stack.length - 1 > i) {
            cursor.gotoParent();
            stack.pop();
          }
          break;
        }
      }
      let reached = (stack[stack.length - 1] as Frame).id === id;
      // Up until a frame holds the target, stepping forward through siblings on the way.
      while (!reached && stack.length > 1 && !contains(stack[stack.length - 1] as Frame, start, end)) {
        if (contains(stack[stack.length - 2] as Frame, start, end)) {
          let found = false;
          while (advance()) {
            const top = stack[stack.length - 1] as Frame;
            if (contains(top, start, end)) {
              found = true;
              break;
            }
            if (top.start > start) break;
          }
          if (!found) break;
        } else {
          cursor.gotoParent();
          stack.pop();
        }
      }
      // Down to the target.
      reached = (stack[stack.length - 1] as Frame).id === id;
      while (!reached && contains(stack[stack.length - 1] as Frame, start, end)) {
        if (!cursor.gotoFirstChild()) break;
        stack.push(frame(cursor));
        let holds = contains(stack[stack.length - 1] as Frame, start, end);
        while (!holds && advance()) {
          const top = stack[stack.length - 1] as Frame;
          holds = contains(top, start, end);
          if (!holds && top.start > start) break;
        }
        if (!holds) break;
        reached = (stack[stack.length - 1] as Frame).id === id;
      }
      if (!reached) continue;
      contexts.set(id, contextOf(stack, marks));
    }
  } finally {
    cursor.delete();
  }
  return contexts;
}

/** The node on top of the stack and the ancestors wrapping it. */
function contextOf(stack: readonly Frame[], marks: SiblingMarks): NodeContext {
  const levels: Level[] = [];
  const depth = stack.length - 1;
  const parentId = stack[depth - 1]?.id;
  for (let i = depth; i > 0; i--) {
    const frame = stack[i] as Frame;
    levels.push({
      id: frame.id,
      start: frame.start,
      end: frame.end,
      run: [...frame.run],
      ...(frame.before ? { before: frame.before } : {}),
    });
    // The nearest sibling before it that is not a decorator: a named one means the parent adds more than keywords.
    const previous = [...frame.run].reverse().find((item) => item.comment);
    const previousNamed = previous ? true : (frame.before?.named ?? false);
    if (previousNamed) break;
    const parent = stack[i - 1] as Frame;
    if (i - 1 === 0 || marks.isBody(parent.id)) break;
  }
  return { levels, depth, ...(parentId !== undefined ? { parentId } : {}) };
}
