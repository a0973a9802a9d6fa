/**
 * The repository map: the most important definitions of a tree, as signatures grouped under their files, fitted
 * into a token budget. What is important is read off the reference graph: a file that references a name points to
 * the files that define it, PageRank over those edges ranks the files, and each definition gets the rank that flows
 * to its name. Name matches for now (binding-aware edges when navigation has them).
 *
 * Built from the name table's summaries alone (each file's definitions outside function bodies and the distinct
 * names it references): no file's facts are loaded, so a 5,000-file tree is mapped from memory. The graph goes
 * through one node per name (file -> name -> defining files), so a name referenced by m files and defined in n
 * costs m + n edges, not m x n. Every order has a tie-breaker: the same tree gives the same map.
 *
 * Learnt from Aider's repo map (PageRank over a file graph, rank split over definitions, personalization towards
 * the files in the chat, damping private and widely defined names), not copied: here the rank flows through name
 * nodes, common names are damped by how many files define them, and the budget is met exactly by a binary search
 * over the ranked definitions with a real tokenizer.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { SummaryDefinition } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { loadTokenizer, type Tokenizer } from '../tokens.js';
import type { Diagnostic } from '../types.js';
import type { Workspace } from '../engine/workspace.js';
import { scopeFolder } from './target.js';

/** Options of {@link CodeIndex.repoMap}. */
export interface RepoMapOptions {
  /** Most tokens of the map's text (o200k_base). @defaultValue 1024 */
  tokenBudget?: number;
  /** Files the task is about (root-relative): the map leans towards them and what they use. */
  focus?: string[];
  /** Symbol names the task mentions: their definitions come first, and what references them ranks higher. */
  mentioned?: string[];
  /** A folder to map, root-relative. @defaultValue the whole root */
  path?: string;
}

/** One definition in the map. */
export interface RepoMapDefinition {
  /** Its name. */
  name: string;
  /** Kind from the tags vocabulary (`function`, `class`, `method`, ...). */
  kind: string;
  /** 1-based line of its name. */
  line: number;
  /** The enclosing definition's name (a method's class). */
  scope?: string;
  /** What the map shows for it: the signature of a callable, else its first line. */
  text: string;
  /** True when its file exports it. */
  isExported: boolean;
  /** Its share of the rank (the map shows the highest first). */
  rank: number;
  /** Shown only as the container of a ranked member. */
  context?: true;
}

/** One file of the map, with the definitions shown in line order. */
export interface RepoMapFile {
  /** Root-relative path. */
  file: string;
  /** The file's PageRank (all files of the map's scope sum to 1). */
  rank: number;
  /** The definitions shown, in line order. */
  definitions: RepoMapDefinition[];
}

/** What {@link CodeIndex.repoMap} returns. */
export interface RepoMap {
  /**
   * The map: each file's path, then its definitions indented (members under their class), in line order; files in
   * the order of their highest-ranked definition.
   */
  text: string;
  /** Tokens of `text` (o200k_base): never more than the budget. */
  tokens: number;
  /** The budget it was fitted to. */
  tokenBudget: number;
  /** The files shown, in the order of their highest-ranked definition. */
  files: RepoMapFile[];
  /** Files ranked (every indexed file in scope). */
  totalFiles: number;
  /** Definitions ranked. */
  totalDefinitions: number;
  /** Definitions shown (ranked ones, not their containers). */
  shownDefinitions: number;
  /** Focus files that are not in the index (ignored). */
  warnings: Diagnostic[];
}

/** What {@link repoMap} runs against. */
export interface RepoMapContext {
  workspace: Workspace;
}

/** Default of {@link RepoMapOptions.tokenBudget}. */
export const DEFAULT_MAP_TOKENS = 1024;
/** The largest budget accepted (a map is an overview: read files for more). */
export const MAX_MAP_TOKENS = 100_000;

const DAMPING = 0.85;
const ITERATIONS = 100;
/** Stop when an iteration moves less rank than this in all (L1): the order of the map no longer changes. */
const TOLERANCE = 1e-5;
/** Weight of a name the caller mentioned, on the edges of the files referencing it. */
const MENTIONED = 10;
/**
 * Weight of a private name (`_x`, `#x`, a top-level definition its file does not export): another file can hardly
 * reference it, so a match from there is most likely another thing of the same name.
 */
