/**
 * The reference for what is found over a tree's leaves: a walk over every leaf with one cursor, and the finders of C's
 * preprocessor regions, bare macro lines, C#'s directive lines and alternative languages' marks written over that
 * walk, as they were before they looked only at the leaves that can matter (`LeafWalk`). Tests compare the two.
 */
import type { AlternativeLanguage } from '../../src/languages/define.js';
import type { Leaf, Node, Range } from '../../src/runtime/tree-sitter.js';

/** Every leaf with text, in order, by one cursor walk over the tree. */
export function everyLeaf(root: Node): Leaf[] {
  const leaves: Leaf[] = [];
  const cursor = root.walk();
  const ends: number[] = [];
  try {
    for (;;) {
      const end = cursor.endIndex;
      if (cursor.gotoFirstChild()) {
        ends.push(end);
        continue;
      }
      const text = cursor.nodeText;
      if (text !== '') {
        const { row, column } = cursor.startPosition;
        leaves.push({ text, row, column, start: cursor.startIndex, regionEnd: ends[ends.length - 1] ?? end });
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return leaves;
        ends.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

function matchesAt(leaves: readonly Leaf[], at: number, sequence: readonly string[]): boolean {
  let i = at;
  for (let s = 0; s < sequence.length; s++) {
    const token = sequence[s] as string;
    if (token === '...') {
      const row = leaves[i - 1]?.row;
      for (let j = i; j < leaves.length && leaves[j]?.row === row; j++) if (matchesAt(leaves, j, sequence.slice(s + 1))) return true;
      return false;
    }
    const leaf = leaves[i];
    if (!leaf || (token !== '*' && leaf.text !== token)) return false;
    i++;
  }
  return true;
}

/** The alternative whose marks come first, outside the regions `ignore` opens, over every leaf. */
export function readMarksOverEveryLeaf(root: Node, alternatives: readonly AlternativeLanguage[], ignore: readonly string[][] = []): { language?: string; guarded: boolean } {
  const marked = alternatives.filter((alternative) => (alternative.marks ?? []).length > 0);
  if (marked.length === 0 && ignore.length === 0) return { guarded: false };
  const leaves = everyLeaf(root);
  let skipUntil = -1;
  let guarded = false;
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i] as Leaf;
    if (leaf.start < skipUntil) continue;
    if (ignore.some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, i, sequence))) {
      skipUntil = leaf.regionEnd;
      guarded = true;
      continue;
    }
    for (const alternative of marked) {
      if ((alternative.marks ?? []).some((sequence) => sequence[0] === leaf.text && matchesAt(leaves, i, sequence))) return { language: alternative.language, guarded };
    }
  }
  return { guarded };
}

const OPENS = new Set(['#if', '#ifdef', '#ifndef']);
const directiveOf = (leaf: Leaf) => (leaf.text.startsWith('#') ? leaf.text.replace(/[ \t]+/g, '') : undefined);

function closing(leaves: readonly Leaf[], from: number): number | undefined {
  let depth = 0;
  for (let j = from; j < leaves.length; j++) {
    const directive = directiveOf(leaves[j] as Leaf);
    if (directive === undefined) continue;
    if (OPENS.has(directive)) depth++;
    else if (directive === '#endif') {
      if (depth === 0) return j;
      depth--;
    }
  }
  return undefined;
}

function span(from: Leaf, through: Leaf): Range {
  return {
    startIndex: from.start,
    startPosition: { row: from.row, column: from.column },
    endIndex: through.start + through.text.length,
    endPosition: { row: through.row, column: through.column + Buffer.byteLength(through.text) },
  };
}

/** The dead regions' cuts, over every leaf. */
export function deadRegionCutsOverEveryLeaf(root: Node, dead: readonly string[][]): Range[] {
  const leaves = everyLeaf(root);
  const cuts: Range[] = [];
  for (let i = 0; i < leaves.length; i++) {
    const opening = leaves[i] as Leaf;
    if (!dead.some((sequence) => sequence[0] === opening.text && matchesAt(leaves, i, sequence))) continue;
    let depth = 0;
    let j = i + 1;
    for (; j < leaves.length; j++) {
      const leaf = leaves[j] as Leaf;
      const directive = directiveOf(leaf);
      if (directive === undefined) continue;
      if (OPENS.has(directive)) depth++;
      else if (depth > 0) {
        if (directive === '#endif') depth--;
      } else if (directive === '#endif') {
        cuts.push(span(opening, leaf));
        i = j;
        break;
      } else if (directive === '#else') {
        const endif = closing(leaves, j + 1);
        if (endif === undefined) return cuts;
        cuts.push(span(opening, leaf), span(leaves[endif] as Leaf, leaves[endif] as Leaf));
        i = j;
        break;
      } else if (directive.startsWith('#elif')) break;
    }
    if (j >= leaves.length) return cuts;
  }
  return cuts;
}

