/**
 * The web-tree-sitter runtime: initialised once per process, grammars loaded from any reasonable input, parsing
 * with a time limit, and syntax-error collection. Nothing here knows about languages or files.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { Language, type Node, Parser, Query, type QueryMatch, type Range, type Tree, type TreeCursor } from 'web-tree-sitter';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { SyntaxErrorInfo } from '../types.js';

export type { Language, Node, Parser, Query, QueryMatch, Range, Tree, TreeCursor };

let initPromise: Promise<void> | undefined;

/** The object web-tree-sitter's Emscripten module is built on (its memory and exports; see `matches.ts`). */
const emscripten: Record<string, unknown> = {};

/** web-tree-sitter's WASM module, once initialised (private ABI: only `matches.ts` reads it). */
export function wasmModule(): Record<string, unknown> | undefined {
  return initPromise && 'HEAP32' in emscripten ? emscripten : undefined;
}

/** Initialises web-tree-sitter's WASM module once; later calls return the same promise. */
export function initRuntime(): Promise<void> {
  initPromise ??= Parser.init(emscripten as Parameters<typeof Parser.init>[0]).catch((error: unknown) => {
    initPromise = undefined;
    throw error;
  });
  return initPromise;
}

/**
 * Bytes or a location of a tree-sitter grammar `.wasm` file; a file whose name ends in `.br` is Brotli-compressed
 * (as code-index ships its grammars: 71 MB of `.wasm` in 4 MB).
 */
export type WasmInput = string | URL | Uint8Array | ArrayBuffer;

const unbrotli = promisify(brotliDecompress);

/** A grammar file's bytes, decompressed when its name ends in `.br`. */
async function readGrammarFile(path: string): Promise<Uint8Array> {
  const bytes = await readFile(path);
  // Off the main thread, in 1 MB pieces: the default 16 kB pieces made the largest grammars (5 MB) 3x slower to inflate.
  return path.endsWith('.br') ? unbrotli(bytes, { chunkSize: 1 << 20 }) : bytes;
}

/**
 * Grammars loaded from files, shared by every registry of the process. web-tree-sitter cannot unload a grammar
 * (loading tree-sitter-typescript.wasm 30 times grew RSS from 54 to 98 MB), and a Language is immutable, so one
 * load per file is both safe and the only way to keep memory flat across many indexes.
 */
const grammarsByPath = new Map<string, Promise<Language>>();

/**
 * Loads a grammar from a file path, a `file:` URL (either may name a Brotli-compressed `.wasm.br`), or bytes. Files
 * are loaded once per process.
 */
export async function loadGrammar(input: WasmInput): Promise<Language> {
  await initRuntime();
  if (typeof input === 'string' || input instanceof URL) {
    const path = typeof input === 'string' ? input : fileURLToPath(input);
    let pending = grammarsByPath.get(path);
    if (!pending) {
      pending = readGrammarFile(path).then((bytes) => Language.load(bytes));
      pending.catch(() => grammarsByPath.delete(path));
      grammarsByPath.set(path, pending);
    }
    return pending;
  }
  return Language.load(input instanceof Uint8Array ? input : new Uint8Array(input));
}

const sharedQueries = new WeakMap<Language, Map<string, Query>>();

/**
 * Compiles a query. Queries over a grammar loaded from a file are compiled once per process and shared (the
 * TypeScript query takes about 150 ms to compile: measured, it was most of the cost of opening an index);
 * `shared` says whether the caller may delete the result.
 */
export function compileQuery(language: Language, source: string, shareable: boolean): { query: Query; shared: boolean } {
  if (!shareable) return { query: new Query(language, source), shared: false };
  let byText = sharedQueries.get(language);
  if (!byText) {
    byText = new Map();
    sharedQueries.set(language, byText);
  }
  let query = byText.get(source);
  if (!query) {
    query = new Query(language, source);
    byText.set(source, query);
  }
  return { query, shared: true };
}

