/**
 * The call graph of one file (the Graph-It-Live contract): its classes, functions, methods and module-level variables
 * as nodes, and who calls or references whom, from the stored facts. Each reference is attributed to the definition it
 * sits in (calls inside nested functions and callbacks to their enclosing node, calls at the top level to the file's
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
import { addTo, groupBy } from '../model/multimap.js';
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

/** Builds the graph of one file from its facts: its nodes, the edges its references make, then the cycles. */
export async function fileGraph(file: string, facts: FileFacts, resolver: Resolver, options: FileGraphOptions = {}): Promise<FileGraph> {
  const nodes = new FileNodes(file, facts);
  const { edges, external, isPartial } = await collectEdges(file, facts, resolver, nodes, options);
  const cycles = markCycles(nodes.list, edges);
  edges.sort((a, b) => a.line - b.line || a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
  return { file, nodes: nodes.list, edges, cycles, external: [...external.values()], isPartial };
}

/** The nodes of one file's graph: its definitions that are nodes, the `<top>` node and external nodes as met. */
class FileNodes {
  readonly list: GraphNode[] = [];
  readonly #byId = new Map<string, GraphNode>();
  readonly #ofDef = new Map<number, GraphNode>();
  /**
   * Same-file nodes by bare name, for uses that do not bind: a bare name may be a function or variable of the file,
   * a member (`.save`: `x.save()` of an untyped `x`) one of its methods.
   */
  readonly #byName = new Map<string, GraphNode[]>();
  readonly #base: string;
  readonly #facts: FileFacts;

  constructor(file: string, facts: FileFacts) {
    this.#base = posix.basename(file);
    this.#facts = facts;
    facts.definitions.forEach((def, i) => {
      const type = nodeType(def);
      if (!type) return;
      const parent = def.parent === undefined ? undefined : facts.definitions[def.parent];
      // A member's name says whose it is (`Repo.save`); only methods of class-like parents are nodes of their own.
      if (parent && kindInfo(parent.kind).category !== 'class' && kindInfo(parent.kind).category !== 'type' && parent.kind !== 'module') return;
      const owner = parent ? (parent.kind === 'module' ? undefined : parent.name) : def.receiver;
      const name = owner ? `${owner}.${def.name}` : def.name;
      // Overloads and redefinitions are one node, at the first of them.
      const node = this.#add(`${this.#base}:${name}`, () => ({ name, type: owner && type === 'function' ? 'method' : type, line: def.line, isExternal: false }));
      this.#ofDef.set(i, node);
      const named = addTo(this.#byName, `${node.type === 'method' ? '.' : ''}${def.name}`, node);
      if (named.indexOf(node) !== named.length - 1) named.pop();
    });
  }

  /** The node of a definition of the file, if it is one. */
  ofDefinition(def: number): GraphNode | undefined {
    return this.#ofDef.get(def);
  }

  /** The file's nodes of a bare name (`.name` for methods). */
  named(key: string): GraphNode[] | undefined {
    return this.#byName.get(key);
  }

  /** The node a reference is attributed to: its innermost enclosing definition that is a node, else `<top>`. */
  sourceOf(ref: Reference): GraphNode {
    for (let i = ref.enclosing; i !== undefined; i = this.#facts.definitions[i]?.parent) {
      const node = this.#ofDef.get(i);
      if (node) return node;
    }
    return this.#add(`${this.#base}:${TOP_LEVEL}`, () => ({ name: TOP_LEVEL, type: 'function', line: 1, isExternal: false }));
  }

  /** The external node of a name imported from a module, made when first met. */
  external(module: string, name: string, type: () => GraphNode['type']): GraphNode {
    return this.#add(`${module}:${name}`, () => ({ name, type: type(), line: 0, isExternal: true, module }));
  }

  #add(id: string, make: () => Omit<GraphNode, 'id'>): GraphNode {
    let node = this.#byId.get(id);
    if (!node) {
      node = { id, ...make() };
      this.#byId.set(id, node);
      this.list.push(node);
    }
    return node;
  }
}

/** What the references of a file make: edges between nodes, the external names called, and whether time ran out. */
interface Edges {
  edges: GraphEdge[];
  external: Map<string, { name: string; module: string }>;
  isPartial: boolean;
}

/** Walks the file's references, binding each, and draws its edges (each at most once per line). */
async function collectEdges(file: string, facts: FileFacts, resolver: Resolver, nodes: FileNodes, options: FileGraphOptions): Promise<Edges> {
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const external = new Map<string, { name: string; module: string }>();
  const addEdge = (source: GraphNode, target: GraphNode, relation: GraphEdge['relation'], line: number) => {
    const key = `${source.id}\u0000${target.id}\u0000${relation}\u0000${line}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ source: source.id, target: target.id, relation, line, isCycle: false });
  };
  const importedDeclare = importedMethodNames(file, facts, resolver);
  const question = resolver.question();
  let count = 0;
  for (const ref of facts.references) {
    if (ref.kind === 'import' || ref.kind === 'export' || ref.kind === 'reexport') continue;
    // A namespace used as a qualifier (`U` of `U.add`): the member's edge says it.
    if (ref.binding !== undefined && facts.bindings[ref.binding]?.import?.name === '*') continue;
    if (options.deadline !== undefined && ++count % 64 === 0 && performance.now() > options.deadline) return { edges, external, isPartial: true };
    const relation: GraphEdge['relation'] = ref.kind === 'call' || ref.arity !== undefined ? 'calls' : 'references';
    const source = nodes.sourceOf(ref);
    const resolution = await resolver.lookupOf(file, facts, ref, question);
    const targets = await targetsOf(file, facts, resolution.targets, resolver);
    let local = targets.local.map((i) => nodes.ofDefinition(i)).filter((node): node is GraphNode => node !== undefined);
    if (resolution.how === 'unbound' && local.length === 0) local = await unboundTarget(ref, source, facts, resolver, nodes, importedDeclare);
    for (const target of new Set(local)) {
      // A node using itself by name is recursion only when it calls itself.
      if (target === source && relation !== 'calls') continue;
      addEdge(source, target, relation, ref.line);
    }
    if (options.includeExternal && local.length === 0) {
      const module = importSource(facts, ref);
      if (module !== undefined && (resolution.how === 'external' || targets.elsewhere.length > 0)) {
        const kind = targets.elsewhere[0]?.kind;
        const node = nodes.external(module, ref.name, () => (kind ? kindInfo(kind).graphType : undefined) ?? (relation === 'calls' ? (ref.kind === 'class' ? 'class' : 'function') : 'variable'));
        external.set(node.id, { name: ref.name, module });
        addEdge(source, node, relation, ref.line);
      }
    }
  }
  return { edges, external, isPartial: false };
}

/**
 * Whether a file this one imports declares a method of a name: the methods of the imported files are read once
 * (asked only for members of untyped locals), a lookup per reference, not a scan of every imported file per reference.
 */
function importedMethodNames(file: string, facts: FileFacts, resolver: Resolver): (name: string) => Promise<boolean> {
  let names: Promise<Set<string>> | undefined;
  return async (name) => {
    names ??= resolver.importedFiles(file, facts).then(async (others) => {
      const all = new Set<string>();
      for (const other of others) for (const method of await resolver.methodNames(other)) all.add(method);
      return all;
    });
    return (await names).has(name);
  };
}

/**
 * The target of a use that does not bind: the file's one node of that name, if it has exactly one. A member of
 * `this`/`self` is one of the class's methods (a member of anything else has a type the file does not say: no edge);
 * a bare name is a function or variable of the file, else a method of the caller's own class (`m()` inside its class,
 * in the languages that allow it, or `self.m()` in a language whose queries do not mark qualifiers).
 */
async function unboundTarget(
  ref: Reference,
  source: GraphNode,
  facts: FileFacts,
  resolver: Resolver,
  nodes: FileNodes,
  importedDeclare: (name: string) => Promise<boolean>,
): Promise<GraphNode[]> {
  const member = nodes.named(`.${ref.name}`) ?? [];
  const ownClass = source.type === 'method' ? source.name.slice(0, source.name.lastIndexOf('.') + 1) : undefined;
  const ofOwnClass = ownClass ? member.filter((node) => node.name === `${ownClass}${ref.name}`) : [];
  // A member of a local whose type is not written (`child.walk()` of Rust's `for child in &self.children`): the
  // file's one method of that name, unless a file it imports declares one too (`job.run()` of a parameter when `Job`
  // is imported).
  const qualifierBinding = ref.qualifierBinding === undefined ? undefined : facts.bindings[ref.qualifierBinding];
  const untyped = qualifierBinding !== undefined && ref.qualifier === qualifierBinding.name && isUntypedLocal(qualifierBinding);
  const ofUntyped = untyped && member.length === 1 && !(await importedDeclare(ref.name)) ? member : [];
  const named =
    ref.qualifier !== undefined ? (resolver.selfWords(facts.language).has(ref.qualifier) ? ofOwnClass : ofUntyped) : (nodes.named(ref.name) ?? ofOwnClass);
  const [sole] = nameMatches(named, { take: 'sole' });
  return sole ? [sole] : [];
}

/**
 * Cycles: the strongly connected components of the `calls` edges (a self-call is a component of one with a loop),
 * each listed in file order, its edges marked `isCycle`.
 */
function markCycles(nodes: readonly GraphNode[], edges: GraphEdge[]): string[][] {
  const calls = groupBy(
    edges.filter((edge) => edge.relation === 'calls'),
    (edge) => edge.source,
  );
  const callees = (id: string) => (calls.get(id) ?? []).map((edge) => edge.target);
  const ids = nodes.map((node) => node.id);
  const components = stronglyConnected(ids, callees);
  const componentOf = new Map<string, number>();
  const cycles: string[][] = [];
  const order = new Map(ids.map((id, i) => [id, i]));
  const loops = (id: string) => callees(id).includes(id);
  components.forEach((component, c) => {
    for (const id of component) componentOf.set(id, c);
    // In file order: each direct recursion as its own cycle, then one closed path through the others (mutual
    // recursion), from the component's first node in the file.
    const sorted = [...component].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    for (const id of sorted) if (loops(id)) cycles.push([id, id]);
    if (component.length === 1) return;
    const members = new Set(component);
    const start = sorted[0] as string;
    cycles.push(closedPath(start, (id) => callees(id).filter((next) => next !== id && members.has(next))));
  });
  for (const edge of edges) {
    if (edge.relation !== 'calls') continue;
    const c = componentOf.get(edge.source);
    if (c === undefined || c !== componentOf.get(edge.target)) continue;
    edge.isCycle = edge.source !== edge.target || loops(edge.source);
  }
  return cycles;
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
