/**
 * The fallback for a use of a name that does not bind: the definitions of the name, written once for the three
 * operations that need it (findDefinitions and hover, the file call graph, the call hierarchy).
 *
 * What they share is {@link nameMatches}: the candidates, narrowed to a more precise set when it is not empty, then
 * either all of them, ranked, or the one candidate when there is exactly one. Where the three differ today, the
 * difference is a parameter:
 * - the candidates: findDefinitions takes the name table's definitions and the asking file's own locals, in the
 *   query's scope ({@link definitionsOfName}); the call hierarchy, the name table's; the call graph, the nodes of its
 *   own file (a bare name, or a method of the caller's own class or of an untyped local: call-graph.ts says which);
 * - `narrow`: findDefinitions keeps the definitions inside the container a query names (`UserService.create`);
 * - `order`: findDefinitions ranks by nearness to the use ({@link nearnessOrder}); the others keep the table's order;
 * - `take`: findDefinitions lists every candidate (`'all'`); an edge of a graph or a hierarchy needs one target, so
 *   they take the name only when one definition has it (`'sole'`).
 *
 * @module
 */
import type { ModuleResolver } from '../binding/modules.js';
import type { LocatedDefinition } from '../engine/workspace.js';
import type { NameIndex } from '../engine/names.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { summaryDefinitionOf } from '../model/views.js';
import { folderOf } from './target.js';

/** How the candidates of an unbound name are narrowed, ordered and taken (see the module's note). */
export interface NameMatchPolicy<T> {
  /** A more precise set: kept when it holds any candidate, else every candidate is. */
  narrow?: (candidate: T) => boolean;
  /** Comparisons applied in turn until one tells two candidates apart. @defaultValue the candidates' own order */
  order?: ReadonlyArray<(a: T, b: T) => number>;
  /** `'all'`: every candidate, in order; `'sole'`: the one candidate when there is exactly one, else none. */
  take: 'all' | 'sole';
}

/** The answers a name that does not bind gets from its candidates. */
export function nameMatches<T>(candidates: readonly T[], policy: NameMatchPolicy<T>): T[] {
  let kept = candidates;
  if (policy.narrow) {
    const narrowed = kept.filter(policy.narrow);
    if (narrowed.length > 0) kept = narrowed;
  }
  if (policy.take === 'sole') return kept.length === 1 ? [...kept] : [];
  const order = policy.order ?? [];
  return [...kept].sort((a, b) => {
    for (const compare of order) {
      const difference = compare(a, b);
      if (difference !== 0) return difference;
    }
    return 0;
  });
}

/** Definitions of one name read to find the one with a body among its declarations (more: no sole definition). */
const MAX_DECLARATIONS = 4;

/**
 * The one definition of a name in the project, if one has it; of a few, the one with a body when the others are its
 * declarations without one (C's prototypes in headers, overload signatures): what a use that does not bind is taken
 * to name.
 */
export async function soleDefinition(
  workspace: { names: Pick<NameIndex, 'definitionsNamed'>; factsOf(file: string): Promise<FileFacts | undefined> },
  name: string,
): Promise<LocatedDefinition | undefined> {
  const candidates = definitionsOfName(workspace, { name });
  const [only] = nameMatches(candidates, { take: 'sole' });
  if (only || candidates.length < 2 || candidates.length > MAX_DECLARATIONS) return only;
  const bodied: LocatedDefinition[] = [];
  for (const candidate of candidates) {
    const facts = await workspace.factsOf(candidate.file);
    const def = facts?.definitions.find((d) => d.line === candidate.definition.line && d.column === candidate.definition.column);
    if (def && !def.declarationOnly) bodied.push(candidate);
  }
  return bodied.length === 1 ? bodied[0] : undefined;
}

/** Where a name is used, for the candidates and the ranking of its definitions. */
export interface NameUse {
  /** The name. */
  name: string;
  /** The file and position of the use, when known. */
  at?: { file: string; line: number; column: number };
  /** The facts of that file. */
  facts?: FileFacts;
}

/** The definitions of a name: the name table's, and (for a use in a file) that file's own locals of the name. */
export function definitionsOfName(workspace: { names: Pick<NameIndex, 'definitionsNamed'> }, use: NameUse): LocatedDefinition[] {
  const entries = [...workspace.names.definitionsNamed(use.name)];
  if (use.facts && use.at) {
    const file = use.at.file;
    for (const def of use.facts.definitions) {
      if (def.local && def.name === use.name) entries.push({ file, definition: summaryDefinitionOf(use.facts, def), local: true });
    }
  }
  return entries;
}

