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
import type { CallShape, NameSpan, RawCaptures, RawDefinition } from './captures.js';
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
  node: NameSpan;
  name: string;
  kind: string;
  call?: CallShape;
  qualifier?: Node;
  /** The qualifier is called: the member is one of what it returns. */
  called?: true;
  /** The qualifier is the call itself (`a.f(x)`), not its callee: read up to its arguments. */
  invocation?: true;
}

/** Longest qualifier kept (`a.b.c`); longer expressions are not names. */
const MAX_QUALIFIER = 120;
/** A qualifier that names something: `a`, `a.b.c`, `this`, `self`, `super`, `Foo::Bar` (no calls, no indexing). */
const QUALIFIER_PATH = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*$/u;
/** The longest qualifier text read as a chain, its arguments included. */
const MAX_CHAIN_TEXT = 2_000;
/** A chain of names and calls: `a.b`, `f()`, `m.Descriptor().Fields()` (arguments left out). */
const CHAIN = /^[\p{L}_$][\p{L}\p{N}_$]*(?:\(\))?(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*(?:\(\))?)*$/u;

/**
 * An expression as a chain of names and calls, its arguments left out (`x.Get(i).Name()` is `x.Get().Name()`), or
 * undefined when it is something else (indexing, operators, literals, a line break between two words).
 */
