/**
 * Query matches read straight from web-tree-sitter's WASM memory. `Query.matches` builds a match object, a captures
 * array, a capture object and a `Node` for every capture (1.1 million of them over effect's 361 TypeScript files),
 * which extraction then sorts again. Read here, the lone name uses (a third of the captures) get no `Node` at all,
 * and a captured node asks WASM for its end and type once. Profiled on effect: reading the matches took 0.39 s of
 * JavaScript against 0.68 s, and nodes' end lookups 0.12 s against 0.27 s.
 *
 * This reads web-tree-sitter's private ABI (the layout `Query.matches` itself reads). Each thread compares it with
 * `Query.matches` over the first lines of its first tree. Every query goes through `Query.matches` instead on any
 * difference, or when the module does not have the shape this expects: another version of web-tree-sitter, or a host
 * that initialised web-tree-sitter before this package did (its module is then not the object this one gave).
 *
 * @module
 */
import type { Node, Query, QueryCapture, QueryMatch, Tree } from 'web-tree-sitter';
import { wasmModule } from './tree-sitter.js';

/** One match of a query: its pattern, captures by name (without `_` ones) and `#set!` properties. */
export interface Match {
  patternIndex: number;
  captures: Map<string, Node[]>;
  properties: Readonly<Record<string, string>>;
}

/** Where a name is written: what extraction reads of a name node (a `Node` is one). */
export interface NameSpan {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly text: string;
  readonly type: string;
}

/** Where and how a query runs (`Query.matches`' options that extraction uses). */
export interface MatchOptions {
  startPosition?: { row: number; column: number };
  endPosition?: { row: number; column: number };
  maxStartDepth: number;
  /** Asked as the query cursor goes: true cancels the query. */
  progressCallback: () => boolean;
}

/** What is done with the matches, one at a time. */
export interface MatchVisitor {
  /** The capture that, alone in a match, is handed over as a {@link NameSpan} to `name` (`local.reference`). */
  readonly lone: string;
  name(span: NameSpan): void;
  match(match: Match): void;
  /**
   * A match found before (the runs of a large file overlap): told by its pattern and captured nodes. Absent: every
   * match is new.
   */
  seen?: Set<string | number>;
}

/** The Emscripten module's exports read here (web-tree-sitter 0.25's). */
interface WasmModule {
  HEAP32: Int32Array;
  currentQueryProgressCallback: unknown;
  _ts_init(): number;
  _ts_query_matches_wasm(...args: number[]): void;
  _ts_node_end_index_wasm(tree: number): number;
  _ts_node_symbol_wasm(tree: number): number;
  _free(address: number): void;
}

/** Handles web-tree-sitter keeps in slot 0 of its objects (the address of the WASM object). */
type Handle = { 0: number };

/** The fields of a web-tree-sitter `Node`. */
interface NodeFields {
  0: number;
  _children: unknown;
  _namedChildren: unknown;
  id: number;
  tree: Tree;
  startIndex: number;
  startPosition: { row: number; column: number };
  /** The end, once asked (-1 before): a `Node` asks WASM each time. */
  _end: number;
  /** The type, once asked. */
  _type: string | undefined;
}

const capturedPrototypes = new WeakMap<object, object>();

/**
 * A `Node` prototype whose end and type are read from WASM once per node: extraction asks a captured node's end and
 * text (which reads the end) several times. A tree is never edited while it is read, so they cannot change.
 */
function capturedPrototype(base: object): object {
  let prototype = capturedPrototypes.get(base);
  if (!prototype) {
    const getter = (name: string) => {
      for (let at: object | null = base; at; at = Object.getPrototypeOf(at) as object | null) {
        const get = Object.getOwnPropertyDescriptor(at, name)?.get;
        if (get) return get as (this: unknown) => unknown;
      }
      throw new Error(`web-tree-sitter's Node has no ${name}`);
    };
    const endIndex = getter('endIndex');
    const type = getter('type');
    prototype = Object.create(base, {
      endIndex: {
        get(this: NodeFields): number {
          if (this._end < 0) this._end = endIndex.call(this) as number;
          return this._end;
        },
      },
      type: {
        get(this: NodeFields): string {
          this._type ??= type.call(this) as string;
          return this._type;
        },
      },
    }) as object;
    capturedPrototypes.set(base, prototype);
  }
  return prototype;
}

/** web-tree-sitter's own pieces of a query: its predicates on text, run per match. */
type TextPredicate = (captures: QueryCapture[]) => boolean;

const INTS_PER_NODE = 5;

