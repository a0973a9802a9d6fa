/**
 * Following a name through modules: an import to the module it names (the module system says which files), a module
 * to what it exports under a name (its own declarations, aliases, `export * from`, what it imports again, a CommonJS
 * `module.exports`), and a source naming no module to the declaration inside one it names (`import static a.b.C.m`,
 * Rust's `crate::ast::Kind`).
 *
 * @module
 */
import type { Binding, FileFacts } from '../model/facts.js';
import type { ImportInfo } from '../types.js';
import type { Binder } from './binder.js';
import { fileIndex, type FileIndex } from './file-index.js';
import type { ModuleView } from './module-views.js';
import type { ModuleResolver } from './modules.js';
import { bound, type Lookup, type Target, unbound, unique } from './targets.js';
import { type SeenNames, Walk } from './walk.js';

/** The module an import binding names: its source, or what its module system says a namespace import binds. */
export function importSourceOf(modules: ModuleResolver, file: string, binding: Binding): string {
  const source = binding.import?.source ?? '';
  return binding.import?.name === '*' ? modules.namespaceModule(file, source, binding.name) : source;
}

/** Whether an import statement imports every name of its module bare (`from m import *`, `use m::*`, `import p.*`). */
export function isWildcardImport(item: ImportInfo): boolean {
  return item.imports.some((i) => i.name === '*' && !i.isNamespace && i.alias === undefined);
}

/** The submodule `name` of the module `source` imports in `file` (Python's `from pkg import mod`), as modules. */
export async function submodulesOf(modules: ModuleResolver, file: string, source: string, name: string): Promise<Target[]> {
  const sub = modules.submodule(file, source, name);
  if (sub === undefined) return [];
  return (await modules.filesOf(file, sub)).map((module) => ({ file: module, module: true as const }));
}

/** The submodule `name` of the package whose file is `module` (Python's `pkg/__init__.py` and `mod`), as modules. */
export async function packageSubmodulesOf(modules: ModuleResolver, module: string, name: string): Promise<Target[]> {
  return (await modules.packageSubmodule(module, name)).map((file) => ({ file, module: true as const }));
}

/** The other files of the tree a file's imports lead to (where the declarations it imports are). */
export async function importedFiles(b: Binder, file: string, facts: FileFacts): Promise<string[]> {
  const files = new Set<string>();
  for (const [i, binding] of facts.bindings.entries()) {
    if (!binding.import) continue;
    const lookup = await b.lookupOfBinding(file, facts, i, Walk.start());
    for (const target of lookup.targets) if (target.file !== file) files.add(target.file);
  }
  return [...files];
}

/** What `name` imported from `source` in `file` leads to (`*`: the module itself). */
export async function followImport(b: Binder, file: string, source: string, name: string, walk: Walk): Promise<Lookup> {
  if (walk.exhausted) return unbound('too many imports and re-exports to follow');
  const modules = b.context.modules;
  const files = await modules.filesOf(file, source);
  if (files.length === 0) return followItem(b, file, source, name, walk);
  const approximate = modules.exact(file) ? {} : { approximate: true as const };
  if (name === '*') return { targets: files.map((module) => ({ file: module, module: true as const })), how: 'bound', ...approximate };
  const targets: Target[] = [];
  for (const module of files) targets.push(...(await exportOrDefault(b, module, name, walk)));
  // A package's submodule (`from . import mod`) when the package itself does not bind the name.
  if (targets.length === 0) for (const module of files) targets.push(...(await packageSubmodulesOf(modules, module, name)));
  if (targets.length > 0) return { targets: unique(targets), how: 'bound', ...approximate };
  // A name the module binds to what is outside the tree (`pub use std::fmt`, `extern crate alloc`): outside it too.
  for (const module of files) {
    const facts = await b.context.facts(module);
    for (const i of (facts && fileIndex(facts).top.get(name)) ?? []) {
      if (!facts) continue;
      const lookup = await b.lookupOfBinding(module, facts, i, walk.deeper());
      if (lookup.how === 'external') return { targets: [], how: 'external', note: `"${name}" of ${source} is outside the index` };
    }
  }
  return unbound(`"${name}" is not found among the exports of ${files.join(', ')}`);
}

