/**
 * Callers and callees of a function across the project, through the same binding as `findReferences`: incoming
 * calls are the uses of the name, in every file that references it, that resolve to the function (or, when a use
 * does not bind, whose name only this function has); outgoing calls are the calls inside its body, resolved the same
 * way. Calls are attributed to the definition they sit in (a callback to its enclosing function).
 *
 * @module
 */
import type { Question } from '../binding/resolver.js';
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { type DefinitionsContext, findDefinitions } from './definitions.js';
import { soleDefinition } from './name-matches.js';
import type { CallHierarchyItem, CallHierarchyOptions, CallHierarchyResult, PositionQuery } from '../types.js';

/** The deepest `callHierarchy` follows calls. */
export const MAX_DEPTH = 5;
/** Items `callHierarchy` lists across levels when the call gives no `maxItems`. */
export const DEFAULT_MAX_ITEMS = 200;

interface DefRef {
  file: string;
  def: number;
}

const keyOf = (target: DefRef) => `${target.file}#${target.def}`;

/** What the call hierarchy reads: what findDefinitions reads, which finds its root. */
export type CallHierarchyContext = DefinitionsContext;

/** A call: a tagged call, or a use with an argument count (`new X()`). */
function isCall(ref: Reference): boolean {
  return ref.kind === 'call' || ref.arity !== undefined;
}

/** The definition a use is attributed to: its innermost enclosing definition outside any function body. */
function callerOf(facts: FileFacts, ref: Reference): number | undefined {
  for (let i = ref.enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
    const def = facts.definitions[i] as Definition;
    if (!def.local && kindInfo(def.kind).graphType) return i;
  }
  return undefined;
}

function checkOptions(options: CallHierarchyOptions): { direction: 'incoming' | 'outgoing'; depth: number; maxItems: number } {
  const direction = options.direction ?? 'incoming';
  if (direction !== 'incoming' && direction !== 'outgoing') {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `direction must be "incoming" or "outgoing", got ${JSON.stringify(direction)}`, { direction });
  }
  const depth = options.depth ?? 1;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `depth must be an integer from 1 to ${MAX_DEPTH}, got ${JSON.stringify(depth)}`, { depth });
  }
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  if (!Number.isInteger(maxItems) || maxItems < 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `maxItems must be a positive integer, got ${JSON.stringify(maxItems)}`, { maxItems });
  }
  return { direction, depth, maxItems };
}

/** Callers (`incoming`) or callees (`outgoing`) of the function at a position or named, to `depth` levels. */
export async function callHierarchy(context: CallHierarchyContext, query: PositionQuery, options: CallHierarchyOptions = {}): Promise<CallHierarchyResult> {
  const { direction, depth, maxItems } = checkOptions(options);
  const found = await findDefinitions(context, query);
  const first = found.definitions[0];
  if (!first) {
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `No definition of "${found.symbol}" found in the project`, {
      symbol: found.symbol,
      suggestion: 'Ask from a position of the function (its name, or a call of it), or by its exact name',
    });
  }
  const rootFacts = await context.workspace.factsOf(first.file);
  const rootDef = rootFacts?.definitions.findIndex((d) => d.line === first.line && d.column === first.column) ?? -1;
  if (!rootFacts || rootDef < 0) {
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `"${found.symbol}" is not a definition the index holds (${first.file}:${first.line})`, {
      symbol: found.symbol,
    });
  }
  const walk = new Walk(context, maxItems);
  const root = { file: first.file, def: rootDef };
  const items = direction === 'incoming' ? await walk.incoming(root, depth, new Set([keyOf(root)])) : await walk.outgoing(root, depth, new Set([keyOf(root)]));
  const def = rootFacts.definitions[rootDef] as Definition;
  return {
    symbol: found.symbol,
    root: { name: def.name, kind: def.kind, file: first.file, line: def.line, column: def.column },
    direction,
    depth,
    items,
    total: walk.count,
    unresolved: walk.unresolved,
    truncated: walk.truncated,
    note:
      `${direction === 'incoming' ? 'Callers' : 'Callees'} bound through scopes, imports and members; a call that does not bind is listed (name_match) only when one definition has its name (its declarations without a body aside)` +
      (found.resolution === 'name_match' && found.total > 1 ? `; "${found.symbol}" has ${found.total} definitions, the first was used` : ''),
  };
}

class Walk {
  count = 0;
  unresolved = 0;
  truncated = false;
  readonly #context: CallHierarchyContext;
  /** The lookups of this walk share what they found (see `Resolver.question`). */
  #question: Question | undefined;
  readonly #maxItems: number;

  constructor(context: CallHierarchyContext, maxItems: number) {
    this.#context = context;
    this.#maxItems = maxItems;
  }