/** Per query: its capture names, `#set!` properties (one record per pattern, shared by its matches) and text predicates. */
interface QueryLayout {
  names: string[];
  /** Capture index by name. */
  indexOf: Map<string, number>;
  /** Per capture index: a `_` capture, which matches leave out. */
  hidden: boolean[];
  properties: Array<Readonly<Record<string, string>>>;
  predicates: TextPredicate[][];
}

const layouts = new WeakMap<Query, QueryLayout>();

function layoutOf(query: Query): QueryLayout {
  let layout = layouts.get(query);
  if (!layout) {
    const properties = query.setProperties.map((set) => {
      const record: Record<string, string> = {};
      for (const [key, value] of Object.entries(set ?? {})) if (value != null) record[key] = value;
      return Object.freeze(record);
    });
    const predicates = (query as unknown as { textPredicates?: TextPredicate[][] }).textPredicates ?? [];
    const names = query.captureNames;
    layout = { names, indexOf: new Map(names.map((name, index) => [name, index])), hidden: names.map((name) => name.startsWith('_')), properties, predicates };
    layouts.set(query, layout);
  }
  return layout;
}

/**
 * The key of a match of one capture in `MatchVisitor.seen` (most matches: the uses of names): a number, cheaper to
 * make and look up than the text key of other matches. Undefined past the numbers' range (2,048 patterns, 1,024
 * capture names). Both ways of reading matches key a match alike.
 */
function oneCaptureKey(patternIndex: number, nameIndex: number, id: number): number | undefined {
  return patternIndex < 2048 && nameIndex < 1024 ? (patternIndex * 1024 + nameIndex) * 0x100000000 + (id >>> 0) : undefined;
}

/** Lines of the first tree over which both ways of reading matches are compared. */
const CHECKED_ROWS = 200;
/**
 * Characters of the first tree over which they are compared, at most: a minified file's first 200 lines may be all of
 * it (comparing both ways over a 5 MB one-line file took more time than its analysis).
 */
const CHECKED_CHARACTERS = 16 * 1024;

type Point = { row: number; column: number };
const before = (a: Point, b: Point) => a.row < b.row || (a.row === b.row && a.column < b.column);

/** Where the first tree's check ends: `CHECKED_ROWS` lines or `CHECKED_CHARACTERS` after `from`, or `end` if sooner. */
function checkedEnd(root: Node, from: Point, end: Point | undefined): Point {
  let until = { row: from.row + CHECKED_ROWS, column: 0 };
  const fromIndex = from.row === 0 && from.column === 0 ? root.startIndex : (root.descendantForPosition(from)?.startIndex ?? root.startIndex);
  if (fromIndex + CHECKED_CHARACTERS < root.endIndex) {
    // The end of the deepest node there (a token, mostly): the check stops just past that many characters.
    const far = root.descendantForIndex(fromIndex + CHECKED_CHARACTERS)?.endPosition;
    if (far && before(far, until)) until = far;
  }
  return end && before(end, until) ? end : until;
}

/** Whether matches are read from WASM memory: unknown until the first tree, then kept for the process. */
let direct: boolean | undefined;
let transfer = 0;

function directModule(): WasmModule | undefined {
  if (direct === false) return undefined;
  const module = wasmModule() as Partial<WasmModule> | undefined;
  if (
    !module ||
    !(module.HEAP32 instanceof Int32Array) ||
    typeof module._ts_init !== 'function' ||
    typeof module._ts_query_matches_wasm !== 'function' ||
    typeof module._ts_node_end_index_wasm !== 'function' ||
    typeof module._ts_node_symbol_wasm !== 'function' ||
    typeof module._free !== 'function'
  ) {
    direct = false;
    return undefined;
  }
  // The transfer buffer's address (`ts_init` only writes the ABI versions into it).
  if (transfer === 0) transfer = module._ts_init();
  return module as WasmModule;
}

/**
 * Runs the query over `root` and hands each match to the visitor, in `Query.matches`' order and with its text
 * predicates applied. Throws what the visitor throws (the WASM memory is freed first).
 */
export function visitMatches(query: Query, root: Node, options: MatchOptions, visitor: MatchVisitor): void {
  const module = directModule();
  if (!module) return viaQueryMatches(query, root, options, visitor);
  if (direct === undefined) {
    // The first tree of the process: both ways, compared over its first lines (a thread's first file may be large).
    const from = options.startPosition ?? { row: 0, column: 0 };
    const checked = { ...options, startPosition: from, endPosition: checkedEnd(root, from, options.endPosition) };
    const expected = recordMatches(query, root, checked, visitor.lone, 'objects');
    let actual: string[] = [];
    try {
      actual = recordMatches(query, root, checked, visitor.lone, 'direct');
    } catch {
      // Not the layout this reads (another web-tree-sitter): `Query.matches` from now on.
      actual = [''];
    }
    // A tree without matches proves nothing: the next one is checked.
    if (expected.length > 0 || actual.length > 0) direct = actual.length === expected.length && actual.every((key, i) => key === expected[i]);
    if (!direct) return viaQueryMatches(query, root, options, visitor);
  }
  readDirect(module, query, root, options, visitor);
}

