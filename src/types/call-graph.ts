/**
 * Call graphs: how the functions of one file call each other (the Graph-It-Live contract) and callers or callees
 * across the project.
 *
 * @module
 */

/** A node of a file's call graph. */
export interface CallGraphNode {
  /** `<file name>:<name>` (as in the Graph-It-Live contract), or `<module>:<name>` for an external node. */
  id: string;
  /** The definition's name; methods are `Class.method`; calls at the top level come from `<top>`. */
  name: string;
  /** The Graph-It-Live contract's node type. */
  type: 'class' | 'function' | 'method' | 'variable';
  /** Line of the name (0 for an external node). */
  line: number;
  /** Imported from another module (with `includeExternal`). */
  isExternal: boolean;
  /** For an external node: the module it is imported from, as written. */
  module?: string;
}

/** An edge of a file's call graph: `source` calls or references `target` at `line`. */
export interface CallGraphEdge {
  /** The id of the caller or referrer. */
  source: string;
  /** The id of the callee or the referenced node. */
  target: string;
  /** A call, or another reference (a read, a `new`, a type use). */
  relation: 'calls' | 'references';
  /** 1-based line of the call or reference. */
  line: number;
  /** The edge lies on a cycle of calls. */
  isCycle: boolean;
}

/** How the functions of one file call each other (`callGraph`). */
export interface CallGraph {
  /** Root-relative path. */
  file: string;
  /** The file's definitions (and external names). */
  nodes: CallGraphNode[];
  /** Who calls or references whom. */
  edges: CallGraphEdge[];
  /** Closed paths of node ids (`[a, b, a]`), one per strongly connected component of calls. */
  cycles: string[][];
  /** Imported names the file uses, with their module (with `includeExternal`). */
  external: Array<{ name: string; module: string }>;
  /** True when the time budget ended the walk: what is listed is right, but edges may be missing. */
  isPartial: boolean;
}

/** Options of `callGraph`. */
export interface CallGraphOptions {
  /** List calls to imported names as external nodes and edges. @defaultValue false */
  includeExternal?: boolean;
  /** Time budget in milliseconds; past it the graph is returned with `isPartial: true`. @defaultValue 5000 */
  timeoutMs?: number;
}

/** Options of `callHierarchy`. */
export interface CallHierarchyOptions {
  /** `incoming`: who calls it; `outgoing`: what it calls. @defaultValue 'incoming' */
  direction?: 'incoming' | 'outgoing';
  /** Levels to follow, 1 to 5. @defaultValue 1 */
  depth?: number;
  /** Most items listed across levels. @defaultValue 200 */
  maxItems?: number;
}

/** A caller or callee, with its call sites and how it was found. */
export interface CallHierarchyItem {
  /** The caller's or callee's name (`Class.method` for a method). */
  name: string;
  /** Its kind (`function`, `method`, ...). */
  kind: string;
  /** Root-relative path of the definition (the importing file for an external callee). */
  file: string;
  /** 1-based line of its name. */
  line: number;
  /** 1-based column of its name. */
  column: number;
  /**
   * Where the calls are: in this item's file for an incoming call (the caller's body), in the parent's file for an
   * outgoing one.
   */
  callSites: Array<{ line: number; column: number }>;
  /** `bound` through scopes, imports and members; `name_match` when the call did not bind but the name is unique. */
  resolution: 'bound' | 'name_match' | 'external';
  /** For an external callee: the module it is imported from. */
  module?: string;
  /** The next level (callers of this caller, or callees of this callee), when `depth` reaches it. */
  calls?: CallHierarchyItem[];
}

/** Callers or callees of a function across the project (`callHierarchy`). */
export interface CallHierarchyResult {
  /** The name asked about. */
  symbol: string;
  /** The definition the hierarchy starts from. */
  root: { name: string; kind: string; file: string; line: number; column: number };
  /** `incoming`: the callers; `outgoing`: the callees. */
  direction: 'incoming' | 'outgoing';
  /** Levels followed. */
  depth: number;
  /** The first level, each item holding the next in `calls`. */
  items: CallHierarchyItem[];
  /** Items listed, across levels. */
  total: number;
  /** Calls whose target could not be bound nor matched to a single definition (not listed). */
  unresolved: number;
  /** True when `maxItems` cut the walk; ask again with a smaller depth or from a deeper item. */
  truncated: boolean;
  /** How the calls were bound. */
  note: string;
}