/**
 * Moves the patterns of a compiled query that capture one of `captures` into a query of their own (compiled from
 * their text, shared as {@link compileQuery} shares, so deleted when `query` is), and disables them in `query`: a pass of a few patterns that
 * must run before the others. `needsErrors`: every moved pattern names an `ERROR` or `MISSING` node, so none can
 * match a tree without syntax errors. Undefined when no pattern captures them.
 */
export function splitQuery(
  language: Language,
  query: Query,
  source: string,
  captures: readonly string[],
  shareable: boolean,
): { query: Query; needsErrors: boolean } | undefined {
  const wanted = query.captureNames.flatMap((name, index) => (captures.includes(name) ? [index] : []));
  if (wanted.length === 0) return undefined;
  const bytes = Buffer.from(source, 'utf8');
  const texts: string[] = [];
  query.captureQuantifiers.forEach((quantifiers, pattern) => {
    // A quantifier of 0 (`Zero`): the capture is not in the pattern.
    if (!wanted.some((index) => (quantifiers[index] ?? 0) !== 0)) return;
    texts.push(bytes.subarray(query.startIndexForPattern(pattern), query.endIndexForPattern(pattern)).toString('utf8'));
    query.disablePattern(pattern);
  });
  const { query: moved } = compileQuery(language, texts.join('\n'), shareable);
  return { query: moved, needsErrors: texts.every((text) => /\((ERROR|MISSING)\b/.test(text)) };
}

/** Creates a parser for one language. The caller owns it and must `delete()` it. */
export function createParser(language: Language): Parser {
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

/** Parsers whose last parse was cut short (see {@link parseText}). */
const cutShort = new WeakSet<Parser>();

/**
 * Parses `text`, giving up after `timeoutMs` milliseconds. `oldTree`: a tree of the same text and language parsed
 * with other included ranges, whose subtrees outside the ranges' differences are reused (a parse again without a few
 * tokens costs an eighth of a full parse).
 *
 * @throws CodeIndexError `TS_PARSE_TIMEOUT` when the time limit is hit.
 */
export function parseText(
  parser: Parser,
  text: string,
  timeoutMs: number,
  details: Record<string, unknown>,
  includedRanges?: Range[],
  oldTree?: Tree,
): Tree {
  // A parse cut short left the parser's state to resume from: dropped before another text is parsed.
  if (cutShort.delete(parser)) parser.reset();
  const started = performance.now();
  // web-tree-sitter types the callback as returning void, but it cancels the parse when the callback returns true.
  const cancelAfterTimeout = (() => performance.now() - started > timeoutMs) as () => void;
  const tree = parser.parse(text, oldTree ?? null, {
    progressCallback: cancelAfterTimeout,
    ...(includedRanges ? { includedRanges } : {}),
  });
  if (!tree) {
    // Reset before the parser's next parse, not now: freeing the state of a large parse cut short (0.3 s for 2 MB of
    // nested Markdown) is no part of the answer, and a thread that stops after the job never pays it.
    cutShort.add(parser);
    throw new CodeIndexError(ErrorCode.TS_PARSE_TIMEOUT, `Parsing timed out after ${timeoutMs}ms`, {
      ...details,
      timeout_ms: timeoutMs,
      suggestion: 'File may be too large for tree-sitter parsing; raise parseTimeoutMs or skip the file',
    });
  }
  return tree;
}

/**
 * How deep in a tree a query match may start. The deepest real file measured (typescript.js, 9 MB) is 66 levels
 * deep, every corpus of `npm run check:languages` at most 40; past 65,535 levels tree-sitter's query cursor
 * overflows its depth counters (on 20,000 nested arrow functions, 80,000 levels: every pattern took 3 s and the
 * matches stopped at 16,385), and a pattern left open across a deep body costs time in proportion to the depth.
 * Below this depth the cursor does not descend at all (no match can start there): a file deeper than this has a
 * warning ({@link deeperThan}).
 */
export const MAX_QUERY_DEPTH = 4096;

/**
 * True when the tree has a node `limit` levels below `root`. Only subtrees large enough to be that deep are
 * entered (a node at depth d can only lead to depth `limit` when it has at least `limit - d + 1` nodes), so this
 * visits a handful of nodes for ordinary files and one path for a deeply nested one.
 */
export function deeperThan(root: Node, limit: number): boolean {
  if (root.descendantCount <= limit) return false;
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      if (depth >= limit) return true;
      // Enter this node's children only when its subtree is large enough to reach the limit.
      if (cursor.currentNode.descendantCount > limit - depth && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return false;
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** The most syntax errors listed per file; the count is always exact. */
export const MAX_LISTED_ERRORS = 50;

/** Offsets to 1-based lines and columns (the caller's line index; tree-sitter's rows count only `\n`). */
export type PositionOf = (offset: number) => { line: number; column: number };

const pointPosition = (node: Node, end: boolean) => {
  const point = end ? node.endPosition : node.startPosition;
  return { line: point.row + 1, column: point.column + 1 };
};

/**
 * Collects ERROR and MISSING nodes without recursion (trees can be 10,000 levels deep), descending only into
 * subtrees that contain errors.
 */
export function collectSyntaxErrors(root: Node, position?: PositionOf): { count: number; errors: SyntaxErrorInfo[] } {
  const errors: SyntaxErrorInfo[] = [];
  let count = 0;
  if (!root.hasError) return { count, errors };
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      let isError = false;
      if (node.isMissing || node.type === 'ERROR') {
        isError = true;
        count++;
        if (errors.length < MAX_LISTED_ERRORS) errors.push(describeError(node, position));
      }
      if (!isError && node.hasError && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) continue;
      let climbed = false;
      while (cursor.gotoParent()) {
        if (cursor.gotoNextSibling()) {
          climbed = true;
          break;
        }
      }
      if (!climbed) break;
    }
  } finally {
    cursor.delete();
  }
  return { count, errors };
}

function describeError(node: Node, position?: PositionOf): SyntaxErrorInfo {
  const start = position ? position(node.startIndex) : pointPosition(node, false);
  const end = position ? position(node.endIndex) : pointPosition(node, true);
  const place = { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  if (node.isMissing) return { ...place, message: `Missing ${JSON.stringify(node.type)}` };
  const first = firstLeaf(node);
  const token = first.text.length > 40 ? `${first.text.slice(0, 40)}…` : first.text;
  return { ...place, message: token ? `Unexpected ${JSON.stringify(token)}` : 'Unexpected input' };
}

function firstLeaf(node: Node): Node {
  let current = node;
  while (current.childCount > 0) {
    const child = current.child(0);
    if (!child) break;
    current = child;
  }
  return current;
}

/** A leaf of a tree (a node without children) with text, as a walk over the tree meets it. */
export interface Leaf {
  text: string;
  row: number;
  /** Column of its start (the tree's units). */
  column: number;
  /** End (in index units) of its parent node (of itself, when it is the root): what a region it opens spans. */
  regionEnd: number;
  start: number;
}

/**
 * The leaves of a tree found where they start: {@link LeafWalk.seek} goes down to the leaf that starts at an offset,
 * {@link LeafWalk.next} on from there leaf by leaf, meeting exactly what a walk over every leaf meets at those places (comments and strings are one leaf each; leaves without text are passed). A seek
 * is one descent inside web-tree-sitter, whatever lies before the offset: a few offsets of a large file cost a few
 * descents, where a walk over its leaves asks WASM for every node. (web-tree-sitter 0.25's
 * `TreeCursor.gotoFirstChildForIndex` moves to the first child whatever the offset, and reports failure.)
 */
export class LeafWalk {
  readonly #root: Node;
  readonly #text: string;
  /** The node the walk is at (the leaf found last). */
  #node: Node | undefined;
  /** The span of the last leaf a seek met. */
  #inside: { start: number; end: number } | undefined;

  /** A walk over `root`'s tree, whose text is `text` (the text it was parsed from). */
  constructor(root: Node, text: string) {
    this.#root = root;
    this.#text = text;
  }

  /** The leaf with text that starts at `offset` (the tree's units), if there is one; the walk is then at it. */
  seek(offset: number): Leaf | undefined {
    // Inside the last leaf met, no leaf starts (leaves with text never overlap): offsets in one comment or string
    // (a thousand `#` or `@` in it) cost nothing more.
    const inside = this.#inside;
    if (inside && inside.start < offset && offset < inside.end) return undefined;
    // The deepest node holding the first character (an empty node there holds none).
    const node = this.#root.descendantForIndex(offset, offset + 1) ?? undefined;
    this.#node = node;
    if (!node || node.childCount > 0) return undefined;
    const start = node.startIndex;
    const end = node.endIndex;
    if (start <= offset && offset < end) this.#inside = { start, end };
    return start === offset ? this.#leaf(node) : undefined;
  }

  /**
   * The first offset after `offset` (which the walk sought last) where a leaf may start: past the leaf met there, as
   * none starts inside it.
   */
  after(offset: number): number {
    const inside = this.#inside;
    return inside && inside.start <= offset && offset < inside.end ? inside.end : offset + 1;
  }

  /** The leaf with text after the one the walk is at, in document order; undefined past the last. */
  next(): Leaf | undefined {
    let node = this.#node;
    while (node) {
      let sibling = node.nextSibling;
      for (let up: Node | null = node; !sibling && up; ) {
        up = up.parent;
        sibling = up && up.nextSibling;
      }
      if (!sibling) break;
      node = sibling;
      for (let child = node.child(0); child; child = node.child(0)) node = child;
      this.#node = node;
      const leaf = this.#leaf(node);
      if (leaf) return leaf;
    }
    return undefined;
  }

  /** The type of the node the walk is at (the leaf found last). */
  get type(): string {
    return this.#node?.type ?? '';
  }

  /** Whether the node the walk is at is named. */
  get named(): boolean {
    return this.#node?.isNamed ?? false;
  }

  /** A leaf of the node, or undefined when it has no text. */
  #leaf(node: Node): Leaf | undefined {
    // A tree's text is the text it was parsed from (web-tree-sitter reads `Node.text` so).
    const text = this.#text.slice(node.startIndex, node.endIndex);
    return text === '' ? undefined : new NodeLeaf(node, text);
  }
}

/** A leaf as a {@link LeafWalk} finds it: its region's end (its parent's) is asked of the tree when read. */
class NodeLeaf implements Leaf {
  readonly text: string;
  readonly row: number;
  readonly column: number;
  readonly start: number;
  readonly #node: Node;
  #regionEnd: number | undefined;

  constructor(node: Node, text: string) {
    this.#node = node;
    this.text = text;
    this.start = node.startIndex;
    this.row = node.startPosition.row;
    this.column = node.startPosition.column;
  }

  get regionEnd(): number {
    this.#regionEnd ??= (this.#node.parent ?? this.#node).endIndex;
    return this.#regionEnd;
  }
}

/**
 * The bare macro lines of a C-family file, as spans to parse it without: lines holding nothing but an ALL-CAPS
 * identifier (`G_BEGIN_DECLS`, `Q_OBJECT`, `NLOHMANN_JSON_NAMESPACE_BEGIN`) or such an identifier and its
 * parenthesized arguments (`G_DEFINE_TYPE (MyWidget, my_widget, G_TYPE_OBJECT)`, no `;`): macros a grammar cannot
 * expand and that throw the parse of what follows into error recovery. Found from the tree: an identifier leaf
 * starting its line (only the leaves where a line's first character is a capital are looked at). Empty when the file
 * has none.
 */
export function bareMacroCuts(root: Node, text: string): Range[] {
  const lines = text.split(/\r?\n/);
  const cuts: Range[] = [];
  const walk = new LeafWalk(root, text);
  let lineStart = 0;
  for (const line of lines) {
    // Either shape has the identifier first on its line (only blanks before it).
    const first = line.length - line.trimStart().length;
    const code = line.charCodeAt(first);
    const leaf = code >= 65 && code <= 90 ? walk.seek(lineStart + first) : undefined;
    if (leaf && walk.named && /identifier$/.test(walk.type) && /^[A-Z][A-Z0-9_]{2,}$/.test(leaf.text)) {
      const written = line.trimEnd();
      const rest = written.slice(leaf.column + leaf.text.length).trim();
      const alone = line.trim() === leaf.text;
      const call = line.slice(0, leaf.column).trim() === '' && rest.startsWith('(') && rest.endsWith(')');
      if (alone || call) {
        const endColumn = written.length;
        cuts.push({
          startIndex: leaf.start,
          startPosition: { row: leaf.row, column: leaf.column },
          endIndex: leaf.start + (endColumn - leaf.column),
          endPosition: { row: leaf.row, column: endColumn },
        });
      }
    }
    lineStart += line.length + (text.startsWith('\r\n', lineStart + line.length) ? 2 : 1);
  }
  return cuts;
}

/** Bytes of a tree's top level lost to error recovery: a root ERROR, or ERROR nodes among its children. */
export function brokenBytes(root: Node): number {
  if (root.type === 'ERROR') return root.endIndex - root.startIndex;
  // (A tree without errors has no ERROR child: its children are not asked for, one object each.)
  if (!root.hasError) return 0;
  let bytes = 0;
  for (const child of root.children) if (child?.type === 'ERROR') bytes += child.endIndex - child.startIndex;
  return bytes;
}

/**
 * The first top-level statement error recovery could not contain, as a span to parse without: from the first broken
 * child of the root (an ERROR node, or a bare token of a statement the grammar gave up on) to the next complete node
 * that starts a line (the next declaration or its doc comment). Statements start at column 0 in formatted code; a
 * grammar that fails on one construct (tree-sitter-typescript on `<A extends (...a: X) => Y, B>`) otherwise loses
 * everything after it. Undefined when the top level is sound, or when nothing after the break starts a statement.
 */
export function brokenStatement(root: Node): { start: number; end: number } | undefined {
  const children = root.children.filter((child): child is Node => child !== null);
  const broken = children.findIndex((child) => child.type === 'ERROR' || child.isMissing || (!child.isNamed && child.startPosition.column === 0));
  if (broken < 0) return undefined;
  const first = children[broken] as Node;
  for (let i = broken + 1; i < children.length; i++) {
    const child = children[i] as Node;
    if (child.isNamed && child.type !== 'ERROR' && !child.hasError && child.startPosition.column === 0 && child.startIndex > first.startIndex) {
      return { start: first.startIndex - first.startPosition.column, end: child.startIndex };
    }
  }
  return undefined;
}

/**
 * Where the top level broke: descending from the first top-level ERROR node (or from the root, when the root is one)
 * through the first child that holds an error, the deepest ERROR (or MISSING) node reached: where the parse failed,
 * inside a statement that error recovery swallowed whole. Undefined when the top level is sound.
 */
export function innermostError(root: Node): Node | undefined {
  const top = root.type === 'ERROR' ? root : root.children.find((child) => child?.type === 'ERROR');
  if (!top) return undefined;
  let found: Node | undefined = top === root ? undefined : top;
  const cursor = top.walk();
  try {
    for (;;) {
      if (!cursor.gotoFirstChild()) break;
      let descended = false;
      do {
        const node = cursor.currentNode;
        if (node.type === 'ERROR' || node.isMissing) found = node;
        if (node.hasError || node.type === 'ERROR' || node.isMissing) {
          descended = true;
          break;
        }
      } while (cursor.gotoNextSibling());
      if (!descended) break;
    }
  } finally {
    cursor.delete();
  }
  return found;
}

/** Spans of a text (offsets) as ranges, in the tree's own units. */
export function rangesOfSpans(text: string, spans: ReadonlyArray<{ start: number; end: number }>): Range[] {
  const point = (offset: number) => {
    let row = 0;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      row++;
      lineStart = i + 1;
    }
    return { row, column: offset - lineStart };
  };
  return spans.map((span) => ({ startIndex: span.start, endIndex: span.end, startPosition: point(span.start), endPosition: point(span.end) }));
}