/** Whether matches are read from WASM memory: undefined until a tree with matches has been checked. */
export function readsMatchesDirectly(): boolean | undefined {
  return direct;
}

/**
 * Every match, written down (pattern, captures, where their nodes are, their properties), read one way: from WASM
 * memory or through `Query.matches`' objects. The first tree's check compares them, and so do the tests.
 */
export function recordMatches(query: Query, root: Node, options: MatchOptions, lone: string, way: 'direct' | 'objects'): string[] {
  const keys: string[] = [];
  const visitor: MatchVisitor = {
    lone,
    name: (span) => keys.push(`${lone}=${span.startIndex}-${span.endIndex}:${span.type}:${span.text}`),
    match: (match) => {
      const captures = [...match.captures].map(([name, nodes]) => `${name}=${nodes.map((node) => `${node.id}@${node.startIndex}-${node.endIndex}:${node.type}`).join('+')}`);
      keys.push(`${match.patternIndex}:${captures.join(',')}:${JSON.stringify(match.properties)}`);
    },
  };
  const module = way === 'direct' ? directModule() : undefined;
  if (way === 'direct' && !module) throw new Error('web-tree-sitter has no module to read matches from');
  if (module) readDirect(module, query, root, options, visitor);
  else viaQueryMatches(query, root, options, visitor);
  return keys;
}