const PRIVATE = 0.02;
/**
 * Weight of a name only properties and fields have: `x.count`, `Object.keys` and `item.name` match any of them by
 * name, so such references say little about which one is meant.
 */
const FIELD = 0.1;
/** Weight of a name of one or two characters (`R`, `A`, `id`: type parameters and generic words, not APIs). */
const SHORT = 0.02;
/** Weight of a name defined in more than {@link COMMON_FILES} files (`get`, `toString`, `__init__`). */
const COMMON = 0.1;
const COMMON_FILES = 5;
/**
 * Weight of an edge to a member whose container the referencing file never names (`source.getTokenBefore()` with
 * the `SourceCode` object from elsewhere): often right in dynamic code, often another method of the same name.
 */
const UNNAMED_CONTAINER = 0.1;
/** Share of the random jumps that land on the focus files, when there are some. */
const FOCUS_SHARE = 0.8;
/** Longest text shown for a definition (a signature or a first line). */
const MAX_TEXT = 160;

interface Node {
  file: string;
  definitions: SummaryDefinition[];
  references: string[];
}

interface RankedDefinition {
  node: number;
  index: number;
  score: number;
}

function isField(definition: SummaryDefinition): boolean {
  const info = kindInfo(definition.kind);
  return info.category === 'member' && !info.callable;
}

