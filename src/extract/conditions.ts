/**
 * Preprocessor conditionals (C, C++): which branch of an `#if` / `#elif` / `#else` chain a definition sits in, and the
 * test that branch is taken under, so that a name defined in several branches of one conditional can be ranked by the
 * branch a build takes (src/languages/c/conditions.ts evaluates the tests). The branches come from the query
 * (`@condition.branch`, queries/c/conditions.scm); a test is read from its syntax tree into {@link Condition} data.
 */

import type { Condition, Definition } from '../model/facts.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { RawCaptures } from './captures.js';
import { innermost } from './spans.js';

type Branch = RawCaptures['conditions'][number];

/** Deeper tests are not read (`['?']`): a real one is a few operators deep. */
const MAX_DEPTH = 24;

/**
 * The definitions, those whose name the file defines more than once (outside function bodies) and that sit in a
 * branch of a conditional given where (`conditional`). Others are returned as they are.
 */
export function withConditionals(definitions: readonly Definition[], branches: readonly Branch[]): Definition[] {
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
  return definitions.map((def, i) => {
    const inner = holders[i]?.branch;
    if (!inner || def.local || (counts.get(def.name) ?? 0) < 2) return def;
    const chain: Branch[] = [inner];
    for (let previous = before.get(inner.node.startIndex); previous && chain.length < MAX_DEPTH; previous = before.get(previous.node.startIndex)) chain.unshift(previous);
    const tests: Condition[] = chain.slice(0, -1).map((branch) => ['!', testOf(branch)] as const);
    if (inner.test) tests.push(testOf(inner));
    const [head, ...rest] = tests;
    if (!head) return def;
    const when = rest.reduce<Condition>((all, test) => ['&&', all, test], head);
    return { ...def, conditional: { group: (chain[0] as Branch).node.startIndex, branch: chain.length - 1, when } };
  });
}

function testOf(branch: Branch): Condition {
  if (!branch.test) return ['?'];
  if (branch.how === 'defined') return ['defined', branch.test.text];
  if (branch.how === 'undefined') return ['!', ['defined', branch.test.text]];
  return conditionOf(branch.test, 0);
}

/** A test's syntax tree as data. */
function conditionOf(node: Node, depth: number): Condition {
  if (depth > MAX_DEPTH) return ['?'];
  switch (node.type) {
    case 'identifier':
      return ['id', node.text];
    case 'number_literal': {
      const value = Number(node.text.replace(/[uUlL]+$/, ''));
      return Number.isFinite(value) ? ['num', value] : ['?'];
    }
    case 'preproc_defined': {
      const name = node.namedChildren.find((child) => child?.type === 'identifier');
      return name ? ['defined', name.text] : ['?'];
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((child) => child !== null && !child.isExtra);
      return inner ? conditionOf(inner, depth + 1) : ['?'];
    }
    case 'unary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      const argument = node.childForFieldName('argument');
      return operator === '!' && argument ? ['!', conditionOf(argument, depth + 1)] : ['?'];
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      return operator && left && right ? [operator, conditionOf(left, depth + 1), conditionOf(right, depth + 1)] : ['?'];
    }
    default:
      return ['?'];
  }
}
