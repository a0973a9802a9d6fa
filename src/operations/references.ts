/**
 * findReferences: every reference to the identifier at a position (or a named symbol), its definitions listed apart.
 * When the name binds, the references are those that resolve to the same declarations, or to a member of the same
 * family (one it overrides or implements, or one that overrides or implements the same); uses that cannot be resolved
 * at all are listed only when asked (`includeNameMatches`), marked `name_match`, after the bound ones. When the name
 * does not bind, every use of the name.
 *
 * @module
 */
import { type Target, targetKey } from '../binding/resolver.js';
import type { FileFacts } from '../model/facts.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { DefinitionLocation, PositionQuery, ReferenceLocation, ReferencesOptions, ReferencesPartial, ReferencesResult } from '../types.js';
import type { OperationContext } from './context.js';
import { definitionsOfName } from './name-matches.js';
import { bindTarget, BOUND_NOTE, checkScope, checkTimeout, locationOf, NAME_MATCH_NOTE, resolveTarget, scopeFiles } from './target.js';

/** The time `findReferences` reads files for when a call gives none: past it, the answer is partial. */
export const DEFAULT_REFERENCES_TIMEOUT_MS = 10_000;

/** What findReferences reads. */
export type ReferencesContext = Pick<OperationContext, 'workspace' | 'defaultScope' | 'analyzer' | 'resolver'>;

/** Steps of the walk up one member's bases at most (a member overriding a member overriding ...). */
const MAX_FAMILY_STEPS = 64;

/**
 * The members a member overrides or implements, as the compiler relates them: a member of a class or interface, and
 * the members of its name in the declared bases of its type (`extends`, `implements`), up to the roots. Two members
 * whose sets meet are one family: a call through the base reaches either (a method, its override in a subclass, the
 * interface member both implement). Each member's set is found once per question.
 */
class Family {
  readonly #above = new Map<string, Promise<Set<string>>>();
  readonly #context: ReferencesContext;
  readonly #name: string;
  readonly #facts: (file: string) => Promise<FileFacts | undefined>;

  constructor(context: ReferencesContext, name: string, facts: (file: string) => Promise<FileFacts | undefined>) {
    this.#context = context;
    this.#name = name;
    this.#facts = facts;
  }

  /** The keys of a target and of the members of its name above it. */
  above(target: Target): Promise<Set<string>> {
    const key = targetKey(target);
    let found = this.#above.get(key);
    if (!found) {
      found = this.#walk(target);
      this.#above.set(key, found);
    }
    return found;
  }

  async #walk(start: Target): Promise<Set<string>> {
    const keys = new Set([targetKey(start)]);
    const queue = [start];
    for (let steps = 0; steps < MAX_FAMILY_STEPS; steps++) {
      const member = queue.shift();
      if (!member) break;
      if (!('def' in member)) continue;
      const facts = await this.#facts(member.file);
      const owner = facts?.definitions[member.def]?.parent;
      if (!facts || owner === undefined) continue;
      for (const base of await this.#context.resolver.basesOf(member.file, facts, owner)) {
        for (const inherited of await this.#context.resolver.membersOf(base, this.#name)) {
          const key = targetKey(inherited);
          if (keys.has(key)) continue;
          keys.add(key);
          queue.push(inherited);
        }
      }
    }
    return keys;
  }
}

/**
 * Every reference to the identifier at a position (or a named symbol), its definitions listed apart. When the name
 * binds, the references are those that resolve to the same declarations (and those that cannot be resolved at all,
 * marked `name_match`); otherwise every use of the name.
 */
