/**
 * Binding names inside one file, as GitHub's stack-graphs do file by file: the scopes of the file, the names bound in
 * each (parameters, variables, type parameters, functions, classes, imports), and every use of a name resolved to
 * the binding it sees. What crosses files (an import, a member of another module's class) is resolved at query time
 * from these facts.
 *
 * Resolution is one sweep in document order: entering a scope pushes its bindings onto a stack per name, leaving it
 * pops them, and a use takes the top of its name's stack. Every binding of a scope is visible in the whole scope
 * (hoisting, and declarations after use), as the language servers we compare with resolve them. Linear in the file,
 * however deep it nests.
 *
 * @module
 */
import type { Binding } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { RawCaptures, RawDefinition } from './captures.js';
import type { LineIndex } from './lines.js';
import { innermost, parents, type Span } from './spans.js';

/** A definition as the binding phase sees it. */
export interface BindableDefinition {
  raw: RawDefinition;
  index: number;
  /** Its container's kind, when it has one. */
  containerKind?: string;
}

/** A name used, before it is written out as a reference. */
interface Use {
  node: Node;
  name: string;
  kind: string;
  arity?: number;
  qualifier?: Node;
  /** The qualifier is called: the member is one of what it returns. */
  called?: true;
}

/** Longest qualifier kept (`a.b.c`); longer expressions are not names. */
const MAX_QUALIFIER = 120;
/** A qualifier that names something: `a`, `a.b.c`, `this`, `self`, `super`, `Foo::Bar` (no calls, no indexing). */
const QUALIFIER_PATH = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*$/u;

/** A name use and what it resolves to in the file. */
export interface BoundUse {
  node: Node;
  name: string;
  kind: string;
  /** A call's number of arguments. */
  arity?: number;
  /** The binding it sees. */
  binding?: number;
  /** A member use: what it is a member of, as written (`Option`, `this`, `a.b`), when that is a name path. */
  qualifier?: string;
  /** The binding of the qualifier's first name. */
  qualifierBinding?: number;
}

/** The bindings of a file and its name uses, resolved in the file. */
export interface BoundNames {
  bindings: Binding[];
  /** Uses by the start offset of their name node. */
  uses: Map<number, BoundUse>;
}