/** The directive lines' cuts (with the lines a backslash continues), over every leaf. */
export function directiveLineCutsOverEveryLeaf(root: Node, text: string, starts: readonly number[]): Range[] {
  const cuts: Range[] = [];
  let lastRow = -1;
  const conditional = /^#(if|ifdef|ifndef|elif\w*|else|endif)$/;
  for (const leaf of everyLeaf(root)) {
    const directive = leaf.row <= lastRow ? undefined : directiveOf(leaf);
    if (directive === undefined || !conditional.test(directive)) continue;
    let last = leaf.row;
    while (last + 1 < starts.length && /\\\r?\n$/.test(text.slice(starts[last], starts[last + 1]))) last++;
    lastRow = last;
    const next = starts[last + 1];
    cuts.push({
      startIndex: starts[leaf.row] ?? leaf.start,
      startPosition: { row: leaf.row, column: 0 },
      endIndex: next ?? root.endIndex,
      endPosition: next === undefined ? root.endPosition : { row: last + 1, column: 0 },
    });
  }
  return cuts;
}

/** The bare macro lines' cuts, over every leaf (every node without children, as a cursor meets it). */
export function bareMacroCutsOverEveryLeaf(root: Node, text: string): Range[] {
  const lines = text.split(/\r?\n/);
  const cuts: Range[] = [];
  const cursor = root.walk();
  const visit = (node: Node) => {
    if (!node.isNamed || !/identifier$/.test(node.type) || !/^[A-Z][A-Z0-9_]{2,}$/.test(node.text)) return;
    const line = lines[node.startPosition.row] ?? '';
    const written = line.trimEnd();
    const rest = written.slice(node.startPosition.column + node.text.length).trim();
    const alone = line.trim() === node.text;
    const call = line.slice(0, node.startPosition.column).trim() === '' && rest.startsWith('(') && rest.endsWith(')');
    if (!alone && !call) return;
    const endColumn = written.length;
    cuts.push({
      startIndex: node.startIndex,
      startPosition: node.startPosition,
      endIndex: node.startIndex + (endColumn - node.startPosition.column),
      endPosition: { row: node.startPosition.row, column: endColumn },
    });
  };
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.childCount === 0) visit(node);
      else if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return cuts;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** C-family sources with what the finders look for, and what throws a grammar into error recovery around it. */
export const LEAF_SOURCES: readonly string[] = [
  [
    '#ifdef __cplusplus',
    'extern "C" {',
    '#endif',
    'G_BEGIN_DECLS',
    'int f(int x);',
    'G_DEFINE_TYPE (MyWidget, my_widget, G_TYPE_OBJECT)',
    '  EXPORT_SYMBOL(f)',
    'static int g(void) { WARN_ON(1); return 0 }',
    'const char *s = "#endif";',
    'const char *t = "#else";',
    '#ifdef __cplusplus',
    '}',
    '#endif',
    'G_END_DECLS',
    '',
  ].join('\n'),
  [
    '#ifndef API_H',
    '#define API_H',
    '#if defined(X) && defined(__cplusplus)',
    'template <typename T> class Box { public: T value; };',
    '#elif __cplusplus',
    'namespace geo { int area(); }',
    '#else',
    'struct box { int value; };',
    '#endif',
    '#ifdef __cplusplus',
    'class Widget : public Base {',
    '#else',
    'struct widget {',
    '#endif',
    '  int size;',
    '};',
    '#ifdef __cplusplus',
    '#ifdef INNER',
    'using namespace std;',
    '#endif',
    '#elif defined(OTHER)',
    'std::string name;',
    '#endif',
    '#endif /* API_H */',
    '',
  ].join('\n'),
  [
    '@interface Store : NSObject',
    '- (void)add:(int)x;',
    '@end',
    'Q_OBJECT',
    '\tQ_PROPERTY(int x READ x)',
    'private: int y;',
    '# if __cplusplus',
    '# endif',
    'NS_ASSUME_NONNULL_BEGIN\r',
    '   LIST_HEAD(items);\r',
    'ABC\u00a0',
    '\u00a0DEF_ALONE',
    'int 😀 = 1; MACRO_TWO(x)',
    '#ifdef __cplusplus',
    'int never_closed;',
    '',
  ].join('\r\n'),
  ['#ifdef __cplusplus', 'int a;', '#ifdef __cplusplus', 'int b;', '#else', 'int c;', '#ifdef __cplusplus', ''].join('\n'),
  ['#if A || \\', '    B \\', '    || C', 'enum E', '#ifndef D', ' : unsigned', '#elif E', '#endif', '{ X };', '#ifdef F \\', '#endif'].join('\r\n'),
];
