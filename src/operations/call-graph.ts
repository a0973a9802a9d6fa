/**
 * The call graph of one file (seed 003): its classes, functions, methods and module-level variables as nodes, and
 * who calls or references whom, from the stored facts. Each reference is attributed to the definition it sits in
 * (calls inside nested functions and callbacks to their enclosing node, calls at the top level to the file's
 * `<top>` node) and bound to its target through the same resolver as `findDefinitions` (`this.m()` to the class's
 * method, an import to its module); cycles are the strongly connected components of the `calls` edges.
 *
 * @module
 */
import { posix } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { Binding, Definition, FileFacts, Reference } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import type { Resolver, Target } from '../binding/resolver.js';
import type { CallGraph as FileGraph, CallGraphEdge as GraphEdge, CallGraphNode as GraphNode } from '../types.js';
import { closedPath, stronglyConnected } from './cycles.js';
import type { OperationContext } from './context.js';
import { nameMatches } from './name-matches.js';

/** Options of {@link fileGraph}. */
export interface FileGraphOptions {
  /** List calls to imported names (as external nodes and edges). */
  includeExternal?: boolean;
  /** Stop walking references at this time (`performance.now()`), answering with what was found. */
  deadline?: number;
}

/** The name of the pseudo-node that calls made at a file's top level come from. */
export const TOP_LEVEL = '<top>';

/** Node type of a definition, or undefined when it is not a node (locals, members that are not methods, impls). */
function nodeType(def: Definition): GraphNode['type'] | undefined {
  if (def.local || def.kind === 'import') return undefined;
  const info = kindInfo(def.kind);
  if (info.declaresName === false) return undefined;
  return info.graphType;
}