function chainOf(text: string): string | undefined {
  // Bounded: a qualifier's text holds its arguments (a callback's whole body); nested ones would make this quadratic.
  if (text.length > MAX_CHAIN_TEXT) return undefined;
  let out = '';
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length && out.length <= MAX_QUALIFIER; i++) {
    const ch = text[i] as string;
    if (depth > 0) {
      // Inside an argument list: only its parentheses and strings matter.
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) out += ')';
      continue;
    }
    if (ch === '(') {
      depth = 1;
      out += '(';
    } else out += /\s/.test(ch) ? ' ' : ch;
  }
  if (depth !== 0) return undefined;
  // A null-conditional or non-null member access or call is one still (`a?.b`, `a!.b`, `f?.()`, Kotlin's `a!!.b`).
  const chain = out
    .replace(/\s*(\.|::)\s*/g, '$1')
    .replace(/\?\.\(/g, '(')
    .replace(/[?!]+(?=[.(])/g, '')
    .replace(/[?!]+$/, '')
    .trim();
  return chain.length <= MAX_QUALIFIER && CHAIN.test(chain) ? chain : undefined;
}

/** A name use and what it resolves to in the file. */
export interface BoundUse {
  node: NameSpan;
  name: string;
  kind: string;
  /** A call's arguments (see {@link CallShape}). */
  call?: CallShape;
  /** The binding it sees. */
  binding?: number;
  /** A member use: what it is a member of, as written (`Option`, `this`, `a.b`), when that is a name path; else `''`. */
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

/** A name as written without its type arguments: `Foo<T>` is `Foo`, `Vec::<u8>::new` is `Vec::new`. */
function withoutTypeArguments(written: string): string {
  let text = written;
  for (let previous = ''; previous !== text && text.includes('<'); ) {
    previous = text;
    text = text.replace(/<[^<>]*>/g, '');
  }
  return text.replace(/<[\s\S]*$/, '').replace(/::(?=::)/g, '');
}

function typeNameOf(node: Node, called: boolean): string | undefined {
  // A function called (`NewFoo()`, `m.Fields().Get()`, `Foo::new()`, `Vec::<u8>::new()`): what the chain returns.
  if (called) {
    const chain = chainOf(node.text) ?? chainOf(withoutTypeArguments(node.text));
    return chain === undefined ? undefined : `${chain}()`;
  }
  // `Foo<T>` is `Foo`, `ns.Foo` stays a path: the type's name, without its arguments.
  const text = withoutTypeArguments(node.text.replace(/\s+/g, ''));
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
  // `visibleFrom`: a binding seen only after its declaration (Go's `x := x`, Rust's `let x = x + 1;`), not in its
  // whole scope (`afterRegion`: the `@local.after` region it was found in, when a region said so); `redeclares`: a
  // name its scope already binds above is that binding again (Go's `b, err := g()`).
  const pending: Array<{ binding: Binding; span: Span; outer: boolean; typeNode?: Node; visibleFrom?: number; afterRegion?: Span; redeclares?: true; local?: true }> = [];
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
  // A `@local.definition` on a definition's name binds that definition: a class member the language sees as a bare
  // name in the class's body (Java's `save()`), which the definitions above leave to `this.save`.
  const definitionAt = new Map<number, number>();
  for (const def of definitions) if (def.raw.nameNode && def.raw.kind !== 'import') definitionAt.set(def.raw.nameNode.startIndex, def.index);
  // A name without an `@local.after` of its own becomes visible at the end of the innermost `@local.after` region
  // holding it (Rust's `let (a, b) = ...;`: every name of the pattern).
  const regionOf = innermost(
    locals.afters.map((after) => ({ start: after.region.startIndex, end: after.region.endIndex, visible: after.node.endIndex })),
    locals.definitions.map((local) => ({ start: local.node.startIndex, end: local.node.endIndex })),
  );
  locals.definitions.forEach((local, i) => {
    const name = local.node.text;
    const binding: Binding = { name, kind: local.kind, ...position(local.node) };
    const def = definitionAt.get(local.node.startIndex);
    if (def !== undefined) binding.def = def;
    // (`const { a } = obj`: `a` is `obj.a`, typed as that member is)
    const value = local.type && local.typeMember ? chainOf(local.type.text) : undefined;
    const type = local.type && !local.typeMember ? typeNameOf(local.type, local.typeCall === true) : value !== undefined ? `${value}.${name}` : undefined;
    if (type) binding.type = type;
    const count = pending.length;
    const index = bind(binding, local.node, { start: local.node.startIndex, end: local.node.endIndex }, local.outer);
    const known = pending[index];
    // What the locals query says of a name it binds (not of a definition's or an import's name): from any pattern.
    if (known && (index === count || known.local)) {
      known.local = true;
      const region = regionOf[i];
      if (local.after) known.visibleFrom ??= local.after.endIndex;
      else if (region && known.visibleFrom === undefined) {
        known.visibleFrom = region.visible;
        known.afterRegion = region;
      }
      if (local.redeclares) known.redeclares = true;
    }
    // A binding already known at this position (a tags definition) learns its declared type.
    if (known && type) {
      known.binding.type ??= type;
      known.typeNode ??= local.type;
    }
  });
  // Each binding's scope: the innermost scope holding its node (a definition's own node is not its scope: a
  // function's name is bound where the function is declared, not inside it), or the one outside that.
  const placed = innermost(scopes, pending.map((entry) => entry.span));
  const homes = pending.map((entry, i) => {
    let scope = placed[i] ?? scopes[0];
    if (entry.outer && scope?.parent !== undefined) scope = scopes[scope.parent];
    // Visible after a region only in a scope around it: a closure's parameter inside a `let` is visible in the closure.
    const region = entry.afterRegion;
    if (region && scope && scope.start >= region.start && scope.end <= region.end) delete entry.visibleFrom;
    return scope ?? (scopes[0] as Scope);
  });
  // A redeclaring binding whose scope binds its name above it is a use of that binding, not a binding.
  const dropped = new Set<number>();
  if (pending.some((entry) => entry.redeclares)) {
    const seen = new Set<string>();
    const order = pending.map((_, i) => i).sort((a, b) => (pending[a] as (typeof pending)[number]).span.start - (pending[b] as (typeof pending)[number]).span.start);
    for (const i of order) {
      const entry = pending[i] as (typeof pending)[number];
      const key = `${(homes[i] as Scope).index}\u0000${entry.binding.name}`;
      if (entry.redeclares && seen.has(key)) dropped.add(i);
      else seen.add(key);
    }
  }
  // Binding indices skip the dropped entries.
  const bindingOf: number[] = [];
  pending.forEach((entry, i) => {
    if (dropped.has(i)) {
      bindingOf.push(-1);
      return;
    }
    const index = bindings.length;
    const home = homes[i] as Scope;
    if (home.index === 0) entry.binding.top = true;
    bindings.push(entry.binding);
    home.bindings.push(index);
    bindingOf.push(index);
  });
  const kept = pending.filter((_, i) => !dropped.has(i));
  const bindingAt = new Map<number, number>();
  for (const [offset, i] of at) if (!dropped.has(i)) bindingAt.set(offset, bindingOf[i] as number);

  // Uses: tagged references, `@local.reference` names and members; one per name node, a binding's own name excluded.
  const uses = new Map<number, Use>();
  for (const ref of raw.references) {
    uses.set(ref.nameNode.startIndex, { node: ref.nameNode, name: ref.name, kind: ref.kind, ...(ref.call ? { call: ref.call } : {}) });
  }
  const isPath = (node: Node) => chainOf(node.text) !== undefined;
  for (const member of locals.members) {
    const existing = uses.get(member.node.startIndex);
    if (existing?.called && !member.called) continue;
    // Two patterns may see one member: a qualifier that names something (`x.(T).m`: `T`) wins over one that does not.
    if (existing?.qualifier && isPath(existing.qualifier) && !isPath(member.qualifier)) continue;
    uses.set(member.node.startIndex, {
      ...existing,
      node: member.node,
      name: existing?.name ?? member.node.text,
      kind: existing?.kind ?? 'member',
      qualifier: member.qualifier,
      ...(member.called ? { called: true as const } : {}),
      ...(member.invocation ? { invocation: true as const } : {}),
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

  // Per name, a stack of groups: the bindings of that name in one scope, in document order. A scope declaring a
  // name twice (overload signatures, `let` shadowing, or an error region where the grammar lost the scopes between
  // declarations) binds a use to the nearest declaration above it, else the first; a binding visible only after a
  // node (`@local.after`) is not seen before it, where the use looks further out.
  const offsets = kept.map((entry) => entry.visibleFrom ?? entry.span.start);
  const sequential = kept.map((entry) => entry.visibleFrom !== undefined);
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
  const namespaces = new WeakMap<number[], { calls: number[]; others: number[] }>();
  const hoisting = new WeakMap<number[], number | undefined>();
  const open = (scope: Scope) => {
    const groups = groupsOf(scope);
    scopeGroups.set(scope, groups);
    for (const [name, group] of groups) {
      const stack = visible.get(name);
      if (stack) stack.push(group);
      else visible.set(name, [group]);
    }
  };
  const close = (scope: Scope) => {
    for (const name of scopeGroups.get(scope)?.keys() ?? []) visible.get(name)?.pop();
    scopeGroups.delete(scope);
  };
  // The sweep: scopes open and close around the uses, in document order. At one offset, scopes open (outer first),
  // then the use is resolved, then scopes close (inner first). Scopes are few; uses are most of a file's names, and
  // are sorted as bare numbers.
  const opening = [...scopes].sort((a, b) => a.start - b.start || b.end - a.end);
  const closing = [...scopes].sort((a, b) => a.end - b.end || b.start - a.start);
  let opened = 0;
  let closed = 0;
  const bare = new Float64Array(uses.size);
  let count = 0;
  for (const [offset, use] of uses) if (!use.qualifier) bare[count++] = offset;
  const sorted = bare.subarray(0, count).sort();
  for (const at of sorted) {
    deadline.tick();
    for (;;) {
      const next = opening[opened];
      const last = closing[closed];
      const openAt = next && next.start <= at ? next.start : Number.POSITIVE_INFINITY;
      const closeAt = last && last.end < at ? last.end : Number.POSITIVE_INFINITY;
      if (openAt === Number.POSITIVE_INFINITY && closeAt === Number.POSITIVE_INFINITY) break;
      if (openAt <= closeAt) open(opening[opened++] as Scope);
      else close(closing[closed++] as Scope);
    }
    const use = uses.get(at) as Use;
    const stack = visible.get(use.name) ?? [];
    const call = use.kind === 'call';
    // The last declaration at or above the use (binary search), else the first that is visible in its whole
    // scope; a scope whose declarations all come after the use leaves it to the scope outside.
    for (let level = stack.length - 1; level >= 0; level--) {
      const group = namespaceOf(stack[level] as number[], call);
      if (group.length === 0) continue;
      let low = 0;
      let high = group.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((offsets[group[middle] as number] ?? 0) <= at) low = middle;
        else high = middle - 1;
      }
      if ((offsets[group[low] as number] ?? 0) <= at) {
        resolved.set(use, group[low] as number);
        break;
      }
      const hoisted = hoistedOf(group);
      if (hoisted !== undefined) {
        resolved.set(use, hoisted);
        break;
      }
    }
  }

  // Per group of one scope's declarations of a name, worked out once however many uses see it (a name declared
  // thousands of times, a generated file's macro, would otherwise cost each use a pass over all of them).
  // A scope declaring a method and a field of one name (Java's separate namespaces): a call takes the method, any
  // other use the field.
  function namespaceOf(group: number[], call: boolean): number[] {
    let split = namespaces.get(group);
    if (!split) {
      const callable = (b: number) => kindInfo((bindings[b] as Binding).kind).callable;
      const calls = group.filter(callable);
      split = calls.length > 0 && calls.length < group.length ? { calls, others: group.filter((b) => !callable(b)) } : { calls: group, others: group };
      namespaces.set(group, split);
    }
    return call ? split.calls : split.others;
  }
  // The first declaration visible in its whole scope (not only after it), if any.
  function hoistedOf(group: number[]): number | undefined {
    if (!hoisting.has(group)) hoisting.set(group, group.find((b) => !sequential[b]));
    return hoisting.get(group);
  }

  // A declared type's first name is a use like any other: its binding says where the type is. A type that is a
  // declaration's own name (Python's `self`, typed by the name of its class) is that declaration.
  kept.forEach((entry, i) => {
    if (!entry.typeNode) return;
    const head = uses.get(entry.typeNode.startIndex);
    const typeBinding = head ? resolved.get(head) : bindingAt.get(entry.typeNode.startIndex);
    if (typeBinding !== undefined) (bindings[i] as Binding).typeBinding = typeBinding;
  });

  const result = new Map<number, BoundUse>();
  for (const [offset, use] of uses) {
    const entry: BoundUse = { kind: use.kind, name: use.name, node: use.node, ...(use.call ? { call: use.call } : {}) };
    const binding = resolved.get(use);
    if (binding !== undefined) entry.binding = binding;
    if (use.qualifier) {
      // A qualifier captured as the whole call (Java's `a.f(x)`, whose callee is no one node): up to its arguments.
      const args = use.invocation ? use.qualifier.childForFieldName('arguments') : null;
      const written = args ? use.qualifier.text.slice(0, args.startIndex - use.qualifier.startIndex) : use.qualifier.text;
      // C's and PHP's `p->next` is a path as `p.next` is.
      const text = chainOf(written.replace(/->/g, '.'));
      if (text !== undefined) {
        // `f()`: the member is one of what `f` returns.
        entry.qualifier = use.called ? `${text}()` : text;
        // The qualifier's first name: a use at the qualifier's start (its binding), when it is one.
        const head = uses.get(use.qualifier.startIndex);
        const headBinding = head ? resolved.get(head) : undefined;
        if (headBinding !== undefined) entry.qualifierBinding = headBinding;
      } else {
        // A member of something that is not a name (`a[0].b`, `f(x)->b`): still a member, never a bare name.
        entry.qualifier = '';
      }
    }
    result.set(offset, entry);
  }
  return { bindings, uses: result };
}