export async function findReferences(context: ReferencesContext, query: PositionQuery, options: ReferencesOptions = {}): Promise<ReferencesResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const deadline = performance.now() + checkTimeout(options.timeoutMs ?? DEFAULT_REFERENCES_TIMEOUT_MS);
  const fromFile = checkFromFile(options.fromFile);
  const target = await resolveTarget(context, query);
  const scoped = scopeFiles(context, target, scope);
  const inScope = scoped.inScope;
  const found = await bindTarget(context, target);
  const targets = found?.resolution.targets ?? [];
  const keys = new Set(targets.map(targetKey));
  const factsOf = (file: string) => (file === target.at?.file ? Promise.resolve(target.facts) : context.workspace.factsOf(file));
  const family = new Family(context, target.name, factsOf);
  // The target's family: its own members and those above them; a use bound to a member whose set meets it is one.
  const related = new Set<string>();
  for (const t of targets) for (const key of await family.above(t)) related.add(key);
  const inFamily = async (resolved: Target[]): Promise<boolean> => {
    for (const t of resolved) {
      if (keys.has(targetKey(t))) return true;
      for (const key of await family.above(t)) if (related.has(key)) return true;
    }
    return false;
  };
  // A local (a parameter, a variable inside a function) is used in its own file only.
  const localOnly = targets.length > 0 && targets.every((t) => 'binding' in t && t.file === target.at?.file);
  if (!localOnly) await scoped.indexAll();
  const all = localOnly && target.at ? [target.at.file] : [...context.workspace.names.filesReferencing(target.name)].filter(inScope).sort();
  // (path order by code unit, as `sort()` gives: a file's place does not depend on the locale)
  const files = fromFile === undefined ? all : all.filter((file) => file >= fromFile);
  const references: ReferenceLocation[] = [];
  const question = context.resolver.question();
  let partial: ReferencesPartial | undefined;
  for (const [read, file] of files.entries()) {
    if (read > 0 && performance.now() > deadline) {
      partial = { filesRead: read, filesLeft: files.length - read, nextFile: file };
      break;
    }
    const facts = await factsOf(file);
    if (!facts) continue;
    for (const ref of facts.references) {
      if (ref.name !== target.name) continue;
      let resolution: ReferenceLocation['resolution'];
      if (keys.size > 0) {
        const resolved = await context.resolver.lookupOf(file, facts, ref, question);
        if (await inFamily(resolved.targets)) resolution = 'bound';
        else if (resolved.how === 'unbound' && options.includeNameMatches === true) resolution = 'name_match';
        else continue;
      }
      const preview = facts.previews[ref.line] ?? '';
      references.push({ file, line: ref.line, column: ref.column, kind: ref.kind, preview, ...(resolution ? { resolution } : {}) });
    }
  }
  if (related.size > 0) references.push(...(await familyDeclarations(context, target.name, { keys, inFamily, factsOf, inScope, fromFile, partial })));
  // The bound ones first, then those that only share the name; each in path and position order.
  const rank = (r: ReferenceLocation) => (r.resolution === 'name_match' ? 1 : 0);
  references.sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  let definitions: DefinitionLocation[];
  if (targets.length > 0) {
    definitions = [];
    for (const t of targets) {
      const location = await locationOf(context, t, found?.resolution.approximate ? 'import' : 'bound');
      if (location && inScope(location.file)) definitions.push({ ...location, isDefinition: true });
    }
  } else {
    definitions = definitionsOfName(context.workspace, target)
      .filter((entry) => inScope(entry.file))
      .map(({ file, definition }) => {
        const { line, column, kind, preview } = definition;
        return { file, line, column, kind, preview, isDefinition: true as const };
      });
  }
  return {
    symbol: target.name,
    ...(target.at ? { identifier: { name: target.name, ...target.at } } : {}),
    references,
    total: references.length,
    definitions,
    resolution: targets.length > 0 ? 'bound' : 'name_match',
    note: `${targets.length > 0 ? BOUND_NOTE : NAME_MATCH_NOTE}${partial ? partialNote(partial) : ''}`,
    ...(partial ? { partial } : {}),
  };
}

/**
 * The other members of a member's family, listed as references of kind `override` (as the TypeScript
 * LanguageService lists them): the members it overrides or implements, and those that override or implement the same,
 * from the files that define its name (within the pages a partial answer covers).
 */
async function familyDeclarations(
  context: ReferencesContext,
  name: string,
  asked: {
    keys: ReadonlySet<string>;
    inFamily: (resolved: Target[]) => Promise<boolean>;
    factsOf: (file: string) => Promise<FileFacts | undefined>;
    inScope: (file: string) => boolean;
    fromFile: string | undefined;
    partial: ReferencesPartial | undefined;
  },
): Promise<ReferenceLocation[]> {
  const { keys, inFamily, factsOf, inScope, fromFile, partial } = asked;
  const files = new Set<string>();
  for (const entry of context.workspace.names.definitionsNamed(name)) files.add(entry.file);
  const found: ReferenceLocation[] = [];
  for (const file of [...files].sort()) {
    if (!inScope(file) || (fromFile !== undefined && file < fromFile) || (partial && file >= partial.nextFile)) continue;
    const facts = await factsOf(file);
    if (!facts) continue;
    for (const [def, definition] of facts.definitions.entries()) {
      if (definition.name !== name || definition.parent === undefined) continue;
      const member = { file, def };
      if (keys.has(targetKey(member)) || !(await inFamily([member]))) continue;
      found.push({ file, line: definition.line, column: definition.column, kind: 'override', preview: facts.previews[definition.line] ?? '', resolution: 'bound' });
    }
  }
  return found;
}

/** What a partial answer's note adds. */
function partialNote({ filesRead, filesLeft, nextFile }: ReferencesPartial): string {
  return `; partial: the time budget ran out after ${filesRead} of ${filesRead + filesLeft} files, go on with fromFile "${nextFile}"`;
}

/** A `fromFile` option: a root-relative path, or none. */
function checkFromFile(fromFile: unknown): string | undefined {
  if (fromFile === undefined) return undefined;
  if (typeof fromFile !== 'string' || fromFile === '' || fromFile.length > 4096) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'fromFile must be a root-relative path (a partial answer\'s nextFile)', { fromFile });
  }
  return fromFile;
}