function isPrivate(definition: SummaryDefinition): boolean {
  if (/^[_#]/.test(definition.name)) return true;
  return definition.scope === undefined && !definition.isExported;
}

/** The graph of the files in scope: nodes in path order, names with their definitions. */
function collect(workspace: Workspace, files: ReadonlySet<string>): { nodes: Node[]; byFile: Map<string, number> } {
  const nodes: Node[] = [];
  for (const file of files) {
    const summary = workspace.summaryOf(file);
    if (summary) nodes.push({ file, definitions: summary.definitions, references: summary.references });
  }
  nodes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { nodes, byFile: new Map(nodes.map((node, i) => [node.file, i])) };
}

/**
 * The text a definition reads as: a callable's signature, else its first line without a trailing `{`, `:` or `;`;
 * cut to {@link MAX_TEXT} characters (one long overloaded signature must not take a map's budget).
 */
function textOf(definition: SummaryDefinition): string {
  const callable = definition.signature !== undefined && kindInfo(definition.kind).callable;
  const line = callable ? oneLine(definition.signature as string) : definition.preview.replace(/\s*[{:;,(]?\s*$/, '').trim() || `${definition.kind} ${definition.name}`;
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The key of a definition in the graph: its name, qualified by its container for members. */
function keyOf(definition: SummaryDefinition): string {
  return definition.scope === undefined ? definition.name : `${definition.scope}\u0000${definition.name}`;
}

// The keys of a summary's definitions, kept while the summary lives: a map is asked for again and again over
// the same summaries (and files with the same content share one).
const keysBySummary = new WeakMap<readonly SummaryDefinition[], string[]>();

function keysOfDefinitions(definitions: readonly SummaryDefinition[]): string[] {
  let keys = keysBySummary.get(definitions);
  if (!keys) {
    keys = definitions.map(keyOf);
    keysBySummary.set(definitions, keys);
  }
  return keys;
}

/**
 * The graph's key nodes, numbered: each key's definitions (as node numbers, once per definition), its weight
 * (private, field-only, one- or two-character and widely defined keys damped; the caller's mentions apply per call), the member keys of each
 * name with their containers, and each node's definitions' keys.
 */
interface Keys {
  ids: Map<string, number>;
  /** Definitions of key k: `definers[start[k]] .. definers[start[k + 1] - 1]`. */
  start: Int32Array;
  definers: Int32Array;
  weights: Float64Array;
  members: Map<string, Array<{ scope: string; key: number }>>;
  /** The key of each node's definitions, in their order. */
  ofDefinition: Int32Array[];
}

function keysOf(nodes: Node[]): Keys {
  const ids = new Map<string, number>();
  const lists: number[][] = [];
  const allPrivate: boolean[] = [];
  const allFields: boolean[] = [];
  const short: boolean[] = [];
  const members = new Map<string, Array<{ scope: string; key: number }>>();
  const ofDefinition = nodes.map((node) => new Int32Array(node.definitions.length));
  nodes.forEach((node, i) => {
    const definitionKeys = keysOfDefinitions(node.definitions);
    node.definitions.forEach((definition, index) => {
      const key = definitionKeys[index] as string;
      let id = ids.get(key);
      if (id === undefined) {
        id = lists.length;
        ids.set(key, id);
        lists.push([]);
        allPrivate.push(true);
        allFields.push(true);
        short.push(definition.name.length <= 2);
        if (definition.scope !== undefined) {
          const scoped = members.get(definition.name) ?? [];
          scoped.push({ scope: definition.scope, key: id });
          members.set(definition.name, scoped);
        }
      }
      (lists[id] as number[]).push(i);
      (ofDefinition[i] as Int32Array)[index] = id;
      allPrivate[id] &&= isPrivate(definition);
      allFields[id] &&= isField(definition);
    });
  });
  const start = new Int32Array(lists.length + 1);
  lists.forEach((list, k) => (start[k + 1] = (start[k] as number) + list.length));
  const definers = new Int32Array(start[lists.length] as number);
  lists.forEach((list, k) => definers.set(list, start[k] as number));
  const weights = new Float64Array(lists.length);
  lists.forEach((list, k) => {
    let weight = 1;
    if (allPrivate[k]) weight *= PRIVATE;
    if (allFields[k]) weight *= FIELD;
    if (short[k]) weight *= SHORT;
    if (new Set(list).size > COMMON_FILES) weight *= COMMON;
    weights[k] = weight;
  });
  return { ids, start, definers, weights, members, ofDefinition };
}

/**
 * The reference graph of a set of files: the keys, and each file's out-edges as CSR (`edgeKey[edgeStart[i] ..
 * edgeStart[i + 1] - 1]`) with their weights before the caller's mentions. A file points to the top-level
 * definitions of the names it references, and to the members of a name, fully in the containers it also
 * references and a tenth as much in the others (`cache.get(id)` says little of `Registry.get` in a file that never
 * names `Registry`): name matching, with the one check the summaries allow.
 */
interface Graph {
  nodes: Node[];
  keys: Keys;
  edgeStart: Int32Array;
  edgeKey: Int32Array;
  edgeWeight: Float64Array;
}

function graphOf(nodes: Node[], references: (file: string, name: string) => boolean): Graph {
  const keys = keysOf(nodes);
  const edgeStart = new Int32Array(nodes.length + 1);
  const edgeKeys: number[] = [];
  const edgeWeights: number[] = [];
  nodes.forEach((node, i) => {
    const add = (key: number | undefined, factor: number) => {
      if (key === undefined) return;
      const from = keys.start[key] as number;
      const to = keys.start[key + 1] as number;
      // A key only the referencing file defines is a local use, not an edge.
      let elsewhere = false;
      for (let d = from; d < to && !elsewhere; d++) elsewhere = keys.definers[d] !== i;
      if (!elsewhere) return;
      edgeKeys.push(key);
      edgeWeights.push((keys.weights[key] as number) * factor);
    };
    for (const name of node.references) {
      add(keys.ids.get(name), 1);
      for (const member of keys.members.get(name) ?? []) add(member.key, references(node.file, member.scope) ? 1 : UNNAMED_CONTAINER);
    }
    edgeStart[i + 1] = edgeKeys.length;
  });
  return { nodes, keys, edgeStart, edgeKey: Int32Array.from(edgeKeys), edgeWeight: Float64Array.from(edgeWeights) };
}

// The last graph of each workspace, reused while its files' summaries are the same objects (a summary is replaced
// when its file changes): an agent asks for maps again and again, with another focus.
const graphs = new WeakMap<Workspace, Graph>();

function cachedGraph(workspace: Workspace, nodes: Node[]): Graph {
  const cached = graphs.get(workspace);
  const same =
    cached !== undefined &&
    cached.nodes.length === nodes.length &&
    cached.nodes.every((node, i) => node.file === nodes[i]?.file && node.definitions === nodes[i]?.definitions && node.references === nodes[i]?.references);
  if (same) return cached;
  const graph = graphOf(nodes, (file, name) => workspace.names.references(file, name));
  graphs.set(workspace, graph);
  return graph;
}

/** The keys of the mentioned names: top-level definitions and members of that name, and `Class.member` forms. */
function mentionedKeys(keys: Keys, mentioned: Set<string>): Set<number> {
  const found = new Set<number>();
  for (const name of mentioned) {
    const top = keys.ids.get(name);
    if (top !== undefined) found.add(top);
    for (const member of keys.members.get(name) ?? []) found.add(member.key);
    const dot = name.lastIndexOf('.');
    const qualified = dot > 0 ? keys.ids.get(`${name.slice(0, dot)}\u0000${name.slice(dot + 1)}`) : undefined;
    if (qualified !== undefined) found.add(qualified);
  }
  return found;
}

/**
 * Ranks files by PageRank over the graph's file -> key -> file edges and returns each file's rank and the rank
 * flowing into each key. Edges and ranks are typed arrays: a step costs one pass over the edges and one over the
 * definitions.
 */
function rank(graph: Graph, focus: Set<number>, mentioned: Set<number>): { fileRank: Float64Array; keyFlow: Float64Array } {
  const { nodes, keys, edgeStart, edgeKey, edgeWeight } = graph;
  const count = nodes.length;
  const keyCount = keys.weights.length;
  // Each edge's share of its file's rank: the weights of a file's edges (mentioned keys boosted) sum to 1.
  const edgeShare = new Float64Array(edgeWeight.length);
  for (let i = 0; i < count; i++) {
    const from = edgeStart[i] as number;
    const to = edgeStart[i + 1] as number;
    let total = 0;
    for (let e = from; e < to; e++) {
      const weight = (edgeWeight[e] as number) * (mentioned.has(edgeKey[e] as number) ? MENTIONED : 1);
      edgeShare[e] = weight;
      total += weight;
    }
    for (let e = from; e < to; e++) edgeShare[e] = (edgeShare[e] as number) / total;
  }
  const teleport = new Float64Array(count);
  if (focus.size > 0) {
    teleport.fill((1 - FOCUS_SHARE) / count);
    for (const i of focus) teleport[i] = (teleport[i] as number) + FOCUS_SHARE / focus.size;
  } else teleport.fill(1 / count);
  let fileRank = Float64Array.from(teleport);
  const keyFlow = new Float64Array(keyCount);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    keyFlow.fill(0);
    let dangling = 0;
    for (let i = 0; i < count; i++) {
      const r = fileRank[i] as number;
      const from = edgeStart[i] as number;
      const to = edgeStart[i + 1] as number;
      if (from === to) dangling += r;
      for (let e = from; e < to; e++) {
        const key = edgeKey[e] as number;
        keyFlow[key] = (keyFlow[key] as number) + r * (edgeShare[e] as number);
      }
    }
    // Each step keeps the total rank at 1: what dangling files hold jumps like the rest.
    const next = new Float64Array(count);
    for (let i = 0; i < count; i++) next[i] = (1 - DAMPING + DAMPING * dangling) * (teleport[i] as number);
    for (let key = 0; key < keyCount; key++) {
      const flow = keyFlow[key] as number;
      if (flow === 0) continue;
      const from = keys.start[key] as number;
      const to = keys.start[key + 1] as number;
      const share = (DAMPING * flow) / (to - from);
      for (let d = from; d < to; d++) {
        const definer = keys.definers[d] as number;
        next[definer] = (next[definer] as number) + share;
      }
    }
    let change = 0;
    for (let i = 0; i < count; i++) change += Math.abs((next[i] as number) - (fileRank[i] as number));
    fileRank = next;
    if (change < TOLERANCE) break;
  }
  return { fileRank, keyFlow };
}

/**
 * The best `limit` definitions, best first: each scored by the rank flowing to its key, split over the key's
 * definitions. Scores live in a typed array and only the candidates above the `limit`-th score are sorted (a map
 * shows a few hundred definitions of a tree's hundreds of thousands).
 */
function topDefinitions(nodes: Node[], fileRank: Float64Array, keyFlow: Float64Array, keys: Keys, mentioned: Set<string>, limit: number): { ranked: RankedDefinition[]; total: number } {
  let total = 0;
  for (const node of nodes) total += node.definitions.length;
  const scores = new Float64Array(total);
  let at = 0;
  let top = 0;
  nodes.forEach((node, i) => {
    const own = (fileRank[i] as number) / Math.max(1, node.definitions.length);
    const ofDefinition = keys.ofDefinition[i] as Int32Array;
    node.definitions.forEach((definition, index) => {
      const key = ofDefinition[index] as number;
      const definitions = (keys.start[key + 1] as number) - (keys.start[key] as number);
      // A small share of the file's own rank orders what nothing references (exported first) after what is used.
      const score = (DAMPING * (keyFlow[key] as number)) / definitions + 0.01 * own * (definition.isExported ? 2 : 1);
      scores[at++] = score;
      top = Math.max(top, score);
    });
  });
  if (mentioned.size > 0) {
    // What the caller mentioned comes first.
    at = 0;
    for (const node of nodes) {
      for (const definition of node.definitions) {
        const qualified = definition.scope === undefined ? undefined : `${definition.scope}.${definition.name}`;
        if (mentioned.has(definition.name) || (qualified !== undefined && mentioned.has(qualified))) scores[at] = (scores[at] as number) + top;
        at++;
      }
    }
  }
  const keep = Math.min(total, limit);
  const threshold = keep === 0 ? Number.POSITIVE_INFINITY : (Float64Array.from(scores).sort()[total - keep] as number);
  const ranked: RankedDefinition[] = [];
  const ties: RankedDefinition[] = [];
  at = 0;
  nodes.forEach((node, i) => {
    for (let index = 0; index < node.definitions.length; index++, at++) {
      const score = scores[at] as number;
      if (score > threshold) ranked.push({ node: i, index, score });
      // Ties at the threshold, first in node order (the comparator's order), only as many as are missing.
      else if (score === threshold && ties.length < keep) ties.push({ node: i, index, score });
    }
  });
  ranked.push(...ties.slice(0, keep - ranked.length));
  ranked.sort((a, b) => b.score - a.score || a.node - b.node || a.index - b.index);
  return { ranked, total };
}

/** The files and definitions of the first `count` ranked definitions (with the containers of their members). */
function select(nodes: Node[], fileRank: Float64Array, ranked: RankedDefinition[], count: number): RepoMapFile[] {
  const chosen = new Map<number, Map<number, RepoMapDefinition>>();
  const pick = (node: number, index: number, score: number, context: boolean) => {
    const definition = nodes[node]?.definitions[index] as SummaryDefinition;
    let inFile = chosen.get(node);
    if (!inFile) {
      inFile = new Map();
      chosen.set(node, inFile);
    }
    const known = inFile.get(index);
    if (known) {
      if (!context) delete known.context;
      return;
    }
    inFile.set(index, {
      name: definition.name,
      kind: definition.kind,
      line: definition.line,
      ...(definition.scope !== undefined ? { scope: definition.scope } : {}),
      text: textOf(definition),
      isExported: definition.isExported,
      rank: score,
      ...(context ? { context: true as const } : {}),
    });
  };
  for (const entry of ranked.slice(0, count)) {
    const node = nodes[entry.node] as Node;
    const definition = node.definitions[entry.index] as SummaryDefinition;
    if (definition.scope !== undefined) {
      // A member is shown under its container: the nearest definition above it with the scope's name.
      const container = containerOf(node.definitions, entry.index);
      if (container !== undefined) pick(entry.node, container, 0, true);
    }
    pick(entry.node, entry.index, entry.score, false);
  }
  // Files in the order of their best definition: the map's first line is its highest-ranked definition.
  const best = (definitions: Iterable<RepoMapDefinition>) => Math.max(0, ...[...definitions].map((d) => d.rank));
  return [...chosen]
    .map(([node, definitions]) => ({
      file: (nodes[node] as Node).file,
      rank: fileRank[node] as number,
      best: best(definitions.values()),
      definitions: distinct([...definitions.values()].sort((a, b) => a.line - b.line || a.name.localeCompare(b.name))),
    }))
    .sort((a, b) => b.best - a.best || b.rank - a.rank || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map(({ file, rank, definitions }) => ({ file, rank, definitions }));
}

/** One line per place: a definition captured twice at the same line with the same text is shown once. */
function distinct(definitions: RepoMapDefinition[]): RepoMapDefinition[] {
  return definitions.filter((d, i) => i === 0 || d.line !== definitions[i - 1]?.line || d.text !== definitions[i - 1]?.text);
}

function containerOf(definitions: SummaryDefinition[], index: number): number | undefined {
  const member = definitions[index] as SummaryDefinition;
  for (let i = index - 1; i >= 0; i--) {
    const candidate = definitions[i] as SummaryDefinition;
    if (candidate.name === member.scope && candidate.line <= member.line && candidate.endLine >= member.line) return i;
  }
  return undefined;
}

/** The map's text: each file, then its definitions indented by nesting (members under their containers). */
export function renderRepoMap(files: RepoMapFile[]): string {
  const lines: string[] = [];
  for (const file of files) {
    lines.push(file.file);
    const open: Array<{ name: string }> = [];
    for (const definition of file.definitions) {
      while (open.length > 0 && (open.at(-1) as { name: string }).name !== definition.scope) open.pop();
      lines.push(`${'  '.repeat(open.length + 1)}${definition.line} ${definition.text}`);
      open.push({ name: definition.name });
    }
  }
  return lines.join('\n');
}

/** The most definitions (in rank order) whose map fits the budget: a binary search, each step counted exactly. */
function fit(tokenizer: Tokenizer, budget: number, build: (count: number) => string, total: number): { count: number; text: string } {
  let low = 0;
  let high = Math.min(total, budget);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tokenizer.fits(build(middle), budget)) low = middle;
    else high = middle - 1;
  }
  return { count: low, text: build(low) };
}

function checkBudget(budget: unknown): number {
  if (budget === undefined) return DEFAULT_MAP_TOKENS;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1 || budget > MAX_MAP_TOKENS) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `tokenBudget must be a whole number from 1 to ${MAX_MAP_TOKENS}, got ${String(budget)}`, {
      tokenBudget: budget,
      suggestion: 'Pass a budget such as 1000 (an overview) or 4000 (a detailed map)',
    });
  }
  return budget;
}

