/**
 * What a name use leads to, by where the name is: bound by a scope of its file (extraction resolved that: a local, a
 * parameter, a definition, an import), a member (`qualified.ts`), the name in an import or export statement, or a
 * name no scope binds, found where its file sees names without binding them (its class's members, its package's other
 * files, its wildcard imports, the headers' types of a C program, the names its language gives every file).
 *
 * @module
 */
import type { FileFacts, Reference } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Binder } from './binder.js';
import { fileIndex, isTypeLike } from './file-index.js';
import { importSourceOf, isWildcardImport, namesSeenThrough } from './imports.js';
import { rank } from './ranking.js';
import { bound, definitionOf, inPathOrder, type Lookup, type Target, unbound, unique } from './targets.js';
import type { Walk } from './walk.js';

/** What a reference of a file leads to, ranked (see `ranking.ts`). */
export async function lookupOf(b: Binder, file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup> {
  const candidates = await candidatesOf(b, file, facts, ref, walk);
  return rank(b, candidates, { file, facts, ref });
}

/** What a reference of a file leads to, before ranking. */
async function candidatesOf(b: Binder, file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup> {
  if (ref.binding !== undefined) return b.lookupOfBinding(file, facts, ref.binding, walk);
  if (ref.qualifier !== undefined) return b.lookupOfMember(file, facts, ref, walk);
  if (ref.kind === 'import') {
    // The imported name in an import statement (`{ fmt as show }`): the declaration it imports. The statement is
    // the last one at or above the name that imports it.
    const statement = facts.imports.findLast((i) => (i.line ?? 0) <= ref.line && i.imports.some((item) => item.name === ref.name));
    if (statement) return b.followImport(file, statement.source, ref.name, walk.deeper());
    return unbound('an imported name');
  }
  if (ref.kind === 'reexport') {
    const entry =
      facts.exports.find((e) => e.source !== undefined && e.name !== '*' && (e.localName ?? e.name) === ref.name) ??
      facts.exports.find((e) => e.source !== undefined && e.name === ref.name);
    if (entry?.source === undefined) return unbound('a re-exported name');
    return b.followImport(file, entry.source, entry.kind === 'namespace' ? '*' : (entry.localName ?? entry.name), walk.deeper());
  }
  // A name an export list writes (`__all__ = ["f"]`, Elm's `exposing (Item)`) before the file declares it: the file's
  // own declaration of that name.
  if (ref.kind === 'export') {
    const own = await b.ownDeclarations(file, ref.name, walk.deeper());
    if (own.length > 0) return bound(own);
  }
  const members = await b.membersInScope(file, facts, ref.name, ref.enclosing, walk.deeper());
  if (members.length > 0) return bound(members);
  const visible = await b.lookupOfFreeName(file, facts, ref.name, ref.enclosing, walk.deeper());
  if (visible) return visible;
  return unbound(`"${ref.name}" is not bound in ${file} (a global, or a name this language's queries do not bind)`);
}

/** What a binding of a file leads to: its definition, itself, or, for an import, the imported declaration. */
export async function lookupOfBinding(b: Binder, file: string, facts: FileFacts, index: number, walk: Walk): Promise<Lookup> {
  const binding = facts.bindings[index];
  if (!binding) return unbound();
  if (binding.import) {
    const imported = await b.followImport(file, importSourceOf(b.context.modules, file, binding), binding.import.name, walk.deeper());
    if (imported.targets.length > 0) return imported;
    // From outside the index: the import itself is where the name is declared here (as language servers answer).
    if (imported.how === 'external') {
      return { ...imported, targets: [binding.def !== undefined ? { file, def: binding.def } : { file, binding: index }] };
    }
    if (binding.def === undefined) return imported;
  }
  if (binding.def !== undefined) return bound(overloadsBound(b, file, facts, binding.def, binding.top === true));
  return bound([{ file, binding: index }]);
}

/**
 * The definitions a binding of a definition stands for: a method bound as a bare name in its class's body (`save()`
 * in Java): it and its overloads, as `this.save` finds; a function with overload signatures (TypeScript's `function
 * f(a: A): X; function f(a: A, b: B): Y; function f(...) {...}`), used in its own file: every declaration, as an
 * import of it sees them (a call then takes the first overload that admits its arguments), not where a declaration
 * without a body is a prototype (C, C++); else the definition itself.
 */
function overloadsBound(b: Binder, file: string, facts: FileFacts, defIndex: number, top: boolean): Target[] {
  const def = facts.definitions[defIndex];
  const parent = def?.parent === undefined ? undefined : facts.definitions[def.parent];
  const index = fileIndex(facts);
  const callable = (i: number) => kindInfo(facts.definitions[i]?.kind ?? '').callable;
  if (def && parent && !top && kindInfo(def.kind).callable && isTypeLike(parent.kind)) {
    const overloads = (index.children.get(def.parent as number) ?? []).filter((i) => facts.definitions[i]?.name === def.name && callable(i));
    return overloads.map((i) => ({ file, def: i }));
  }
  if (def && kindInfo(def.kind).callable && !b.context.modules.definesApart(file)) {
    const overloads = (index.named.get(def.name) ?? []).filter((i) => facts.definitions[i]?.parent === def.parent && callable(i));
    if (overloads.length > 1 && overloads.some((i) => facts.definitions[i]?.declarationOnly)) return overloads.map((i) => ({ file, def: i }));
  }
  return [{ file, def: defIndex }];
}

/**
 * C++: a bare name in a method (also one defined out of line) is a member of its class, or of the class's bases,
 * before it is a name of the namespace around it. The name of the class or of a base is the class itself, not its
 * constructors (C++'s injected class name: `class D : public B` inside `D`, `B` in `B::f`, `D() : B(4)`, as clangd
 * answers).
 */
export async function membersInScope(
  b: Binder,
  file: string,
  facts: FileFacts,
  name: string,
  enclosing: number | undefined,
  walk: Walk,
): Promise<Target[]> {
  if (enclosing === undefined || !b.context.modules.membersInScope(file)) return [];
  const members: Target[] = [];
  for (const owner of await b.enclosingOwner(file, facts, enclosing, walk.deeper())) {
    for (const member of await b.membersOf(owner, name, walk.deeper())) {
      const memberFacts = 'def' in member ? await b.context.facts(member.file) : undefined;
      const def = 'def' in member ? memberFacts?.definitions[member.def] : undefined;
      if (def?.kind !== 'constructor') members.push(member);
      else if (def.parent !== undefined && memberFacts?.definitions[def.parent]?.name === name) members.push({ file: member.file, def: def.parent });
    }
  }
  return unique(members);
}

/** The targets that are not constructors (a constructor is named like its class, not a member to name bare). */
async function withoutConstructors(b: Binder, targets: Target[]): Promise<Target[]> {
  const kept: Target[] = [];
  for (const target of targets) if ((await definitionOf(b.context.facts, target))?.kind !== 'constructor') kept.push(target);
  return kept;
}

/**
 * A name no scope of its file binds, at a place of the file (`enclosing`): a member its enclosing classes inherit
 * (in languages whose classes' members are bare names in their bodies), then what {@link lookupOfSeenName} finds,
 * then a name the language gives every file from outside the tree (external).
 */
export async function lookupOfFreeName(
  b: Binder,
  file: string,
  facts: FileFacts,
  name: string,
  enclosing: number | undefined,
  walk: Walk,
): Promise<Lookup | undefined> {
  if (enclosing !== undefined && fileIndex(facts).membersInScope) {
    for (let i: number | undefined = enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
      const def = facts.definitions[i];
      if (!def || !isTypeLike(def.kind)) continue;
      const inherited = await b.membersOf({ file, def: i }, name, walk.deeper());
      const members = await withoutConstructors(b, inherited);
      if (members.length > 0) return bound(unique(members));
    }
  }
  const found = await b.lookupOfSeenName(file, facts, name, walk);
  if (found) return found;
  if (b.context.modules.builtin(file, name)) return { targets: [], how: 'external', note: `"${name}" is one the language gives every file` };
  return undefined;
}

/**
 * A name no scope of its file binds, found where the file sees names without binding them: the other files of
 * its package (Go, Java) first, then its wildcard imports (`from m import *`, `use m::*`, `import p.*`,
 * `#include "h"`), in order.
 */
export async function lookupOfSeenName(b: Binder, file: string, facts: FileFacts, name: string, walk: Walk): Promise<Lookup | undefined> {
  if (walk.exhausted) return undefined;
  const modules = b.context.modules;
  const targets: Target[] = [];
  const siblings = await modules.implicit(file);
  for (const sibling of siblings) targets.push(...(await b.ownDeclarations(sibling, name, walk.deeper())));
  if (targets.length > 0) return bound(unique(targets));
  const outside: string[] = [];
  // Over many lookups of the file, a name none of the modules its wildcard imports reach has is not walked for.
  const seen = facts.imports.some(isWildcardImport) ? await walk.seenThrough(file, () => namesSeenThrough(b, file, facts)) : undefined;
  const holders = seen?.get(name);
  const unseen = seen !== undefined && holders === undefined;
  // One module has the name: the walk would end there, by whatever path; asked directly.
  if (typeof holders === 'string' && !walk.exhausted) {
    const direct = await b.exportsOf(holders, name, walk.deeper().anew());
    if (direct.length > 0) return { targets: unique(direct), how: 'bound', ...(modules.exact(file) ? {} : { approximate: true as const }) };
  }
  for (const item of facts.imports) {
    if (!isWildcardImport(item)) continue;
    if ((await modules.filesOf(file, item.source)).length === 0) outside.push(item.source);
    if (unseen) continue;
    // A module's exports; the members of a declaration (`import static a.b.C.*`, `using static A.B.C`) or of an
    // item inside a module (Rust's `use self::Kind::*`).
    targets.push(...(await b.declarationsIn(file, item.source, name, walk.deeper().anew())));
    if (targets.length > 0) return { targets: unique(targets), how: 'bound', ...(modules.exact(file) ? {} : { approximate: true as const }) };
  }
  // C and C++: a type the file's headers only declare ahead (`class FilterPolicy;`), or that the including source
  // file's headers define, is the program's one definition of it: found by name.
  const types = await typesDefinedApart(b, file, name);
  if (types.length > 0) return { targets: types, how: 'bound', ...(types.length > 1 ? { approximate: true as const } : {}) };
  // Defined nowhere in the tree, and the file sees every name of modules outside it (`#include <stdio.h>`): one
  // of theirs.
  const defining = b.context.filesDefining;
  if (outside.length > 0 && modules.exact(file) && defining && (await defining(name)).length === 0) {
    const modulesNamed = `${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', ...' : ''}`;
    const note = `"${name}" is not defined in the index; ${file} sees every name of ${modulesNamed} (outside the index)`;
    return { targets: [], how: 'external', note };
  }
  return undefined;
}

/**
 * The type definitions named `name` (classes, structs, enums, typedefs; outside functions and classes, with external
 * linkage) in the tree's headers of a module system that defines apart (C, C++), from the name table.
 */
async function typesDefinedApart(b: Binder, file: string, name: string): Promise<Target[]> {
  const { modules, filesDefining } = b.context;
  if (!modules.definesApart(file) || !filesDefining) return [];
  const targets: Target[] = [];
  for (const other of await filesDefining(name, (kind) => isTypeLike(kind) && kindInfo(kind).declaresName !== false)) {
    // (a type a source file defines is its translation unit's own)
    if (!modules.definesApart(other) || !modules.includable(other)) continue;
    const facts = await b.context.facts(other);
    for (const i of (facts && fileIndex(facts).named.get(name)) ?? []) {
      const def = facts?.definitions[i];
      if (!def || def.local || !isTypeLike(def.kind) || kindInfo(def.kind).declaresName === false) continue;
      if (def.modifiers?.some((m) => m === 'static' || m === 'internal')) continue;
      const parent = def.parent === undefined ? undefined : facts?.definitions[def.parent];
      if (parent === undefined || parent.kind === 'module') targets.push({ file: other, def: i });
    }
  }
  return inPathOrder(targets);
}
