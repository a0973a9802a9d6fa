/**
 * findReferences: every reference to the identifier at a position (or a named symbol), its definitions listed apart.
 * When the name binds, the references are those that resolve to the same declarations (and those that cannot be
 * resolved at all, marked `name_match`); otherwise every use of the name.
 *
 * @module
 */
import type { Target } from '../binding/resolver.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { DefinitionLocation, PositionQuery, ReferenceLocation, ReferencesOptions, ReferencesPartial, ReferencesResult } from '../types.js';
import type { OperationContext } from './context.js';
import { definitionsOfName } from './name-matches.js';
import { bindTarget, BOUND_NOTE, checkScope, checkTimeout, locationOf, NAME_MATCH_NOTE, resolveTarget, scopeFiles } from './target.js';

/** The time `findReferences` reads files for when a call gives none: past it, the answer is partial. */
export const DEFAULT_REFERENCES_TIMEOUT_MS = 10_000;

/** What findReferences reads. */
export type ReferencesContext = Pick<OperationContext, 'workspace' | 'defaultScope' | 'analyzer' | 'resolver'>;

/** A target as a key: the same declaration gives the same key. */
function targetKey(target: Target): string {
  return 'def' in target ? `${target.file}#d${target.def}` : 'binding' in target ? `${target.file}#b${target.binding}` : `${target.file}#m`;
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
    const facts = file === target.at?.file ? target.facts : await context.workspace.factsOf(file);
    if (!facts) continue;
    for (const ref of facts.references) {
      if (ref.name !== target.name) continue;
      let resolution: ReferenceLocation['resolution'];
      if (keys.size > 0) {
        const resolved = await context.resolver.lookupOf(file, facts, ref, question);
        if (resolved.targets.some((t) => keys.has(targetKey(t)))) resolution = 'bound';
        else if (resolved.how === 'unbound') resolution = 'name_match';
        else continue;
      }
      const preview = facts.previews[ref.line] ?? '';
      references.push({ file, line: ref.line, column: ref.column, kind: ref.kind, preview, ...(resolution ? { resolution } : {}) });
    }
  }
  references.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
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