/** What a module exports under `name`; a default import of a CommonJS module is what `module.exports` is, or the module. */
async function exportOrDefault(b: Binder, module: string, name: string, walk: Walk): Promise<Target[]> {
  const found = await b.exportsOf(module, name, walk.deeper().anew());
  if (name === 'default' && found.length === 0) {
    const assigned = await b.exportsOf(module, 'export=', walk.deeper().anew());
    found.push(...(assigned.length > 0 ? assigned : [{ file: module, module: true as const }]));
  }
  return found;
}

/**
 * What `name` imported from a source that names no module file leads to: a namespace package's submodule, a
 * declaration inside a module (`import static a.b.C.m`, `import a.b.Outer.Inner`: its member, or itself), or an item
 * of a module (Rust's `crate::ast::Kind`: an enum, an inline `mod`: its members).
 */
async function followItem(b: Binder, file: string, source: string, name: string, walk: Walk): Promise<Lookup> {
  const modules = b.context.modules;
  // A namespace package has no file of its own, only submodules.
  const sub = name === '*' ? [] : await submodulesOf(modules, file, source, name);
  if (sub.length > 0) return bound(sub);
  const owners = await declarationsOfSource(b, file, source, walk.deeper());
  if (owners.length > 0) {
    // `*`, and an import written whole (Kotlin's `import a.b.C`: source `a.b.C`, name `C`): what the source names.
    if (name === '*' || source.endsWith(`.${name}`)) return bound(owners);
    const members = await membersOfEach(b, owners, name, walk.deeper());
    return members.length > 0 ? bound(unique(members)) : unbound(`no member "${name}" of ${source}`);
  }
  const inner = modules.split(file, source);
  if (!inner) return { targets: [], how: 'external', note: `"${source}" is outside the index` };
  const owner = await b.followImport(file, inner.parent, inner.name, walk.deeper());
  if (owner.targets.length === 0 || name === '*') return owner;
  const targets = await membersOfEach(b, owner.targets, name, walk.deeper());
  if (targets.length > 0) return bound(unique(targets));
  // The item is an import of what is outside the tree (`extern crate alloc`, `pub use std::fmt`): so is its member.
  if (await allFromOutside(b, owner.targets)) return { targets: [], how: 'external', note: `"${inner.parent}::${inner.name}" is outside the index` };
  return unbound(`"${name}" is not found in ${source}`);
}

/** The members named `name` of each owner, in order (repeats kept). */
async function membersOfEach(b: Binder, owners: Target[], name: string, walk: Walk): Promise<Target[]> {
  const members: Target[] = [];
  for (const owner of owners) members.push(...(await b.membersOf(owner, name, walk)));
  return members;
}

/** Whether every target is an import binding that leads outside the tree (where the tree's knowledge ends). */
export async function allFromOutside(b: Binder, targets: Target[]): Promise<boolean> {
  for (const target of targets) {
    if (!('binding' in target)) return false;
    const facts = await b.context.facts(target.file);
    const binding = facts?.bindings[target.binding];
    if (!facts || binding?.import === undefined) return false;
    const lookup = await b.lookupOfBinding(target.file, facts, target.binding, Walk.start());
    if (lookup.how !== 'external') return false;
  }
  return targets.length > 0;
}

/** The declarations a module exports under `name`: its own, re-exported (aliases, `export *`), or imported again. */
export async function exportsOf(b: Binder, module: string, name: string, walk: Walk): Promise<Target[]> {
  if (walk.exhausted || !walk.visit(module, name)) return [];
  // (copies: callers add to the list they get)
  const known = walk.found<Target[]>(module, name);
  if (known) return [...known];
  const found = await exportsFound(b, module, name, walk);
  walk.remember(module, name, [...found]);
  return found;
}

/**
 * What {@link exportsOf} finds, asked for the first time in a question. A module whose view (see `module-views.ts`)
 * says it neither binds nor exports the name is only a way on to its `export *` and wildcard imports: its facts are
 * not read.
 */