/**
 * The files of the module the using file imports the name from, by the importing language's module system (the
 * binding's own answer): empty when the file does not import the name, or the import names no file of the tree.
 */
export async function importedFrom(modules: Pick<ModuleResolver, 'filesOf'>, use: NameUse): Promise<ReadonlySet<string>> {
  if (!use.facts || !use.at) return new Set();
  const item = use.facts.imports.find((i) => i.imports.some((it) => (it.alias ?? it.name) === use.name || it.name === use.name));
  if (!item) return new Set();
  return new Set(await modules.filesOf(use.at.file, item.source));
}

/** The last part of a qualifier (`durationSubscriber` of `this.durationSubscriber`), cut at the language's member operators. */
function lastPart(qualifier: string, operators: readonly string[]): string {
  let cut = 0;
  for (const operator of ['.', '::', ...operators]) {
    const at = qualifier.lastIndexOf(operator);
    if (at >= 0) cut = Math.max(cut, at + operator.length);
  }
  return qualifier.slice(cut);
}

/**
 * findDefinitions' order of the definitions of a name that does not bind, nearest to the use first: the definition
 * whose own name the use is, then, for a member use (`subscriber.next`), members of a type the qualifier is named
 * after (`Subscriber`, `durationSubscriber`) before members of types the file names; for a call, what can be called;
 * then the same file, the module the file imports the name from, the same folder, the same language. Ties: the name
 * table's before locals, a declaration before the blocks that only extend it, then file and line.
 *
 * @param imported - The files of the module the use imports the name from ({@link importedFrom}).
 */
export function nearnessOrder(
  registry: LanguageRegistry,
  use: NameUse,
  imported: ReadonlySet<string>,
): Array<(a: LocatedDefinition, b: LocatedDefinition) => number> {
  const at = use.at;
  const facts = use.facts;
  const reference = at && facts ? facts.references.find((r) => r.line === at.line && r.column === at.column) : undefined;
  const operators = (facts ? registry.get(facts.language)?.binding?.memberOperators : undefined) ?? [];
  const qualifier = reference?.qualifier === undefined ? undefined : lastPart(reference.qualifier.replace(/\(\)$/, ''), operators).toLowerCase();
  const named = new Set(facts?.bindings.filter((b) => b.top).map((b) => b.name));
  const memberRank = (entry: LocatedDefinition): number => {
    if (qualifier === undefined) return 0;
    const owner = entry.definition.scope?.split('.').pop();
    if (owner && qualifier.endsWith(owner.toLowerCase())) return 0;
    if (owner && named.has(owner)) return 1;
    return 2;
  };
  const callable = (entry: LocatedDefinition) => (reference?.kind === 'call' && !kindInfo(entry.definition.kind).callable ? 1 : 0);
  const here = at?.file;
  const hereLanguage = facts?.language;
  const placeRank = (entry: LocatedDefinition): number => {
    // On a definition's own name (hovering a declaration), that definition first.
    if (at && entry.file === at.file && entry.definition.line === at.line && entry.definition.column === at.column) return -1;
    if (entry.file === here) return 0;
    if (imported.has(entry.file)) return 1;
    if (here && folderOf(entry.file) === folderOf(here)) return 2;
    if (hereLanguage && registry.detectLanguage(entry.file).language === hereLanguage) return 3;
    return 4;
  };
  // Ranked once per entry, not per comparison.
  const ranks = new Map<LocatedDefinition, number>();
  const rank = (entry: LocatedDefinition): number => {
    let known = ranks.get(entry);
    if (known === undefined) {
      const place = placeRank(entry);
      known = place === -1 ? -1 : memberRank(entry) * 10 + callable(entry) * 5 + place;
      ranks.set(entry, known);
    }
    return known;
  };
  return [
    (a, b) => rank(a) - rank(b),
    (a, b) => Number(a.local === true) - Number(b.local === true),
    // A declaration before the blocks that only extend it (`impl T`, `extension T`).
    (a, b) => Number(kindInfo(a.definition.kind).declaresName === false) - Number(kindInfo(b.definition.kind).declaresName === false),
    (a, b) => a.file.localeCompare(b.file),
    // A macro defined several times in a file (`#if ... #define X a #else #define X b #endif`): the last first, as the
    // binding orders them.
    (a, b) =>
      a.definition.kind === 'macro' && b.definition.kind === 'macro' ? b.definition.line - a.definition.line : a.definition.line - b.definition.line,
  ];
}