  #take(): boolean {
    if (this.count >= this.#maxItems) {
      this.truncated = true;
      return false;
    }
    this.count++;
    return true;
  }

  /** How a use leads to definitions: bound targets, else the one definition of its name, else nothing. */
  async #targets(file: string, facts: FileFacts, ref: Reference): Promise<{ targets: DefRef[]; resolution: 'bound' | 'name_match' | 'external'; module?: string }> {
    this.#question ??= this.#context.resolver.question();
    const resolved = await this.#context.resolver.lookupOf(file, facts, ref, this.#question);
    if (resolved.how === 'external') {
      const binding = ref.binding ?? ref.qualifierBinding;
      const module = binding === undefined ? undefined : facts.bindings[binding]?.import?.source;
      return { targets: [], resolution: 'external', ...(module !== undefined ? { module } : {}) };
    }
    const targets: DefRef[] = [];
    for (const target of resolved.targets) {
      if ('def' in target) targets.push({ file: target.file, def: target.def });
      else if ('binding' in target) {
        const bindingFacts = target.file === file ? facts : await this.#context.workspace.factsOf(target.file);
        const def = bindingFacts?.bindings[target.binding]?.def;
        if (def !== undefined) targets.push({ file: target.file, def });
      }
    }
    if (targets.length > 0 || resolved.how === 'bound') return { targets, resolution: 'bound' };
    // Not bound: the one definition of the name in the project, when only one has it (name-matches.ts); declarations
    // without a body (C's prototypes in headers, overload signatures) are that definition's, not others.
    const only = await soleDefinition(this.#context.workspace, ref.name);
    if (!only) return { targets: [], resolution: 'name_match' };
    const onlyFacts = await this.#context.workspace.factsOf(only.file);
    const def = onlyFacts?.definitions.findIndex((d) => d.line === only.definition.line && d.column === only.definition.column) ?? -1;
    return def >= 0 ? { targets: [{ file: only.file, def }], resolution: 'name_match' } : { targets: [], resolution: 'name_match' };
  }

  async #item(target: DefRef, resolution: CallHierarchyItem['resolution']): Promise<CallHierarchyItem | undefined> {
    const facts = await this.#context.workspace.factsOf(target.file);
    const def = facts?.definitions[target.def];
    if (!def) return undefined;
    return { name: def.name, kind: def.kind, file: target.file, line: def.line, column: def.column, callSites: [], resolution };
  }

  /** Who calls `target`: uses in every file referencing its name that lead to it, grouped by the caller. */
  async incoming(target: DefRef, depth: number, path: Set<string>): Promise<CallHierarchyItem[]> {
    const targetFacts = await this.#context.workspace.factsOf(target.file);
    const name = targetFacts?.definitions[target.def]?.name;
    if (name === undefined) return [];
    await this.#context.workspace.indexFolder('');
    const callers = new Map<string, { caller: DefRef | { file: string; top: true }; item: CallHierarchyItem }>();
    for (const file of [...this.#context.workspace.names.filesReferencing(name)].sort()) {
      const facts = await this.#context.workspace.factsOf(file);
      if (!facts) continue;
      for (const ref of facts.references) {
        if (ref.name !== name || !isCall(ref)) continue;
        const { targets, resolution } = await this.#targets(file, facts, ref);
        if (!targets.some((t) => t.file === target.file && t.def === target.def)) {
          if (targets.length === 0 && resolution !== 'external') this.unresolved++;
          continue;
        }
        const callerIndex = callerOf(facts, ref);
        const key = callerIndex === undefined ? `${file}#top` : `${file}#${callerIndex}`;
        let entry = callers.get(key);
        if (!entry) {
          if (!this.#take()) break;
          const item =
            callerIndex === undefined
              ? { name: '<top>', kind: 'module', file, line: 1, column: 1, callSites: [], resolution }
              : await this.#item({ file, def: callerIndex }, resolution);
          if (!item) continue;
          entry = { caller: callerIndex === undefined ? { file, top: true } : { file, def: callerIndex }, item };
          callers.set(key, entry);
        }
        entry.item.callSites.push({ line: ref.line, column: ref.column });
        if (resolution === 'bound') entry.item.resolution = 'bound';
      }
    }
    const items = [...callers.values()];
    if (depth > 1) {
      for (const { caller, item } of items) {
        if ('top' in caller || path.has(keyOf(caller))) continue;
        const next = await this.incoming(caller, depth - 1, new Set([...path, keyOf(caller)]));
        if (next.length > 0) item.calls = next;
      }
    }
    return items.map(({ item }) => item);
  }

  /** What `source` calls: the calls inside its body, grouped by callee, in order of first call. */
  async outgoing(source: DefRef, depth: number, path: Set<string>): Promise<CallHierarchyItem[]> {
    const facts = await this.#context.workspace.factsOf(source.file);
    if (!facts?.definitions[source.def]) return [];
    const inside = (ref: Reference) => {
      for (let i = ref.enclosing; i !== undefined; i = facts.definitions[i]?.parent) if (i === source.def) return true;
      return false;
    };
    const callees = new Map<string, { callee?: DefRef; item: CallHierarchyItem }>();
    for (const ref of facts.references) {
      if (!isCall(ref) || !inside(ref)) continue;
      const { targets, resolution, module } = await this.#targets(source.file, facts, ref);
      if (resolution === 'external') {
        const key = `external#${module ?? ''}#${ref.name}`;
        let entry = callees.get(key);
        if (!entry) {
          if (!this.#take()) break;
          entry = { item: { name: ref.name, kind: 'external', file: source.file, line: ref.line, column: ref.column, callSites: [], resolution, ...(module !== undefined ? { module } : {}) } };
          callees.set(key, entry);
        }
        entry.item.callSites.push({ line: ref.line, column: ref.column });
        continue;
      }
      if (targets.length === 0) {
        this.unresolved++;
        continue;
      }
      for (const target of targets) {
        if (target.file === source.file && target.def === source.def && resolution !== 'bound') continue;
        let entry = callees.get(keyOf(target));
        if (!entry) {
          if (!this.#take()) break;
          const item = await this.#item(target, resolution);
          if (!item) continue;
          entry = { callee: target, item };
          callees.set(keyOf(target), entry);
        }
        entry.item.callSites.push({ line: ref.line, column: ref.column });
      }
    }
    const items = [...callees.values()];
    if (depth > 1) {
      for (const { callee, item } of items) {
        if (!callee || path.has(keyOf(callee))) continue;
        const next = await this.outgoing(callee, depth - 1, new Set([...path, keyOf(callee)]));
        if (next.length > 0) item.calls = next;
      }
    }
    return items.map(({ item }) => item);
  }
}