async function exportsFound(b: Binder, module: string, name: string, walk: Walk): Promise<Target[]> {
  const key = b.context.factsKey?.(module);
  const view = key === undefined ? undefined : b.views.get(key);
  if (view && !view.names.has(name)) return exportsThrough(b, module, view, name, walk);
  const facts = await b.context.facts(module);
  if (!facts) return [];
  const index = fileIndex(facts);
  if (key !== undefined && !view) b.views.set(key, moduleViewOf(facts, index));
  const targets: Target[] = [];
  // Whether the module binds the name itself (an import from outside the tree binds it without targets).
  let boundHere = false;
  // (`export * from` after the named ones: it never shadows them.)
  const named = index.exportsNamed.get(name) ?? [];
  for (const entry of named) {
    if (entry.source !== undefined) {
      const lookup = await b.followImport(module, entry.source, entry.kind === 'namespace' ? '*' : (entry.localName ?? name), walk.deeper());
      targets.push(...lookup.targets);
    } else {
      const local = await boundLocally(b, module, facts, entry.localName ?? name, walk);
      targets.push(...local.targets);
      boundHere ||= local.bound;
    }
  }
  if (named.length === 0) {
    const local = await boundLocally(b, module, facts, name, walk);
    targets.push(...local.targets);
    boundHere ||= local.bound;
  }
  if (targets.length === 0 && named.length > 0) targets.push(...declaredOnExportLines(module, facts, named, name));
  if (targets.length === 0) {
    for (const entry of index.wildcards) targets.push(...(await b.declarationsIn(module, entry.source as string, name, walk.deeper())));
  }
  // What a module sees through its own wildcard imports is its name too (Python's `from m import *`, a header's
  // `#include`, Rust's `pub use self::kind::*`), unless a name of its own shadows them (Rust's `extern crate alloc`
  // before `use backport::*`), or its language keeps a file's imports its own (Java's `import a.b.*`).
  if (targets.length === 0 && !boundHere && !b.context.modules.privateImports(module)) {
    for (const item of facts.imports) {
      if (!isWildcardImport(item)) continue;
      targets.push(...(await b.declarationsIn(module, item.source, name, walk.deeper())));
      if (targets.length > 0) break;
    }
  }
  return unique(targets);
}

/** A module's view, kept (by its facts' key) or made from its facts; undefined for a module without facts. */
async function viewOf(b: Binder, module: string): Promise<ModuleView | undefined> {
  const key = b.context.factsKey?.(module);
  const kept = key === undefined ? undefined : b.views.get(key);
  if (kept) return kept;
  const facts = await b.context.facts(module);
  if (!facts) return undefined;
  const view = moduleViewOf(facts, fileIndex(facts));
  if (key !== undefined) b.views.set(key, view);
  return view;
}

/** Modules gathered by {@link namesSeenThrough} at most: past them it does not say. */
const MAX_SEEN_MODULES = 5_000;

/**
 * Every name the modules `file` sees through its wildcard imports bind or export, theirs too (their `export *`s and,
 * unless their imports are their own, their wildcard imports): the edges {@link exportsOf} walks, with the modules
 * that have each. A name outside the map is found on none of those walks, so a file's lookups need not walk a C
 * file's few hundred headers for a name none of them has; a name one module has is found there, whatever path leads
 * to it. Undefined when it cannot say: a wildcard import of what is not a module (Rust's `use self::Kind::*`), or
 * more than {@link MAX_SEEN_MODULES} modules.
 */
export async function namesSeenThrough(b: Binder, file: string, facts: FileFacts): Promise<SeenNames | undefined> {
  const names = new Map<string, string | string[]>();
  const seen = new Set<string>();
  const pending: string[] = [];
  const follow = async (from: string, source: string): Promise<boolean> => {
    const owners = await b.followImport(from, source, '*', Walk.start());
    for (const owner of owners.targets) {
      if (!('module' in owner)) return false;
      pending.push(owner.file);
    }
    return true;
  };
  for (const item of facts.imports) if (isWildcardImport(item) && !(await follow(file, item.source))) return undefined;
  while (pending.length > 0) {
    const module = pending.pop() as string;
    if (seen.has(module)) continue;
    seen.add(module);
    if (seen.size > MAX_SEEN_MODULES) return undefined;
    const view = await viewOf(b, module);
    // (a module without facts exports nothing: walks find nothing there either)
    if (!view) continue;
    for (const name of view.names) {
      const known = names.get(name);
      if (known === undefined) names.set(name, module);
      else if (typeof known === 'string') names.set(name, [known, module]);
      else known.push(module);
    }
    for (const source of view.exportStars) if (!(await follow(module, source))) return undefined;
    if (b.context.modules.privateImports(module)) continue;
    for (const source of view.wildcardImports) if (!(await follow(module, source))) return undefined;
  }
  return names;
}

/** A module's view: the names it binds or exports, and where else its exports come from. */
function moduleViewOf(facts: FileFacts, index: FileIndex): ModuleView {
  return {
    names: new Set([...index.top.keys(), ...index.exportsNamed.keys()]),
    exportStars: index.wildcards.map((entry) => entry.source as string),
    wildcardImports: facts.imports.filter(isWildcardImport).map((item) => item.source),
  };
}