/** Builds the graph of one file from its facts. */
export async function fileGraph(file: string, facts: FileFacts, resolver: Resolver, options: FileGraphOptions = {}): Promise<FileGraph> {
  const base = posix.basename(file);
  const nodes: GraphNode[] = [];
  const byId = new Map<string, GraphNode>();
  const nodeOfDef = new Map<number, GraphNode>();
  facts.definitions.forEach((def, i) => {
    const type = nodeType(def);
    if (!type) return;
    const parent = def.parent === undefined ? undefined : facts.definitions[def.parent];
    // A member's name says whose it is (`Repo.save`); only methods of class-like parents are nodes of their own.
    if (parent && kindInfo(parent.kind).category !== 'class' && kindInfo(parent.kind).category !== 'type' && parent.kind !== 'module') return;
    const owner = parent ? (parent.kind === 'module' ? undefined : parent.name) : def.receiver;
    const name = owner ? `${owner}.${def.name}` : def.name;
    const id = `${base}:${name}`;
    let node = byId.get(id);
    if (!node) {
      // Overloads and redefinitions are one node, at the first of them.
      node = { id, name, type: owner && type === 'function' ? 'method' : type, line: def.line, isExternal: false };
      byId.set(id, node);
      nodes.push(node);
    }
    nodeOfDef.set(i, node);
  });

  /** The node a reference is attributed to: its innermost enclosing definition that is a node. */
  const sourceOf = (ref: Reference): GraphNode => {
    for (let i = ref.enclosing; i !== undefined; i = facts.definitions[i]?.parent) {
      const node = nodeOfDef.get(i);
      if (node) return node;
    }
    let top = byId.get(`${base}:${TOP_LEVEL}`);
    if (!top) {
      top = { id: `${base}:${TOP_LEVEL}`, name: TOP_LEVEL, type: 'function', line: 1, isExternal: false };
      byId.set(top.id, top);
      nodes.push(top);
    }
    return top;
  };
  // Same-file nodes by bare name, for uses that do not bind: a bare name may be a function or variable of the file,
  // a member (`x.save()` of an untyped `x`) one of its methods.
  const byName = new Map<string, GraphNode[]>();
  for (const [i, node] of nodeOfDef) {
    const key = `${node.type === 'method' ? '.' : ''}${(facts.definitions[i] as Definition).name}`;
    const list = byName.get(key) ?? [];
    if (!list.includes(node)) list.push(node);
    byName.set(key, list);
  }

  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const external = new Map<string, { name: string; module: string }>();
  let isPartial = false;
  const addEdge = (source: GraphNode, target: GraphNode, relation: GraphEdge['relation'], line: number) => {
    const key = `${source.id}\u0000${target.id}\u0000${relation}\u0000${line}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ source: source.id, target: target.id, relation, line, isCycle: false });
  };
  // The methods the files this one imports from declare, read once (asked only for members of untyped locals): a
  // lookup per reference, not a scan of every imported file's definitions per reference.
  let importedMethods: Promise<Set<string>> | undefined;
  const importedDeclare = async (name: string) => {
    importedMethods ??= resolver.importedFiles(file, facts).then(async (others) => {
      const names = new Set<string>();
      for (const other of others) for (const method of await resolver.methodNames(other)) names.add(method);
      return names;
    });
    return (await importedMethods).has(name);
  };
  let count = 0;
  for (const ref of facts.references) {
    if (ref.kind === 'import' || ref.kind === 'export' || ref.kind === 'reexport') continue;
    // A namespace used as a qualifier (`U` of `U.add`): the member's edge says it.
    if (ref.binding !== undefined && facts.bindings[ref.binding]?.import?.name === '*') continue;
    if (options.deadline !== undefined && ++count % 64 === 0 && performance.now() > options.deadline) {
      isPartial = true;
      break;
    }
    const relation: GraphEdge['relation'] = ref.kind === 'call' || ref.arity !== undefined ? 'calls' : 'references';
    const source = sourceOf(ref);
    const resolution = await resolver.lookupOf(file, facts, ref);
    const targets = await targetsOf(file, facts, resolution.targets, resolver);
    let local = targets.local.map((i) => nodeOfDef.get(i)).filter((node): node is GraphNode => node !== undefined);
    if (resolution.how === 'unbound' && local.length === 0) {
      // Not bound: the file's one node of that name, if it has exactly one. A member of `this`/`self` is one of the
      // class's methods (a member of anything else has a type the file does not say: no edge); a bare name is a
      // function or variable of the file, else a method of the caller's own class (`m()` inside its class, in the
      // languages that allow it, or `self.m()` in a language whose queries do not mark qualifiers).
      const member = byName.get(`.${ref.name}`) ?? [];
      const ownClass = source.type === 'method' ? source.name.slice(0, source.name.lastIndexOf('.') + 1) : undefined;
      const ofOwnClass = ownClass ? member.filter((node) => node.name === `${ownClass}${ref.name}`) : [];
      // A member of a local whose type is not written (`child.walk()` of Rust's `for child in &self.children`): the
      // file's one method of that name, unless a file it imports declares one too (`job.run()` of a parameter when
      // `Job` is imported).
      const qualifierBinding = ref.qualifierBinding === undefined ? undefined : facts.bindings[ref.qualifierBinding];
      const untyped = qualifierBinding !== undefined && ref.qualifier === qualifierBinding.name && isUntypedLocal(qualifierBinding);
      const ofUntyped = untyped && member.length === 1 && !(await importedDeclare(ref.name)) ? member : [];
      const named = ref.qualifier !== undefined ? (resolver.selfWords(facts.language).has(ref.qualifier) ? ofOwnClass : ofUntyped) : (byName.get(ref.name) ?? ofOwnClass);
      const [sole] = nameMatches(named, { take: 'sole' });
      if (sole) local = [sole];
    }
    for (const target of new Set(local)) {
      // A node using itself by name is recursion only when it calls itself.
      if (target === source && relation !== 'calls') continue;
      addEdge(source, target, relation, ref.line);
    }
    if (options.includeExternal && local.length === 0) {
      const module = importSource(facts, ref);
      if (module !== undefined && (resolution.how === 'external' || targets.elsewhere.length > 0)) {
        const name = ref.name;
        const id = `${module}:${name}`;
        let node = byId.get(id);
        if (!node) {
          const kind = targets.elsewhere[0]?.kind;
          const type = (kind ? kindInfo(kind).graphType : undefined) ?? (relation === 'calls' ? (ref.kind === 'class' ? 'class' : 'function') : 'variable');
          node = { id, name, type, line: 0, isExternal: true, module };
          byId.set(id, node);
          nodes.push(node);
        }
        external.set(id, { name, module });
        addEdge(source, node, relation, ref.line);
      }
    }
  }

  // Cycles: strongly connected components of the calls (a self-call is a component of one with a loop).
  const calls = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.relation !== 'calls') continue;
    const list = calls.get(edge.source) ?? [];
    list.push(edge.target);
    calls.set(edge.source, list);
  }
  const ids = nodes.map((node) => node.id);
  const components = stronglyConnected(ids, (id) => calls.get(id) ?? []);
  const componentOf = new Map<string, number>();
  const cycles: string[][] = [];
  const order = new Map(ids.map((id, i) => [id, i]));
  const loops = (id: string) => (calls.get(id) ?? []).includes(id);
  components.forEach((component, c) => {
    for (const id of component) componentOf.set(id, c);
    // In file order: each direct recursion as its own cycle, then one closed path through the others (mutual
    // recursion), from the component's first node in the file.
    const sorted = [...component].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    for (const id of sorted) if (loops(id)) cycles.push([id, id]);
    if (component.length === 1) return;
    const members = new Set(component);
    const start = sorted[0] as string;
    cycles.push(closedPath(start, (id) => (calls.get(id) ?? []).filter((next) => next !== id && members.has(next))));
  });
  for (const edge of edges) {
    if (edge.relation !== 'calls') continue;
    const c = componentOf.get(edge.source);
    if (c === undefined || c !== componentOf.get(edge.target)) continue;
    edge.isCycle = edge.source !== edge.target || (calls.get(edge.source) ?? []).includes(edge.source);
  }
  edges.sort((a, b) => a.line - b.line || a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
  return { file, nodes, edges, cycles, external: [...external.values()], isPartial };
}

/** A local variable or parameter without a declared type: not a declaration, not an import, not module-level. */
function isUntypedLocal(binding: Binding): boolean {
  return binding.type === undefined && binding.import === undefined && binding.def === undefined && binding.top !== true;
}

/** Targets split into definitions of this file and definitions elsewhere (with their kind). */
async function targetsOf(
  file: string,
  facts: FileFacts,
  targets: Target[],
  resolver: Resolver,
): Promise<{ local: number[]; elsewhere: Array<{ file: string; kind: string }> }> {
  const local: number[] = [];
  const elsewhere: Array<{ file: string; kind: string }> = [];
  for (const target of targets) {
    if (target.file === file) {
      if ('def' in target) local.push(target.def);
      else if ('binding' in target) {
        const def = facts.bindings[target.binding]?.def;
        if (def !== undefined) local.push(def);
      }
      continue;
    }
    const kind = 'def' in target ? (await resolver.definitionOf(target))?.kind : 'module' in target ? 'module' : undefined;
    elsewhere.push({ file: target.file, kind: kind ?? 'function' });
  }
  return { local, elsewhere };
}

/** The module a used name is imported from, as written (the binding of the name, or of its qualifier's head). */
function importSource(facts: FileFacts, ref: Reference): string | undefined {
  const binding = ref.binding ?? ref.qualifierBinding;
  if (binding === undefined) return undefined;
  return facts.bindings[binding]?.import?.source;
}

/** A call graph's time budget, refused unless it is a positive number of milliseconds. */
export function checkGraphTimeout(timeoutMs: unknown): number {
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `timeoutMs must be a positive number, got ${JSON.stringify(timeoutMs)}`, { timeoutMs });
  }
  return timeoutMs;
}

/** What the call graph of a file reads. */
export type CallGraphContext = Pick<OperationContext, 'workspace' | 'resolver'>;

/**
 * The call graph of a file whose facts were read: refused for a file no language analyzes; the tree's files are
 * listed first (which files exist, for the imports the binding follows).
 *
 * @throws CodeIndexError `TS_UNSUPPORTED_LANGUAGE`.
 */
export async function callGraph(
  context: CallGraphContext,
  { relative, facts }: { relative: string; facts: FileFacts },
  options: FileGraphOptions,
): Promise<FileGraph> {
  if (!context.workspace.languageOf(relative)) {
    const warning = facts.warnings.find((w) => w.code === ErrorCode.TS_UNSUPPORTED_LANGUAGE);
    const message = warning?.message ?? `No language analyzes ${relative}`;
    throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, message, { file_path: relative });
  }
  await context.workspace.listFiles();
  return fileGraph(relative, facts, context.resolver, options);
}
