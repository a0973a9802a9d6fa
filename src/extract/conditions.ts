/**
 * Preprocessor conditionals: which branch of an `#if` / `#elif` / `#else` chain a definition sits in, and the test
 * that branch is taken under, so that a name defined in several branches of one conditional can be ranked by the
 * branch a build takes (src/languages/c/conditions.ts evaluates the tests). The branches come from the query
 * (`@condition.branch`, queries/c/conditions.scm); a test is read into {@link Condition} data by the language's test
 * patterns (`@test.*`, run over the test alone): what each node of a test is, the language's queries say.
 *
 * @module
 */

import { TEST_CAPTURES } from '../languages/registry.js';
import type { Condition, Definition } from '../model/facts.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Node, Query } from '../runtime/tree-sitter.js';
import { strippedText } from './captures.js';
import { readMatches } from './matching.js';
import type { Match, RawCaptures } from './raw.js';
import { innermost } from './spans.js';

type Branch = RawCaptures['conditions'][number];

/** Deeper tests are not read (`['?']`): a real one is a few operators deep. */
const MAX_DEPTH = 24;

/** The forms a test's nodes are read into, by their capture (see `LoadedLanguage.tests`). */
type Form = (typeof TEST_CAPTURES)[number];

/**
 * The definitions, those that sit in a branch of a conditional given where (`conditional`): a name the file defines
 * more than once (outside function bodies), and any macro (a build defines it only where that branch is taken). Others
 * are returned as they are. An include guard (`#ifndef FOO_H` whose first definition is `#define FOO_H`) is no
 * condition: what it holds is the file's unconditional content. In: the definitions, the branches of the file's
 * conditionals, and the language's test patterns (`tests`: without them, every test is `?`).
 */
export function withConditionals(
  definitions: readonly Definition[],
  allBranches: readonly Branch[],
  tests: Query | undefined,
  deadline: Deadline,
): Definition[] {
  const branches = withoutGuards(allBranches, definitions);
  if (branches.length === 0) return [...definitions];
  const counts = new Map<string, number>();
  for (const def of definitions) if (!def.local) counts.set(def.name, (counts.get(def.name) ?? 0) + 1);
  // The branch each branch follows (an `#elif` or `#else` is the alternative of the branch before it).
  const before = new Map<number, Branch>();
  for (const branch of branches) if (branch.alternative) before.set(branch.alternative.startIndex, branch);
  // The innermost branch whose own part (up to the branch after it) holds each definition: own parts nest, so one
  // sweep finds them all.
  const holders = innermost(
    branches.map((branch) => ({ start: branch.node.startIndex, end: branch.alternative?.startIndex ?? branch.node.endIndex, branch })),
    definitions.map((def) => ({ start: def.start, end: def.end })),
  );
  const testOf = testReader(tests, deadline);
  return definitions.map((def, i) => {
    const inner = holders[i]?.branch;
    if (!inner || def.local || ((counts.get(def.name) ?? 0) < 2 && def.kind !== 'macro')) return def;
    const chain: Branch[] = [inner];
    for (let previous = before.get(inner.node.startIndex); previous && chain.length < MAX_DEPTH; previous = before.get(previous.node.startIndex)) {
      chain.unshift(previous);
    }
    const conditions: Condition[] = chain.slice(0, -1).map((branch) => ['!', testOf(branch)] as const);
    if (inner.test) conditions.push(testOf(inner));
    const [head, ...rest] = conditions;
    if (!head) return def;
    const when = rest.reduce<Condition>((all, test) => ['&&', all, test], head);
    return { ...def, conditional: { group: (chain[0] as Branch).node.startIndex, branch: chain.length - 1, when } };
  });
}

/** The branches without include guards: an `#ifndef` whose first definition is a macro of the name it tests. */
function withoutGuards(branches: readonly Branch[], definitions: readonly Definition[]): Branch[] {
  const kept: Branch[] = [];
  const byStart = [...definitions].sort((a, b) => a.start - b.start);
  for (const branch of branches) {
    if (branch.how === 'undefined' && branch.test) {
      const first = firstWithin(byStart, branch.node.startIndex, branch.alternative?.startIndex ?? branch.node.endIndex);
      if (first?.kind === 'macro' && first.name === branch.test.text) continue;
    }
    kept.push(branch);
  }
  return kept;
}

/** The first definition (of definitions sorted by start) starting within a span. */
function firstWithin(sorted: readonly Definition[], start: number, end: number): Definition | undefined {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as Definition).start < start) low = mid + 1;
    else high = mid;
  }
  const found = sorted[low];
  return found && found.start < end ? found : undefined;
}

/** The test of a branch as data, read once per branch. */
function testReader(tests: Query | undefined, deadline: Deadline): (branch: Branch) => Condition {
  const read = new Map<number, Condition>();
  return (branch) => {
    let condition = read.get(branch.node.id);
    if (!condition) {
      condition = testOf(branch, tests, deadline);
      read.set(branch.node.id, condition);
    }
    return condition;
  };
}

function testOf(branch: Branch, tests: Query | undefined, deadline: Deadline): Condition {
  if (!branch.test) return ['?'];
  if (branch.how === 'defined') return ['defined', branch.test.text];
  if (branch.how === 'undefined') return ['!', ['defined', branch.test.text]];
  return tests ? conditionOf(branch.test, formsOf(tests, branch.test, deadline), 0) : ['?'];
}

/** What the test patterns say of each node of a test, by node id: its form, and the match that says it. */
function formsOf(tests: Query, test: Node, deadline: Deadline): Map<number, { form: Form; match: Match }> {
  const forms = new Map<number, { form: Form; match: Match }>();
  for (const match of readMatches(tests, test, deadline).matches) {
    for (const form of TEST_CAPTURES) {
      const node = match.captures.get(form)?.[0];
      if (node && !forms.has(node.id)) forms.set(node.id, { form, match });
    }
  }
  return forms;
}

/** A test's syntax tree as data, each node read as its form says. */
function conditionOf(node: Node, forms: ReadonlyMap<number, { form: Form; match: Match }>, depth: number): Condition {
  if (depth > MAX_DEPTH) return ['?'];
  const found = forms.get(node.id);
  if (!found) return ['?'];
  const { form, match } = found;
  const part = (name: string) => match.captures.get(name)?.[0];
  const read = (inner: Node) => conditionOf(inner, forms, depth + 1);
  switch (form) {
    case 'test.name':
      return ['id', node.text];
    case 'test.number': {
      const value = Number(strippedText(match.properties, form, node));
      return Number.isFinite(value) ? ['num', value] : ['?'];
    }
    case 'test.defined': {
      const name = part('test.operand');
      return name ? ['defined', name.text] : ['?'];
    }
    case 'test.group': {
      // What the parentheses hold: their one expression, comments left out.
      const inner = node.namedChildren.find((child) => child !== null && !child.isExtra);
      return inner ? read(inner) : ['?'];
    }
    case 'test.not': {
      const operand = part('test.operand');
      return operand ? ['!', read(operand)] : ['?'];
    }
    case 'test.binary': {
      const [left, operator, right] = [part('test.left'), part('test.operator'), part('test.right')];
      return left && operator && right ? [operator.text, read(left), read(right)] : ['?'];
    }
  }
}
