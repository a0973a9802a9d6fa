/**
 * The order of a lookup's targets when a name leads to several: a list of small rules ({@link RANKERS}), each taking
 * the lookup and giving it back reordered or filtered, applied in turn. A declaration defined apart leads to its
 * definition first; a C name bound to a typedef and a tag is the typedef; of a macro defined several times in a file,
 * the last first; of a name defined in several branches of a preprocessor conditional, the branch a build takes
 * first; a call leads to the methods of a name, a member read to its fields.
 *
 * @module
 */
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { declarationSpace, kindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import type { Binder } from './binder.js';
import { fileIndex, isTypeLike } from './file-index.js';
import { definitionOf, inPathOrder, type Lookup, type Target, targetKey, unique } from './targets.js';
import { Walk } from './walk.js';

/** The use of a name whose lookup is ranked. */
export interface RankedUse {
  file: string;
  facts: FileFacts;
  ref: Reference;
}

/** One rule of the order of a lookup's targets. */
export type Ranker = (b: Binder, lookup: Lookup, use: RankedUse) => Promise<Lookup>;

/**
 * A lookup whose declarations without a body (C and C++ prototypes, methods declared in their class) are defined
 * apart, as their module system says: the definitions first, then the declarations. Definitions are found by name:
 * bound when there is one, listed and approximate when there are several.
 */
export async function definitionsFirst(b: Binder, lookup: Lookup): Promise<Lookup> {
  const definitions: Target[] = [];
  let several = false;
  for (const target of lookup.targets) {
    if (!('def' in target) || !b.context.modules.definesApart(target.file)) continue;
    const facts = await b.context.facts(target.file);
    const def = facts?.definitions[target.def];
    if (!facts || !def?.declarationOnly || !kindInfo(def.kind).callable) continue;
    const found = await definitionsOf(b, target.file, facts, def);
    if (found.length > 1) several = true;
    definitions.push(...found);
  }
  if (definitions.length === 0) return lookup;
  return { ...lookup, targets: unique([...definitions, ...lookup.targets]), ...(several ? { approximate: true as const } : {}) };
}

/** The name of what a definition is declared in (its receiver or its parent), without template arguments or path. */
function ownerName(facts: FileFacts, def: Definition): string | undefined {
  const owner = def.receiver ?? (def.parent === undefined ? undefined : facts.definitions[def.parent]?.name);
  return owner?.replace(/<[\s\S]*$/, '').split('::').pop();
}

/**
 * The definitions (with a body) of a declaration: same name, a callable, the same owner (the class or namespace
 * it is declared in, or the receiver an out-of-line definition names); in its own file, else in the tree's other
 * files of a module system that defines apart, where a definition of internal linkage (`static`, an anonymous
 * namespace) cannot be it.
 */
export async function definitionsOf(b: Binder, file: string, facts: FileFacts, def: Definition): Promise<Target[]> {
  const owner = ownerName(facts, def);
  const matching = (f: FileFacts, d: Definition) =>
    d.name === def.name && !d.declarationOnly && !d.local && kindInfo(d.kind).callable && ownerName(f, d) === owner;
  const named = fileIndex(facts).named.get(def.name) ?? [];
  const own = named.flatMap((i) => (matching(facts, facts.definitions[i] as Definition) ? [{ file, def: i }] : []));
  const defining = b.context.filesDefining;
  if (own.length > 0 || !defining) return own;
  // The class the declaration is a member of: a definition elsewhere whose receiver names another class of the same
  // name (`SkipList<K, C>::Iterator::Valid` for `leveldb::Iterator::Valid`) is not its definition.
  const declaredIn = def.parent !== undefined && isTypeLike(facts.definitions[def.parent]?.kind ?? '') ? `${file}#d${def.parent}` : undefined;
  const targets: Target[] = [];
  for (const other of await defining(def.name, (kind) => kindInfo(kind).callable === true)) {
    if (other === file || !b.context.modules.definesApart(other)) continue;
    const otherFacts = await b.context.facts(other);
    if (!otherFacts) continue;
    for (const i of fileIndex(otherFacts).named.get(def.name) ?? []) {
      const d = otherFacts.definitions[i] as Definition;
      const parent = d.parent === undefined ? undefined : otherFacts.definitions[d.parent];
      const member = d.receiver !== undefined || (d.parent !== undefined && kindInfo(parent?.kind ?? '').category === 'class');
      if (!matching(otherFacts, d) || (!member && d.modifiers?.some((m) => m === 'static' || m === 'internal'))) continue;
      if (declaredIn !== undefined && d.receiver !== undefined) {
        const owners = await b.enclosingOwner(other, otherFacts, i, Walk.start(1));
        if (owners.length > 0 && !owners.some((o) => targetKey(o) === declaredIn)) continue;
      }
      targets.push({ file: other, def: i });
    }
  }
  return inPathOrder(targets);
}

/**
 * A bare name bound to a struct, union or class of a C or C++ file (`struct geo_State {...}` in the source file)
 * whose header names it with a typedef too (`typedef struct geo_State geo_State;`): the name is the typedef, as a C
 * compiler reads it (a tag is written `struct geo_State`) and clangd answers in C++ too; then the tag.
 */
export async function typedefOfTagFirst(b: Binder, lookup: Lookup, { file, ref }: RankedUse): Promise<Lookup> {
  const { modules, filesDefining } = b.context;
  if (ref.qualifier !== undefined || lookup.targets.length === 0 || !modules.hasTags(file) || !filesDefining) return lookup;
  for (const target of lookup.targets) {
    const def = await definitionOf(b.context.facts, target);
    if (!('def' in target) || !def || kindInfo(def.kind).category !== 'class' || def.kind === 'impl') return lookup;
  }
  // The typedefs of the tree naming `struct <name>`, from the name table (a program has one such typedef; the file
  // may see it only through what includes it, as a header does).
  const typedefs: Target[] = [];
  for (const other of await filesDefining(ref.name, (kind) => kind === 'type')) {
    if (!modules.hasTags(other) || (other !== file && !modules.includable(other))) continue;
    const otherFacts = await b.context.facts(other);
    for (const i of (otherFacts && fileIndex(otherFacts).named.get(ref.name)) ?? []) {
      const d = otherFacts?.definitions[i];
      if (d?.kind === 'type' && !d.local && modules.tagOf(other, d.value?.trim() ?? '') === ref.name) typedefs.push({ file: other, def: i });
    }
  }
  return typedefs.length > 0 ? { ...lookup, targets: unique([...inPathOrder(typedefs), ...lookup.targets]) } : lookup;
}

/**
 * C's `typedef struct node {...} node;` defines the tag `node` and the type `node`: a name written bare is the
 * type (the tag is only ever written `struct node`, which is rarer where both exist), so the typedef comes first.
 */
export async function typedefsFirst(b: Binder, lookup: Lookup): Promise<Lookup> {
  if (lookup.targets.length < 2) return lookup;
  const typedefs: Target[] = [];
  const tags = new Set<string>();
  for (const target of lookup.targets) {
    if (!('def' in target) || !b.context.modules.hasTags(target.file)) continue;
    const def = await definitionOf(b.context.facts, target);
    if (def?.kind === 'type') typedefs.push(target);
    else if (def && (kindInfo(def.kind).category === 'class' || def.kind === 'enum')) tags.add(def.name);
  }
  if (typedefs.length === 0 || tags.size === 0) return lookup;
  return { ...lookup, targets: unique([...typedefs, ...lookup.targets]) };
}

/**
 * A macro (or a C typedef) defined several times in one file (`#if defined(LUAI_ASSERT) #define lua_assert(c)
 * assert(c) #else #define lua_assert(c) ((void)0) #endif`, or `#undef` then `#define` again): the last definition
 * first, as the one a file including it sees after it (a redefinition), or the fallback a build without
 * configuration flags gets.
 */
export async function lastMacroFirst(b: Binder, lookup: Lookup): Promise<Lookup> {
  if (lookup.targets.length < 2) return lookup;
  const lines: Array<number | undefined> = [];
  for (const target of lookup.targets) {
    const def = await definitionOf(b.context.facts, target);
    const repeated = def?.kind === 'macro' || (def?.kind === 'type' && b.context.modules.definesApart(target.file));
    lines.push(repeated ? def.line : undefined);
  }
  // Each file's macros where its first one stood, the last line first; every other target where it stood.
  const targets: Target[] = [];
  const placed = new Set<string>();
  lookup.targets.forEach((target, i) => {
    if (lines[i] === undefined) targets.push(target);
    else if (!placed.has(target.file)) {
      placed.add(target.file);
      const same = lookup.targets.flatMap((other, j) => (other.file === target.file && lines[j] !== undefined ? [j] : []));
      targets.push(...same.sort((x, y) => (lines[y] ?? 0) - (lines[x] ?? 0)).map((j) => lookup.targets[j] as Target));
    }
  });
  return { ...lookup, targets };
}

/**
 * Definitions in the branches of one preprocessor conditional (`#if defined(_WIN32) ... #elif ... #else ...`): the
 * first branch whose test is not known to fail first, as a compiler takes the first that holds (the module system
 * says which may hold: `ModuleSystem.conditionMayHold`); the branches known to fail after it, in their order. Other
 * targets stay where they are.
 */
export async function takenBranchesFirst(b: Binder, lookup: Lookup): Promise<Lookup> {
  if (lookup.targets.length < 2) return lookup;
  const placed: Array<{ target: Target; group?: string; branch: number; fails: boolean }> = [];
  const { modules, filesDefining } = b.context;
  // Whether the tree defines a macro, asked once per name for all the targets: true when a file defines it outside any
  // conditional, undefined (unknown) when only branches of conditionals do, false when no file defines it.
  const defined = new Map<string, boolean | undefined>();
  const definedInTree = async (name: string): Promise<boolean | undefined> => {
    if (defined.has(name) || !filesDefining) return defined.get(name) ?? false;
    let known: boolean | undefined = false;
    for (const file of await filesDefining(name)) {
      const macros = ((await b.context.facts(file))?.definitions ?? []).filter((def) => def.name === name && def.kind === 'macro');
      if (macros.some((def) => def.conditional === undefined)) {
        known = true;
        break;
      }
      if (macros.length > 0) known = undefined;
    }
    defined.set(name, known);
    return known;
  };
  for (const target of lookup.targets) {
    const facts = 'def' in target ? await b.context.facts(target.file) : undefined;
    const conditional = facts && 'def' in target ? facts.definitions[target.def]?.conditional : undefined;
    if (!facts || !conditional || !modules.preprocessed(target.file) || !filesDefining) {
      placed.push({ target, branch: 0, fails: false });
      continue;
    }
    const fails = !(await modules.conditionMayHold(target.file, conditional.when, definedInTree));
    placed.push({ target, group: `${target.file}\u0000${conditional.group}`, branch: conditional.branch, fails });
  }
  const groups = new Map<string, number[]>();
  placed.forEach((entry, i) => {
    if (entry.group !== undefined) addTo(groups, entry.group, i);
  });
  const ordered = placed.map((entry) => entry.target);
  for (const slots of groups.values()) {
    if (slots.length < 2) continue;
    const ranked = slots.map((i) => placed[i] as (typeof placed)[number]).sort((x, y) => Number(x.fails) - Number(y.fails) || x.branch - y.branch);
    slots.forEach((slot, k) => (ordered[slot] = (ranked[k] as (typeof placed)[number]).target));
  }
  return { ...lookup, targets: ordered };
}

/** The kind of the definition a target is (undefined for a binding or a module). */
async function kindOf(b: Binder, target: Target): Promise<string | undefined> {
  return (await definitionOf(b.context.facts, target))?.kind;
}

/**
 * Methods and fields of one name: a call is the methods (Java's `size()`, Rust's `x.len()`: a field `len` is called
 * as `(x.len)()`), a member read the fields (`x.len`).
 */
export async function methodsOrFields(b: Binder, lookup: Lookup, { ref }: RankedUse): Promise<Lookup> {
  const call = ref.arity !== undefined || ref.kind === 'call';
  if ((!call && ref.qualifier === undefined) || lookup.targets.length < 2) return lookup;
  const kinds = await Promise.all(lookup.targets.map((target) => kindOf(b, target)));
  const field = (kind: string | undefined) => kind !== undefined && kindInfo(kind).category === 'member' && !kindInfo(kind).callable;
  const method = (kind: string | undefined) => kind !== undefined && kindInfo(kind).callable;
  if (!kinds.some(method) || !kinds.some(field)) return lookup;
  return { ...lookup, targets: lookup.targets.filter((_, i) => (call ? !field(kinds[i]) : !method(kinds[i]))) };
}

/** Reference kinds written in a type position (`x: Foo`, `implements Foo`, `extends Foo` of an interface). */
const TYPE_POSITIONS = new Set(['type', 'implementation', 'interface']);
/** Reference kinds written in a value position (a call, `new Foo`, a name read, a member used). */
const VALUE_POSITIONS = new Set(['call', 'class', 'read', 'member']);

/** The declaration space a target is named in: a type's, a value's, or both (a class, an enum, a namespace). */
async function spaceOf(b: Binder, target: Target): Promise<'type' | 'value' | 'both'> {
  if ('module' in target) return 'both';
  const facts = await b.context.facts(target.file);
  if ('binding' in target) return facts?.bindings[target.binding]?.kind === 'type_parameter' ? 'type' : 'value';
  const kind = facts?.definitions[target.def]?.kind;
  return kind === undefined ? 'both' : declarationSpace(kind);
}

/**
 * Declarations of one name in two spaces, in a language that names types and values apart (TypeScript's merged
 * `interface Union` and `const Union`): a name in a type position leads to the types, one in a value position to the
 * values; a class, an enum or a namespace answers both. When no target is of the use's space, the lookup stays.
 */
export async function declarationSpaces(b: Binder, lookup: Lookup, { facts, ref }: RankedUse): Promise<Lookup> {
  if (lookup.targets.length < 2 || !b.context.modules.vocabulary(facts.language).declarationSpaces) return lookup;
  const wanted = TYPE_POSITIONS.has(ref.kind) ? 'type' : VALUE_POSITIONS.has(ref.kind) ? 'value' : undefined;
  if (wanted === undefined) return lookup;
  const spaces = await Promise.all(lookup.targets.map((target) => spaceOf(b, target)));
  const kept = lookup.targets.filter((_, i) => spaces[i] === wanted || spaces[i] === 'both');
  return kept.length === 0 || kept.length === lookup.targets.length ? lookup : { ...lookup, targets: kept };
}

/** The rules, in the order they apply. */
export const RANKERS: readonly Ranker[] = [
  definitionsFirst,
  typedefOfTagFirst,
  typedefsFirst,
  lastMacroFirst,
  takenBranchesFirst,
  methodsOrFields,
  declarationSpaces,
];

/** A reference's lookup, ranked by every rule in turn. */
export async function rank(b: Binder, lookup: Lookup, use: RankedUse): Promise<Lookup> {
  let ranked = lookup;
  for (const ranker of RANKERS) ranked = await ranker(b, ranked, use);
  return ranked;
}