function typeNameOf(node: Node): string | undefined {
  // A call (`Foo::new()`, `make()`): the type is what the callee is declared to return, written `callee()`.
  const callee = node.childForFieldName('function');
  if (callee && node.childForFieldName('arguments')) {
    const path = typeNameOf(callee);
    return path && !path.endsWith('()') ? `${path}()` : undefined;
  }
  // `Foo<T>` is `Foo`, `ns.Foo` stays a path, `Vec::<u8>::new` is `Vec::new`: the name, without type arguments.
  let text = node.text.replace(/\s+/g, '');
  for (let previous = ''; previous !== text && text.includes('<'); ) {
    previous = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  text = text.replace(/<.*$/, '').replace(/::(?=::)/g, '');
  return QUALIFIER_PATH.test(text) ? text : undefined;
}

/**
 * Binds the names of one tree. `tagged` are the tags references (calls, types, ...): they are uses too, and keep
 * their kind.
 */
export function bindNames(
  root: Node,
  raw: RawCaptures,
  definitions: readonly BindableDefinition[],
  lines: LineIndex,
  deadline: Deadline,
): BoundNames {
  const locals = raw.locals;
  // Scopes: the file, and every `@local.scope`.
  type Scope = Span & { index: number; parent?: number; bindings: number[] };
  const scopeNodes = [...new Map(locals.scopes.map((node) => [node.id, node])).values()];
  const scopes: Scope[] = [{ start: root.startIndex, end: root.endIndex, id: root.id, index: 0, bindings: [] }];
  for (const node of scopeNodes) {
    if (node.id === root.id) continue;
    scopes.push({ start: node.startIndex, end: node.endIndex, id: node.id, index: scopes.length, bindings: [] });
  }
  const scopeParents = parents(scopes);
  scopes.forEach((scope, i) => {
    const parent = scopeParents[i];
    if (parent) scope.parent = parent.index;
  });

  // Bindings, each in its scope; one per name position.
  const bindings: Binding[] = [];
  const at = new Map<number, number>();
  // `after`: visible from this offset on only (`@local.after`), not in the whole scope.
  const pending: Array<{ binding: Binding; span: Span; outer: boolean; typeNode?: Node; after?: { region: Span; visible: number } }> = [];
  const bind = (binding: Binding, node: Node, span: Span, outer: boolean) => {
    const known = at.get(node.startIndex);
    if (known !== undefined) {
      // One binding per name position: what a second source knows (an import, a type) joins the first.
      const existing = (pending[known] as (typeof pending)[number]).binding;
      if (binding.import) existing.import ??= binding.import;
      return known;
    }
    at.set(node.startIndex, pending.length);
    pending.push({ binding, span, outer });
    return pending.length - 1;
  };
  const position = (node: Node) => lines.position(node.startIndex);
  // Definitions that a bare name can reach: not members of a class, interface or enum, nor methods declared apart
  // with a receiver (`this.x`, `X.y` reach them).
  for (const def of definitions) {
    const raw = def.raw;
    if (raw.kind === 'import' || !raw.nameNode || raw.receiver || kindInfo(raw.kind).declaresName === false) continue;
    if (def.containerKind && ['class', 'type'].includes(kindInfo(def.containerKind).category)) continue;
    bind({ name: raw.name, kind: raw.kind, ...position(raw.nameNode), def: def.index }, raw.nameNode, { start: raw.node.startIndex, end: raw.node.endIndex, id: raw.node.id }, false);
  }
  // Imports before plain locals: `const x = require('m')` is an import binding, not only a variable.
  for (const fact of raw.imports.values()) {
    if (fact.source === undefined) continue;
    for (const item of fact.items) {
      if (!item.node) continue;
      const local = item.alias ?? item.name;
      if (local === '*' || local === '') continue;
      const nameNode = item.isDefault || item.isNamespace ? item.node : (item.node.namedChildren.at(-1) ?? item.node);
      bind(
        {
          name: local,
          kind: 'import',
          ...position(nameNode),
          import: { source: fact.source, name: item.isNamespace ? '*' : item.name },
        },
        nameNode,
        { start: fact.node.startIndex, end: fact.node.endIndex },
        false,
      );
    }
  }
  // Where each local binding becomes visible: the end of the innermost `@local.after` region holding it.
  const afterOf = innermost(
    locals.afters.map((after) => ({ start: after.region.startIndex, end: after.region.endIndex, visible: after.node.endIndex })),
    locals.definitions.map((local) => ({ start: local.node.startIndex, end: local.node.endIndex })),
  );
  locals.definitions.forEach((local, i) => {
    const name = local.node.text;
    const binding: Binding = { name, kind: local.kind, ...position(local.node) };
    const type = local.type ? typeNameOf(local.type) : undefined;
    if (type) binding.type = type;
    const index = bind(binding, local.node, { start: local.node.startIndex, end: local.node.endIndex }, local.outer);
    const known = pending[index];
    const after = afterOf[i];
    if (known && after !== undefined && known.binding === binding) known.after = { region: after, visible: after.visible };
    // A binding already known at this position (a tags definition) learns its declared type.
    if (known && type) {
      known.binding.type ??= type;
      // A call's type is resolved from its callee's first name.
      known.typeNode ??= local.type?.childForFieldName('function') ?? local.type;
    }
  });
  // Each binding's scope: the innermost scope holding its node (a definition's own node is not its scope: a
  // function's name is bound where the function is declared, not inside it), or the one outside that.
  const placed = innermost(scopes, pending.map((entry) => entry.span));
  pending.forEach((entry, i) => {
    let scope = placed[i] ?? scopes[0];
    if (entry.outer && scope?.parent !== undefined) scope = scopes[scope.parent];
    // Visible after a node only in a scope around it: a closure's parameter inside a `let` is visible in the closure.
    const region = entry.after?.region;
    if (region && scope && scope.start >= region.start && scope.end <= region.end) delete entry.after;
    const index = bindings.length;
    const home = scope ?? (scopes[0] as Scope);
    if (home.index === 0) entry.binding.top = true;
    bindings.push(entry.binding);
    home.bindings.push(index);
  });
  const bindingAt = new Map<number, number>();
  for (const [offset, i] of at) bindingAt.set(offset, i);

  // Uses: tagged references, `@local.reference` names and members; one per name node, a binding's own name excluded.
  const uses = new Map<number, Use>();
  for (const ref of raw.references) {
    uses.set(ref.nameNode.startIndex, { node: ref.nameNode, name: ref.name, kind: ref.kind, ...(ref.arity !== undefined ? { arity: ref.arity } : {}) });
  }
  for (const member of locals.members) {
    const existing = uses.get(member.node.startIndex);
    if (existing?.called && !member.called) continue;
    uses.set(member.node.startIndex, {
      ...existing,
      node: member.node,
      name: existing?.name ?? member.node.text,
      kind: existing?.kind ?? 'member',
      qualifier: member.qualifier,
      ...(member.called ? { called: true as const } : {}),
    });
  }
  for (const node of locals.uses) {
    if (!uses.has(node.startIndex)) uses.set(node.startIndex, { node, name: node.text, kind: node.type.endsWith('type_identifier') ? 'type' : 'read' });
  }
  for (const offset of bindingAt.keys()) uses.delete(offset);
  // A declaration's own name is not a use of it, bound or not (members, `(stock-level [s])` in a protocol).
  // An `impl T` block's name stays a use of `T`.
  for (const def of definitions) {
    if (def.raw.nameNode && def.raw.kind !== 'import' && kindInfo(def.raw.kind).declaresName !== false) uses.delete(def.raw.nameNode.startIndex);
  }

  // The sweep: scopes open and close around the uses, in document order.
  type Event = { at: number; order: number; open?: Scope; close?: Scope; use?: Use };
  const events: Event[] = [];
  for (const scope of scopes) {
    events.push({ at: scope.start, order: 0, open: scope });
    events.push({ at: scope.end, order: 2, close: scope });
  }
  for (const use of uses.values()) events.push({ at: use.node.startIndex, order: 1, use });
  // At one offset: scopes open (outer first), then uses, then scopes close (inner first).
  events.sort((a, b) => {
    if (a.at !== b.at) return a.at - b.at;
    if (a.order !== b.order) return a.order - b.order;
    if (a.open && b.open) return b.open.end - a.open.end;
    if (a.close && b.close) return b.close.start - a.close.start;
    return 0;
  });
  // Per name, a stack of groups: the bindings of that name in one scope, in document order. A scope declaring a
  // name twice (overload signatures, `let` shadowing, or an error region where the grammar lost the scopes between
  // declarations) binds a use to the nearest declaration above it, else the first; a binding visible only after a
  // node (`@local.after`) is not seen before it, where the use looks further out.
  const offsets = pending.map((entry) => entry.after?.visible ?? entry.span.start);
  const afterOnly = pending.map((entry) => entry.after !== undefined);
  const groupsOf = (scope: Scope) => {
    const groups = new Map<string, number[]>();
    for (const b of scope.bindings) {
      const name = (bindings[b] as Binding).name;
      const group = groups.get(name);
      if (group) group.push(b);
      else groups.set(name, [b]);
    }
    for (const group of groups.values()) group.sort((x, y) => (offsets[x] ?? 0) - (offsets[y] ?? 0));
    return groups;
  };
  const scopeGroups = new Map<Scope, Map<string, number[]>>();
  const visible = new Map<string, number[][]>();
  const resolved = new Map<Use, number>();
  for (const event of events) {
    deadline.tick();
    if (event.open) {
      const groups = groupsOf(event.open);
      scopeGroups.set(event.open, groups);
      for (const [name, group] of groups) {
        const stack = visible.get(name);
        if (stack) stack.push(group);
        else visible.set(name, [group]);
      }
    } else if (event.close) {
      for (const name of scopeGroups.get(event.close)?.keys() ?? []) visible.get(name)?.pop();
      scopeGroups.delete(event.close);
    } else if (event.use && !event.use.qualifier) {
      const stack = visible.get(event.use.name) ?? [];
      const at = event.use.node.startIndex;
      for (let level = stack.length - 1; level >= 0; level--) {
        const group = stack[level] as number[];
        if (group.length === 0) continue;
        // The last declaration at or above the use (binary search), else the first one visible everywhere.
        let low = 0;
        let high = group.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if ((offsets[group[middle] as number] ?? 0) <= at) low = middle;
          else high = middle - 1;
        }
        const found = (offsets[group[low] as number] ?? 0) <= at ? group[low] : group.find((b) => !afterOnly[b]);
        if (found === undefined) continue;
        resolved.set(event.use, found);
        break;
      }
    }
  }

  // A declared type's first name is a use like any other: its binding says where the type is.
  pending.forEach((entry, i) => {
    if (!entry.typeNode) return;
    const head = uses.get(entry.typeNode.startIndex);
    const typeBinding = head ? resolved.get(head) : undefined;
    if (typeBinding !== undefined) (bindings[i] as Binding).typeBinding = typeBinding;
  });

  const result = new Map<number, BoundUse>();
  for (const [offset, use] of uses) {
    const entry: BoundUse = { kind: use.kind, name: use.name, node: use.node, ...(use.arity !== undefined ? { arity: use.arity } : {}) };
    const binding = resolved.get(use);
    if (binding !== undefined) entry.binding = binding;
    if (use.qualifier) {
      const text = use.qualifier.text.replace(/\s+/g, '');
      if (text.length <= MAX_QUALIFIER && QUALIFIER_PATH.test(text)) {
        // `f()`: the member is one of what `f` returns.
        entry.qualifier = use.called ? `${text}()` : text;
        // The qualifier's first name: a use at the qualifier's start (its binding), when it is one.
        const head = uses.get(use.qualifier.startIndex);
        const headBinding = head ? resolved.get(head) : undefined;
        if (headBinding !== undefined) entry.qualifierBinding = headBinding;
      }
    }
    result.set(offset, entry);
  }
  return { bindings, uses: result };
}