function checkList(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a list of non-empty strings`, { [name]: value });
  }
  return value as string[];
}

/**
 * The repository map of the root (or of `options.path`): its most important definitions, fitted exactly into
 * `options.tokenBudget` tokens. Indexes what changed first, like every project-wide query.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a bad option, `PATH_TRAVERSAL` for a path outside the root,
 * `DIR_NOT_FOUND` when `path` is not a folder.
 */
export async function repoMap(context: RepoMapContext, options: RepoMapOptions = {}): Promise<RepoMap> {
  const budget = checkBudget(options.tokenBudget);
  const focusPaths = checkList('focus', options.focus);
  const mentioned = new Set(checkList('mentioned', options.mentioned));
  const workspace = context.workspace;
  // Loading the tokenizer reads a large module: start it now, beside the scan.
  const tokenizerLoad = loadTokenizer();
  tokenizerLoad.catch(() => {});
  let folder = scopeFolder(options.path);
  if (folder) {
    const resolved = await workspace.resolve(folder);
    if (!workspace.isFolder(resolved)) {
      throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `${resolved.relative} is not a folder`, { path: resolved.relative });
    }
    folder = resolved.relative;
  }
  const files = new Set(await workspace.indexFolder(folder));
  const { nodes, byFile } = collect(workspace, files);
  const warnings: Diagnostic[] = [];
  const focus = new Set<number>();
  for (const path of focusPaths) {
    let relative: string;
    try {
      relative = (await workspace.resolve(path)).relative;
    } catch (error) {
      // A focus file that does not exist is a note; one outside the root is refused.
      if (!(error instanceof CodeIndexError) || error.code !== ErrorCode.FILE_NOT_FOUND) throw error;
      relative = path;
    }
    const node = byFile.get(relative);
    if (node === undefined) {
      warnings.push({ code: ErrorCode.FILE_NOT_FOUND, message: `Focus file ${relative} is not in the index (not found, not in scope, or in no language): ignored`, details: { file: relative } });
    } else focus.add(node);
  }
  const tokenizer = await tokenizerLoad;
  const base = { tokenBudget: budget, totalFiles: nodes.length, warnings };
  if (nodes.length === 0) return { ...base, text: '', tokens: 0, files: [], totalDefinitions: 0, shownDefinitions: 0 };
  const graph = cachedGraph(workspace, nodes);
  const keys = graph.keys;
  const { fileRank, keyFlow } = rank(graph, focus, mentionedKeys(keys, mentioned));
  // No map line costs less than a token: the budget bounds how many definitions can be shown.
  const { ranked, total } = topDefinitions(nodes, fileRank, keyFlow, keys, mentioned, budget);
  const build = (count: number) => renderRepoMap(select(nodes, fileRank, ranked, count));
  const { count, text } = fit(tokenizer, budget, build, ranked.length);
  return {
    ...base,
    text,
    tokens: tokenizer.count(text),
    files: select(nodes, fileRank, ranked, count),
    totalDefinitions: total,
    shownDefinitions: count,
  };
}
