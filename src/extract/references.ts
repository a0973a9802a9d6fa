/**
 * References: the name uses binding found (tagged references keep their kind) and the names imports and exports
 * write, each with where it is and the innermost definition it sits in.
 *
 * @module
 */
import type { Reference } from '../model/facts.js';
import type { CallShape, NameSpan, RawCaptures } from './raw.js';
import type { BoundNames } from './bindings.js';
import { type Placed, spanOf } from './definitions.js';
import type { LineIndex } from './lines.js';
import { innermost } from './spans.js';

/** A name written in the file, before it is a reference. */
interface NamedUse {
  name: string;
  kind: string;
  node: NameSpan;
  call?: CallShape;
  binding?: number;
  qualifier?: string;
  qualifierBinding?: number;
  discriminants?: string[];
}

/**
 * Every reference. In: the raw imports and exports, the placed definitions and the name uses binding resolved. Out:
 * the bound name uses (tagged references keep their kind) and the names of imports and exports, in source order,
 * each with the innermost definition it sits in and, for a call, which references its arguments' values are.
 */
export function collectReferences(
  raw: Pick<RawCaptures, 'imports' | 'exports'>,
  placed: readonly Placed[],
  bound: BoundNames,
  lines: LineIndex,
): Reference[] {
  const found = new Map<number, NamedUse>();
  // (a second use of one name, `{ retry }`'s member beside its variable's read, is listed after the first)
  const beside: NamedUse[] = [];
  for (const [offset, use] of bound.uses) {
    if (offset === use.node.startIndex) found.set(offset, use);
    else beside.push(use);
  }
  for (const fact of [...raw.imports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    for (const item of fact.items) {
      if (item.isDefault || item.isNamespace || !item.node) continue;
      // The imported name: the item's first part, or that part's last name when it is a path (`a::b` in `a::b as c`).
      const first = item.node.namedChildren[0];
      const last = first && first.text !== item.name ? first.namedChildren.at(-1) : undefined;
      const node = (last?.text === item.name ? last : first) ?? item.node;
      found.set(node.startIndex, { name: item.name, kind: 'import', node });
    }
  }
  for (const fact of [...raw.exports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex)) {
    for (const item of fact.items) {
      const use = found.get(item.node.startIndex);
      found.set(item.node.startIndex, { ...use, name: item.name, kind: fact.source !== undefined ? 'reexport' : 'export', node: item.node });
    }
  }
  // In source order (a name's start), so an argument's value is found by where its name starts.
  const list = [...found.values(), ...beside].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const indexAt = new Map<number, number>();
  list.forEach((ref, i) => {
    if (!indexAt.has(ref.node.startIndex)) indexAt.set(ref.node.startIndex, i);
  });
  const enclosing = innermost(
    placed.map((def) => ({ ...spanOf(def.raw.node), def })),
    list.map((ref) => ({ start: ref.node.startIndex, end: ref.node.endIndex })),
  );
  return list.map((ref, i): Reference => {
    const at = lines.position(ref.node.startIndex);
    const outer = enclosing[i]?.def;
    const reference: Reference = { name: ref.name, kind: ref.kind, line: at.line, column: at.column };
    if (outer) reference.enclosing = outer.index;
    if (ref.binding !== undefined) reference.binding = ref.binding;
    if (ref.qualifier !== undefined) reference.qualifier = ref.qualifier;
    if (ref.qualifierBinding !== undefined) reference.qualifierBinding = ref.qualifierBinding;
    if (ref.discriminants) reference.discriminants = ref.discriminants;
    const call = ref.call;
    if (call) {
      reference.arity = call.arity;
      if (call.spread) reference.spread = true;
      if (call.literals) reference.literals = call.literals;
      const values = call.values?.map((start) => indexAt.get(start) ?? -1);
      if (values?.some((value) => value >= 0)) reference.arguments = values;
    }
    return reference;
  });
}