/**
 * What a module that neither binds nor exports `name` exports under it (the end of {@link exportsFound} for such a
 * module): what its `export *` sources export, else what its wildcard imports see, the first that has it.
 */
async function exportsThrough(b: Binder, module: string, view: ModuleView, name: string, walk: Walk): Promise<Target[]> {
  const targets: Target[] = [];
  for (const source of view.exportStars) targets.push(...(await b.declarationsIn(module, source, name, walk.deeper())));
  if (targets.length === 0 && !b.context.modules.privateImports(module)) {
    for (const source of view.wildcardImports) {
      targets.push(...(await b.declarationsIn(module, source, name, walk.deeper())));
      if (targets.length > 0) break;
    }
  }
  return unique(targets);
}

/**
 * What the module's own top-level bindings of `localName` lead to, and whether it binds the name at all. Where a
 * file's imports are its own, a name it imports is not one it exports (Java's `import java.util.List` in a file of a
 * package another file imports with `import pkg.*`).
 */
async function boundLocally(
  b: Binder,
  module: string,
  facts: FileFacts,
  localName: string,
  walk: Walk,
): Promise<{ targets: Target[]; bound: boolean }> {
  const ownImports = b.context.modules.privateImports(module);
  const targets: Target[] = [];
  let found = false;
  for (const i of fileIndex(facts).top.get(localName) ?? []) {
    if (ownImports && facts.bindings[i]?.import) continue;
    found = true;
    const lookup = await b.lookupOfBinding(module, facts, i, walk.deeper());
    targets.push(...lookup.targets);
  }
  return { targets, bound: found };
}

/** An export that declares what no scope binds (`exports.VERSION = '1.0'`): the definition on its line. */
function declaredOnExportLines(module: string, facts: FileFacts, named: FileFacts['exports'], name: string): Target[] {
  const lines = new Set(named.filter((e) => e.source === undefined).map((e) => e.line));
  const targets: Target[] = [];
  for (const i of fileIndex(facts).named.get(name) ?? []) {
    const def = facts.definitions[i];
    if (def && lines.has(def.line) && def.parent === undefined) targets.push({ file: module, def: i });
  }
  return targets;
}

/**
 * The declarations named `name` in what `source` names from `file`: a module's exports, or the members of the item
 * a source names inside a module (Rust's `use self::Kind::*` of an enum).
 */
export async function declarationsIn(b: Binder, file: string, source: string, name: string, walk: Walk): Promise<Target[]> {
  if (walk.exhausted) return [];
  const owners = await b.followImport(file, source, '*', walk);
  const targets: Target[] = [];
  for (const owner of owners.targets) {
    const found = 'module' in owner ? await b.exportsOf(owner.file, name, walk) : await b.membersOf(owner, name, walk.deeper());
    targets.push(...found);
  }
  return targets;
}

/**
 * The top-level declarations of a file named `name`, not what it imports: what the other files of its package see
 * (a Java or Go file's imports are its own).
 */
export async function ownDeclarations(b: Binder, module: string, name: string, walk: Walk): Promise<Target[]> {
  const facts = await b.context.facts(module);
  if (!facts || walk.exhausted) return [];
  const targets: Target[] = [];
  for (const i of fileIndex(facts).top.get(name) ?? []) {
    if (facts.bindings[i]?.import) continue;
    targets.push(...(await b.lookupOfBinding(module, facts, i, walk.deeper())).targets);
  }
  return targets;
}

/**
 * What a source names from `file` when it names no module: the declarations it names inside one (`a.b.C` of
 * Java's `import static a.b.C.m` is the class `C` of package `a.b`), as the file's module system reads it.
 */
export async function declarationsOfSource(b: Binder, file: string, source: string, walk: Walk): Promise<Target[]> {
  const modules = b.context.modules;
  const declaration = await modules.declarationOf(file, source);
  const [first, ...rest] = declaration?.path ?? [];
  if (!declaration || first === undefined || walk.exhausted) return [];
  let owners: Target[] = [];
  const files = await modules.filesOf(file, declaration.source);
  for (const module of files) owners.push(...(await b.exportsOf(module, first, walk.deeper().anew())));
  for (const segment of rest) owners = await membersOfEach(b, owners, segment, walk.deeper());
  return unique(owners);
}
