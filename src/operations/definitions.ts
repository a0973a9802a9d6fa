/**
 * findDefinitions: every definition of the identifier at a position (or of a named symbol). Bound through scopes,
 * imports and members when the binding reaches its declarations; otherwise the definitions of the name, nearest to
 * the use first (name-matches.ts).
 *
 * @module
 */
import type { LocatedDefinition } from '../engine/workspace.js';
import type { DefinitionLocation, DefinitionsResult, PositionQuery, Resolution } from '../types.js';
import type { OperationContext } from './context.js';
import { definitionsOfName, importedFrom, nameMatches, nearnessOrder } from './name-matches.js';
import { bindTarget, BOUND_NOTE, checkScope, locationOf, NAME_MATCH_NOTE, resolveTarget, scopeFiles, type TargetName } from './target.js';

/** Name-matched definitions listed at most. */
const MAX_NAME_MATCHES = 10;

/** What findDefinitions reads. */
export type DefinitionsContext = Pick<OperationContext, 'workspace' | 'defaultScope' | 'analyzer' | 'resolver' | 'modules'>;

/** Every definition of the identifier at a position (or of a named symbol): bound when binding succeeds, else ranked. */
export async function findDefinitions(context: DefinitionsContext, query: PositionQuery): Promise<DefinitionsResult> {
  const scope = checkScope(query?.scope, context.defaultScope);
  const target = await resolveTarget(context, query);
  const files = scopeFiles(context, target, scope);
  const inScope = files.inScope;
  const found = await bindTarget(context, target);
  const identifier = target.at ? { identifier: { name: target.name, ...target.at } } : {};
  if (found && found.resolution.targets.length > 0) {
    const definitions: DefinitionLocation[] = [];
    const how: Resolution = found.resolution.how === 'external' ? 'external' : found.resolution.approximate ? 'import' : 'bound';
    for (const t of found.resolution.targets) {
      const location = await locationOf(context, t, how);
      if (location && inScope(location.file)) definitions.push(location);
    }
    if (definitions.length > 0) {
      return {
        symbol: target.name,
        ...identifier,
        definitions,
        total: definitions.length,
        resolution: how,
        note: how === 'external' ? `${found.resolution.note ?? 'Imported from outside the index'}: its import is shown` : BOUND_NOTE,
      };
    }
  }
  if (found?.resolution.how === 'external') {
    const note = found.resolution.note ?? 'Defined outside the index';
    return { symbol: target.name, ...identifier, definitions: [], total: 0, resolution: 'external', note };
  }
  await files.indexAll();
  const ranked = await rankedNameMatches(context, target, inScope);
  const reason = found?.resolution.note ? ` (${found.resolution.note})` : '';
  return {
    symbol: target.name,
    ...identifier,
    definitions: ranked.slice(0, MAX_NAME_MATCHES),
    total: ranked.length,
    resolution: 'name_match',
    note: `${NAME_MATCH_NOTE}${reason}${ranked.length > MAX_NAME_MATCHES ? `; the best ${MAX_NAME_MATCHES} of ${ranked.length}` : ''}`,
  };
}

/**
 * The definitions of a name that does not bind, in scope, nearest first: inside the container the query names when
 * any is (see name-matches.ts).
 */
async function rankedNameMatches(context: DefinitionsContext, target: TargetName, inScope: (file: string) => boolean): Promise<DefinitionLocation[]> {
  const candidates = definitionsOfName(context.workspace, target).filter((entry) => inScope(entry.file));
  const container = target.container;
  const imported = await importedFrom(context.modules, target);
  const ranked = nameMatches<LocatedDefinition>(candidates, {
    ...(container ? { narrow: (entry: LocatedDefinition) => entry.definition.scope === container } : {}),
    order: nearnessOrder(context.workspace.registry, target, imported),
    take: 'all',
  });
  return ranked.map(({ file, definition }) => ({
    file,
    line: definition.line,
    column: definition.column,
    kind: definition.kind,
    preview: definition.preview,
    ...(definition.scope ? { scope: definition.scope } : {}),
    resolution: 'name_match' as const,
  }));
}