function viaQueryMatches(query: Query, root: Node, options: MatchOptions, visitor: MatchVisitor): void {
  const { properties, indexOf } = layoutOf(query);
  // web-tree-sitter types the callback as returning void, but it cancels the query when the callback returns true.
  const matches = query.matches(root, { ...options, progressCallback: options.progressCallback as () => void });
  const seen = visitor.seen;
  for (const match of matches) {
    if (seen && match.captures.length > 0) {
      // (Written as `readDirect` writes it: one run of a file may go one way and the next the other.)
      const only = match.captures.length === 1 ? match.captures[0] : undefined;
      let key: string | number | undefined = only && oneCaptureKey(match.patternIndex, indexOf.get(only.name) as number, only.node.id);
      if (key === undefined) {
        key = `${match.patternIndex}:`;
        for (const capture of match.captures) key += `${capture.name}=${capture.node.id},`;
      }
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const lone = match.captures.length === 1 ? match.captures[0] : undefined;
    if (lone && lone.name === visitor.lone) visitor.name(lone.node);
    else visitor.match(toMatch(match, properties[match.patternIndex] ?? {}));
  }
}

/** A match with its captures by name (without `_` ones). */
function toMatch(match: QueryMatch, properties: Readonly<Record<string, string>>): Match {
  const captures = new Map<string, Node[]>();
  for (const capture of match.captures) {
    if (capture.name.startsWith('_')) continue;
    const list = captures.get(capture.name);
    if (list) {
      if (!list.some((node) => node.id === capture.node.id)) list.push(capture.node);
    } else captures.set(capture.name, [capture.node]);
  }
  return { patternIndex: match.patternIndex, captures, properties };
}

/**
 * `Query.matches` without its objects: `ts_query_matches_wasm` leaves the match count and the address of an array of
 * matches in the transfer buffer; each match is its pattern, its capture count, then per capture the capture's index
 * and the node (id, start index, start row, start column, and the tree's handle of it).
 */
function readDirect(module: WasmModule, query: Query, root: Node, options: MatchOptions, visitor: MatchVisitor): void {
  const { names, hidden, properties, predicates } = layoutOf(query);
  const tree = root.tree;
  const treeHandle = (tree as unknown as Handle)[0];
  const prototype = capturedPrototype(Object.getPrototypeOf(root) as object);
  // A `Node` as web-tree-sitter's own constructor makes it (which only its module may call).
  const node = (id: number, startIndex: number, row: number, column: number, other: number): Node => {
    const made = Object.create(prototype) as NodeFields;
    made[0] = other;
    made._children = undefined;
    made._namedChildren = undefined;
    made.id = id;
    made.tree = tree;
    made.startIndex = startIndex;
    made.startPosition = { row, column };
    made._end = -1;
    made._type = undefined;
    return made as unknown as Node;
  };
  const start = options.startPosition ?? { row: 0, column: 0 };
  const end = options.endPosition ?? { row: 0, column: 0 };
  const base = transfer >> 2;
  putNode(module.HEAP32, base, root);
  module.currentQueryProgressCallback = options.progressCallback;
  let address = 0;
  try {
    module._ts_query_matches_wasm(
      (query as unknown as Handle)[0],
      treeHandle,
      start.row,
      start.column,
      end.row,
      end.column,
      0,
      0,
      0xffffffff,
      options.maxStartDepth,
      0,
    );
    let heap = module.HEAP32;
    const count = heap[base] as number;
    address = heap[base + 1] as number;
    const loneIndex = names.indexOf(visitor.lone);
    const seen = visitor.seen;
    let at = address >> 2;
    for (let i = 0; i < count; i++) {
      heap = module.HEAP32;
      const patternIndex = heap[at] as number;
      const captureCount = heap[at + 1] as number;
      at += 2;
      const first = at;
      at += captureCount * (1 + INTS_PER_NODE);
      if (seen && captureCount > 0) {
        let key: string | number | undefined = captureCount === 1 ? oneCaptureKey(patternIndex, heap[first] as number, heap[first + 1] as number) : undefined;
        if (key === undefined) {
          key = `${patternIndex}:`;
          for (let p = first; p < at; p += 1 + INTS_PER_NODE) key += `${names[heap[p] as number]}=${heap[p + 1]},`;
        }
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const tests = predicates[patternIndex];
      // Text predicates (`#eq?`, `#match?`, `#any-of?`) read the captures as `Query.matches` gives them; their nodes
      // serve the match too.
      let tested: QueryCapture[] | undefined;
      if (tests && tests.length > 0) {
        tested = [];
        for (let p = first; p < at; p += 1 + INTS_PER_NODE) {
          tested.push({ patternIndex, name: names[heap[p] as number] as string, node: node(heap[p + 1] as number, heap[p + 2] as number, heap[p + 3] as number, heap[p + 4] as number, heap[p + 5] as number) });
        }
        const captured = tested;
        if (!tests.every((test) => test(captured))) continue;
        heap = module.HEAP32;
      }
      if (captureCount === 1 && heap[first] === loneIndex) {
        const startIndex = heap[first + 2] as number;
        const row = heap[first + 3] as number;
        const column = heap[first + 4] as number;
        // The node into the transfer buffer, for its end and its type.
        heap.copyWithin(base, first + 1, first + 1 + INTS_PER_NODE);
        const endIndex = module._ts_node_end_index_wasm(treeHandle);
        const type = tree.language.types[module._ts_node_symbol_wasm(treeHandle)] ?? 'ERROR';
        visitor.name({ startIndex, endIndex, type, text: textOf(tree, startIndex, endIndex, row, column) });
        continue;
      }
      const captures = new Map<string, Node[]>();
      for (let p = first, j = 0; p < at; p += 1 + INTS_PER_NODE, j++) {
        const index = heap[p] as number;
        if (hidden[index]) continue;
        const name = names[index] as string;
        const id = heap[p + 1] as number;
        const list = captures.get(name);
        if (list && list.some((known) => known.id === id)) continue;
        const made = tested?.[j]?.node ?? node(id, heap[p + 2] as number, heap[p + 3] as number, heap[p + 4] as number, heap[p + 5] as number);
        if (list) list.push(made);
        else captures.set(name, [made]);
      }
      visitor.match({ patternIndex, captures, properties: properties[patternIndex] ?? {} });
    }
  } finally {
    if (address !== 0) module._free(address);
    module.currentQueryProgressCallback = null;
  }
}

/** Writes a node where web-tree-sitter's functions read it (as its own `marshalNode` does). */
function putNode(heap: Int32Array, at: number, node: Node): void {
  heap[at] = node.id;
  heap[at + 1] = node.startIndex;
  heap[at + 2] = node.startPosition.row;
  heap[at + 3] = node.startPosition.column;
  heap[at + 4] = (node as unknown as Handle)[0];
}

/** A node's text, read through the tree's text callback as `Node.text` reads it. */
function textOf(tree: Tree, startIndex: number, endIndex: number, row: number, column: number): string {
  const read = (tree as unknown as { textCallback: (index: number, position: { row: number; column: number }) => string | undefined }).textCallback;
  const position = { row, column };
  let result = read(startIndex, position);
  if (!result) return '';
  let index = startIndex + result.length;
  while (index < endIndex) {
    const more = read(index, position);
    if (!more) break;
    index += more.length;
    result += more;
  }
  return result.length > endIndex - startIndex ? result.slice(0, endIndex - startIndex) : result;
}
