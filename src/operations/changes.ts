/**
 * What a change touches: the files git says differ between two versions of the tree, the definitions each one adds,
 * removes, renames or changes (its signature, or its own body), and, for each definition changed or removed, who
 * depends on it across the project: its bound references and its callers to `depth` levels, grouped by file, tests
 * marked.
 *
 * Both versions of a file are analyzed like any file (the older one from git's object, never written to the tree) and
 * compared by their facts (`definition-diff.ts`). git runs as the engine's git seam runs it: plumbing only, no program
 * of the repository. The dependents are found in the index of the working tree, through the same binding as
 * `findReferences` and `callHierarchy`; a definition removed is followed through the uses of its name that now bind
 * to nothing.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import { readVerified } from '../engine/files.js';
import { diffFiles, type DiffSide, type GitChange, mergeBase, openRepository, readBlob, type Repository, resolveCommit, worktreeChanges } from '../engine/git.js';
import { analyzeVersion } from '../engine/versions.js';
import { isTestFile } from '../languages/test-files.js';
import type { Definition, FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import { changedLineCounts, DIFF_TIMEOUT_MS, unifiedDiff } from '../render/unified-diff.js';
import type { CallHierarchyItem, ChangedFile, ChangeImpact, ChangesOptions, ChangesResult, DefinitionChange, DefinitionChangeKind, ImpactCaller, ImpactFile } from '../types.js';
import { callHierarchy, MAX_DEPTH } from './call-hierarchy.js';
import type { OperationContext } from './context.js';
import { diffDefinitions, type FileVersion, movedTextOf, qualify } from './definition-diff.js';
import { findReferences } from './references.js';
import { soleDefinition } from './name-matches.js';
import { checkTimeout, scopeInsideRoot } from './target.js';
import { pairMoves, sameBytes } from './moves.js';
import { olderTree } from './older-tree.js';
import type { Resolver } from '../binding/resolver.js';
import type { Target } from '../binding/targets.js';

/** The most files compared by default, and at most. */
export const DEFAULT_MAX_FILES = 200;
export const MAX_MAX_FILES = 1000;
/** The most definitions whose dependents are looked for by default, and at most. */
export const DEFAULT_MAX_IMPACT = 50;
export const MAX_MAX_IMPACT = 500;
/** Default and longest time of an answer. */
export const DEFAULT_CHANGES_TIMEOUT_MS = 30_000;
export const MAX_CHANGES_TIMEOUT_MS = 120_000;
/** Uses of a removed name listed at most, and callers listed at most per definition. */
const MAX_DANGLING_USES = 200;
const MAX_CALLERS = 200;
const MAX_CONTEXT = 10;
/** How long counting a file's changed lines may diff (without the diff asked for); past it, lines are counted apart. */
const COUNT_TIMEOUT_MS = 1000;
/** Paths a call may name. */
const MAX_PATHS = 100;

/** What the changes read: everything findReferences and callHierarchy read, and the root's git. */
export type ChangesContext = Pick<OperationContext, 'workspace' | 'defaultScope' | 'analyzer' | 'resolver' | 'modules'>;

interface Checked {
  base: string;
  head?: string;
  symmetric: boolean;
  staged: boolean;
  paths: string[];
  depth: number;
  diff: boolean;
  contextLines: number;
  maxFiles: number;
  maxImpact: number;
  timeoutMs: number;
}

function bounded(name: string, value: unknown, fallback: number, min: number, max: number): number {
  const n = value ?? fallback;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`, { [name]: value });
  }
  return n;
}

function checkOptions(root: string, options: ChangesOptions): Checked {
  if (options === null || typeof options !== 'object') throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'changes takes an options object', {});
  const { base, head, staged, paths } = options;
  for (const [name, value] of [
    ['base', base],
    ['head', head],
  ] as const) {
    if (value !== undefined && typeof value !== 'string') throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be a revision (a string)`, { [name]: value });
  }
  if (staged !== undefined && typeof staged !== 'boolean') throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'staged must be true or false', { staged });
  if (staged && head !== undefined) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'staged compares the index with base: it takes no head', {
      suggestion: 'Drop head, or drop staged to compare two commits',
    });
  }
  if (options.symmetric && head === undefined) throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'symmetric (base...head) needs a head commit', {});
  if (paths !== undefined && (!Array.isArray(paths) || paths.length > MAX_PATHS || paths.some((p) => typeof p !== 'string' || p === ''))) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `paths must be a list of at most ${MAX_PATHS} paths inside the root`, {});
  }
  const prefix = `${root}/`;
  return {
    base: base ?? 'HEAD',
    ...(head !== undefined ? { head } : {}),
    symmetric: options.symmetric === true,
    staged: staged === true,
    paths: (paths ?? []).map((p) => scopeInsideRoot(p.startsWith(prefix) ? p.slice(prefix.length) : p)).filter((p) => p !== ''),
    depth: bounded('depth', options.depth, 1, 1, MAX_DEPTH),
    diff: options.diff === true,
    contextLines: bounded('contextLines', options.contextLines, 3, 0, MAX_CONTEXT),
    maxFiles: bounded('maxFiles', options.maxFiles, DEFAULT_MAX_FILES, 1, MAX_MAX_FILES),
    maxImpact: bounded('maxImpact', options.maxImpact, DEFAULT_MAX_IMPACT, 0, MAX_MAX_IMPACT),
    timeoutMs: Math.min(checkTimeout(options.timeoutMs ?? DEFAULT_CHANGES_TIMEOUT_MS), MAX_CHANGES_TIMEOUT_MS),
  };
}

/** A file's two versions as read: bytes (or why they could not be), its facts and text once analyzed. */
interface Side {
  path: string;
  bytes?: Uint8Array;
  /** Read from the working tree (not from git's objects). */
  working?: true;
  version?: FileVersion;
  problem?: string;
}

interface Pending {
  status: ChangedFile['status'];
  before?: Side;
  after?: Side;
  untracked?: true;
}

const decoder = new TextDecoder('utf-8');

/**
 * The files and definitions that differ between two versions of the tree, and who depends on what changed.
 *
 * @throws CodeIndexError `NOT_A_GIT_REPOSITORY`, `GIT_NO_HEAD`, `PATH_TRAVERSAL` (a repository whose data is outside the
 * root), `INVALID_ARGUMENT` (a revision that names no commit, a bad option), `GIT_FAILED`.
 */
export async function changes(context: ChangesContext, options: ChangesOptions = {}): Promise<ChangesResult> {
  const workspace = context.workspace;
  const checked = checkOptions(workspace.root, options);
  const deadline = performance.now() + checked.timeoutMs;
  const signal = options.signal;
  signal?.throwIfAborted();
  const repository = await openRepository(workspace.root);
  let base = await resolveBase(repository, checked.base, checked.head === undefined && checked.base === 'HEAD');
  const headCommit = checked.head === undefined ? undefined : await resolveCommit(repository, checked.head, 'head');
  if (checked.symmetric && headCommit) base = await mergeBase(repository, base, headCommit);
  const side: DiffSide = headCommit ? { commit: headCommit } : checked.staged ? 'index' : 'worktree';
  const maxFileSize = workspace.limits.maxFileSize;
  const listed = side === 'worktree' ? await worktreeChanges(repository, workspace.root, base, checked.paths, maxFileSize) : await diffFiles(repository, base, side, checked.paths);
  const pending: Pending[] = [];
  for (const change of listed) {
    if (!isFileMode(change.before?.mode) && !isFileMode(change.after?.mode)) continue;
    pending.push(pendingOf(change));
  }
  const oids = new Map(listed.map((change) => [change.path, change]));
  // Read each side (bounded: each file at most maxFileSize, git's objects through cat-file), for twice maxFiles files:
  // a moved file is two of them until paired.
  const read = async (entry: Side | undefined, oid: string | undefined) => {
    if (!entry) return;
    try {
      entry.bytes = oid ? await readBlob(repository, oid, maxFileSize) : readVerified(await workspace.resolve(entry.path), maxFileSize).bytes;
      if (!oid) entry.working = true;
      if (entry.bytes.length > maxFileSize) throw new CodeIndexError(ErrorCode.FILE_TOO_LARGE, `over the ${maxFileSize}-byte limit (maxFileSize)`, {});
    } catch (error) {
      delete entry.bytes;
      entry.problem = problemOf(error);
    }
  };
  for (const file of pending.slice(0, checked.maxFiles * 2)) {
    signal?.throwIfAborted();
    const change = oids.get(pathOf(file));
    await read(file.before, change?.before?.oid);
    await read(file.after, change?.after?.oid);
  }
  // A file whose stat changed but whose content did not (a touched file) is no change.
  const real = pending.filter((file) => !(file.before?.bytes && file.after?.bytes && sameBytes(file.before.bytes, file.after.bytes)));
  // (path order by code unit: a file's place does not depend on the locale)
  const files = pairMoves(real).sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : pathOf(a) > pathOf(b) ? 1 : 0));
  const result: ChangedFile[] = [];
  const counts: Record<DefinitionChangeKind, number> = { added: 0, removed: 0, renamed: 0, signature: 0, body: 0, moved: 0 };
  const compared: Array<{ file: ChangedFile; pending: Pending; diffs: ReturnType<typeof diffDefinitions> }> = [];
  for (const [i, file] of files.entries()) {
    signal?.throwIfAborted();
    const path = pathOf(file);
    const language = workspace.languageOf(path);
    const entry: ChangedFile = {
      file: path,
      status: file.status,
      ...(file.status === 'moved' && file.before ? { previousFile: file.before.path } : {}),
      ...(language ? { language } : {}),
      test: isTestFile(path, language ? workspace.registry.get(language) : undefined),
      ...(file.untracked ? { untracked: true as const } : {}),
      linesAdded: 0,
      linesRemoved: 0,
      definitions: [],
    };
    result.push(entry);
    const problem = file.before?.problem ?? file.after?.problem;
    if (problem) {
      entry.skipped = problem;
      continue;
    }
    if (i >= checked.maxFiles || performance.now() > deadline || (!file.before?.bytes && !file.after?.bytes)) {
      entry.skipped = performance.now() > deadline ? 'past the time limit' : `past maxFiles (${checked.maxFiles})`;
      continue;
    }
    const beforeText = file.before?.bytes ? decoder.decode(file.before.bytes) : undefined;
    const afterText = file.after?.bytes ? decoder.decode(file.after.bytes) : undefined;
    // Without the diff asked for, only its counts are: a rewrite that a diff takes long over is counted by lines.
    const patch = await unifiedDiff(file.before?.path ?? path, path, beforeText, afterText, checked.contextLines, checked.diff ? DIFF_TIMEOUT_MS : COUNT_TIMEOUT_MS);
    const counted = patch.timedOut ? changedLineCounts(beforeText, afterText) : patch;
    entry.linesAdded = counted.linesAdded;
    entry.linesRemoved = counted.linesRemoved;
    if (checked.diff && patch.diff) entry.diff = patch.diff;
    if (!language) {
      entry.skipped = 'no language analyzes it';
      continue;
    }
    try {
      if (file.before?.bytes) file.before.version = { facts: await analyzeVersion(workspace, file.before.path, file.before.bytes), text: beforeText as string };
      if (file.after?.bytes) {
        // The working file's own facts are the index's (analyzed once, and where the dependents are found).
        const indexed = file.after.working ? await workspace.facts(await workspace.resolve(file.after.path)) : undefined;
        file.after.version = { facts: indexed ?? (await analyzeVersion(workspace, file.after.path, file.after.bytes)), text: afterText as string };
      }
    } catch (error) {
      entry.skipped = problemOf(error);
      continue;
    }
    compared.push({ file: entry, pending: file, diffs: diffDefinitions(file.before?.version, file.after?.version) });
  }
  crossFileMoves(compared);
  // Where each removed or renamed definition was: what its leftover uses bound to in the older tree.
  const origins = new Map<DefinitionChange, { file: string; def: number }>();
  const older = new Map<string, FileFacts>();
  const gone = new Set<string>();
  for (const { file, pending: p, diffs } of compared) {
    const previous = p.before?.version ? { path: p.before.path, facts: p.before.version.facts } : undefined;
    if (previous && (file.status === 'deleted' || file.status === 'moved')) gone.add(previous.path);
    if (previous && diffs.some((d) => d.change === 'removed' || d.change === 'renamed')) older.set(previous.path, previous.facts);
    for (const d of diffs) {
      const after = d.after !== undefined ? p.after?.version?.facts.definitions[d.after] : undefined;
      const before = d.before !== undefined ? p.before?.version?.facts.definitions[d.before] : undefined;
      const signature = after ? signatureText(p.after?.version as FileVersion, after) : undefined;
      const previousSignature = before ? signatureText(p.before?.version as FileVersion, before) : undefined;
      file.definitions.push({
        change: d.change,
        name: d.name,
        kind: d.kind,
        ...(after ? { line: after.line, column: after.column } : {}),
        ...(before ? { previousLine: before.line } : {}),
        ...(d.previousName ? { previousName: d.previousName } : {}),
        ...(d.edited ? { edited: true as const } : {}),
        ...(d.previousFile ? { previousFile: d.previousFile } : {}),
        ...(signature ? { signature } : {}),
        ...(previousSignature && previousSignature !== signature && d.change !== 'removed' ? { previousSignature } : {}),
        ...(!after && previousSignature ? { signature: previousSignature } : {}),
      });
      const change = file.definitions.at(-1) as DefinitionChange;
      if (previous && d.before !== undefined && (d.change === 'removed' || d.change === 'renamed')) origins.set(change, { file: previous.path, def: d.before });
      counts[d.change]++;
    }
  }
  for (const path of gone) if (!older.has(path)) older.set(path, compared.find((c) => c.pending.before?.path === path)?.pending.before?.version?.facts as FileFacts);
  const moved = new Map<ChangedFile, { path: string; facts: FileFacts }>();
  for (const { file, pending: p } of compared) if (file.status === 'moved' && p.before?.version) moved.set(file, { path: p.before.path, facts: p.before.version.facts });
  const before = { origins, moved, resolver: older.size > 0 ? olderTree(workspace, older, gone) : undefined };
  const impactsLeft = await findImpacts(context, result, checked, { newerIsIndexed: side === 'worktree', before, deadline, signal });
  return {
    base: { revision: checked.symmetric ? `${checked.base}...${checked.head}` : checked.base, commit: base },
    head: headCommit ? { revision: checked.head as string, commit: headCommit } : { revision: side === 'index' ? 'index' : 'working tree' },
    files: result,
    counts,
    impactsLeft,
    note: noteOf(side, impactsLeft),
  };
}

/** A commit for the older version; HEAD of a repository without commits is an error of its own. */
async function resolveBase(repository: Repository, revision: string, isDefault: boolean): Promise<string> {
  try {
    return await resolveCommit(repository, revision, 'base');
  } catch (error) {
    if (isDefault && error instanceof CodeIndexError && error.code === ErrorCode.INVALID_ARGUMENT) {
      throw new CodeIndexError(ErrorCode.GIT_NO_HEAD, 'The git repository has no commit yet (no HEAD to compare with)', {
        suggestion: 'Every file is new: list them with list_directory',
      });
    }
    throw error;
  }
}

/** A regular file or an executable one (not a link, not a submodule). */
function isFileMode(mode: string | undefined): boolean {
  return mode === '100644' || mode === '100755';
}

function pendingOf(change: GitChange): Pending {
  const before = change.before && isFileMode(change.before.mode) ? { path: change.path } : undefined;
  const after = change.after && isFileMode(change.after.mode) ? { path: change.path } : undefined;
  const status = before && after ? 'modified' : before ? 'deleted' : 'added';
  return { status, ...(before ? { before } : {}), ...(after ? { after } : {}), ...(change.untracked ? { untracked: true as const } : {}) };
}

function pathOf(file: Pending): string {
  return (file.after ?? file.before)?.path as string;
}

/** Why a file's side could not be compared: `binary`, or the coded error. */
function problemOf(error: unknown): string {
  if (!(error instanceof CodeIndexError)) return String(error);
  return error.code === ErrorCode.BINARY_FILE ? 'binary' : `${error.code}: ${error.message}`;
}

/** A definition's signature as the language writes it, or its first line. */
function signatureText(version: FileVersion, def: Definition): string {
  if (def.signature) return def.signature;
  const text = version.text.slice(def.start, Math.min(def.end, def.start + 400));
  const line = text.split('\n', 1)[0] ?? '';
  return line.trim().slice(0, 200);
}

/** What pairs a definition removed from one file with one added to another: its kind, name and text from its name on. */
function movedKey(version: FileVersion, index: number): string {
  const def = version.facts.definitions[index] as Definition;
  return `${def.kind}\u0000${def.name}\u0000${movedTextOf(version, index)}`;
}

/**
 * A definition removed from one file and added to another, with the same name, kind and text from its name on, moved:
 * it is listed once, in its new file, as `moved`.
 */
function crossFileMoves(compared: Array<{ file: ChangedFile; pending: Pending; diffs: ReturnType<typeof diffDefinitions> }>): void {
  const removed = new Map<string, Array<{ index: number; at: (typeof compared)[number] }>>();
  for (const at of compared) {
    const version = at.pending.before?.version;
    if (!version) continue;
    for (const d of at.diffs) {
      if (d.change !== 'removed' || d.before === undefined) continue;
      addTo(removed, movedKey(version, d.before), { index: d.before, at });
    }
  }
  if (removed.size === 0) return;
  for (const at of compared) {
    const version = at.pending.after?.version;
    if (!version) continue;
    for (const d of at.diffs) {
      if (d.change !== 'added' || d.after === undefined) continue;
      const candidates = removed.get(movedKey(version, d.after)) ?? [];
      const from = candidates.find((r) => r.at !== at);
      if (!from) continue;
      candidates.splice(candidates.indexOf(from), 1);
      d.change = 'moved';
      d.before = from.index;
      d.previousFile = from.at.file.file;
      from.at.diffs.splice(
        from.at.diffs.findIndex((r) => r.change === 'removed' && r.before === from.index),
        1,
      );
    }
  }
}

/** Changes whose dependents are looked for, most telling first: removed, signature, renamed, moved, then body. */
const IMPACT_ORDER: Partial<Record<DefinitionChangeKind, number>> = { removed: 0, signature: 1, renamed: 2, moved: 3, body: 4 };

/** Looks for the dependents of each changed definition, within the limits; returns how many were left. */
/** What the dependents are looked for with. */
interface ImpactSearch {
  /** The newer version is the working tree the index holds (positions are the index's). */
  newerIsIndexed: boolean;
  /** Where each removed or renamed definition was, and binding over the older tree. */
  before: {
    origins: ReadonlyMap<DefinitionChange, { file: string; def: number }>;
    /** The older path and facts of each file moved. */
    moved: ReadonlyMap<ChangedFile, { path: string; facts: FileFacts }>;
    resolver: Resolver | undefined;
  };
  deadline: number;
  signal: AbortSignal | undefined;
}

async function findImpacts(context: ChangesContext, files: ChangedFile[], checked: Checked, search: ImpactSearch): Promise<number> {
  const { newerIsIndexed, before, deadline, signal } = search;
  const wanted: Array<{ file: ChangedFile; change: DefinitionChange }> = [];
  for (const file of files) for (const change of file.definitions) if (IMPACT_ORDER[change.change] !== undefined) wanted.push({ file, change });
  wanted.sort((a, b) => (IMPACT_ORDER[a.change.change] ?? 9) - (IMPACT_ORDER[b.change.change] ?? 9));
  if (wanted.length > 0) await context.workspace.indexFolder('');
  let left = 0;
  const question = context.resolver.question();
  for (const [i, { file, change }] of wanted.entries()) {
    signal?.throwIfAborted();
    if (i >= checked.maxImpact || performance.now() > deadline) {
      left++;
      continue;
    }
    const origin = before.origins.get(change);
    if (change.change === 'removed') {
      // A member of a type removed with it: the type's own uses say what breaks.
      if (origin && removedNames(file).has(containerOf(change.name))) continue;
      if (origin && before.resolver) change.impact = await leftBehind(context, before.resolver, change.name, origin, deadline, question);
      continue;
    }
    const at = await currentPosition(context, file.file, change, newerIsIndexed);
    if (!at) continue;
    change.impact = await dependents(context, at, change, checked.depth, deadline);
    if (change.change === 'renamed' && change.previousName && origin && before.resolver) {
      // The old name may still be used where the rename did not reach.
      mergeImpact(change.impact, await leftBehind(context, before.resolver, change.previousName, origin, deadline, question));
    }
  }
  // A file moved: its top-level definitions still named through its older path (an import not updated) break.
  for (const [file, from] of before.moved) {
    if (!before.resolver || performance.now() > deadline) break;
    const impact = impactOf(new Map(), false);
    for (const [def, definition] of from.facts.definitions.entries()) {
      if (definition.parent !== undefined || definition.local) continue;
      mergeImpact(impact, await leftBehind(context, before.resolver, definition.name, { file: from.path, def }, deadline, question));
    }
    if (impact.files.length > 0) file.impact = impact;
  }
  return left;
}

/** Where a changed definition is in the working tree's index: its own position, or found by name and kind. */
async function currentPosition(
  context: ChangesContext,
  file: string,
  change: DefinitionChange,
  newerIsIndexed: boolean,
): Promise<{ file: string; line: number; column: number } | undefined> {
  if (newerIsIndexed && change.line !== undefined && change.column !== undefined) return { file, line: change.line, column: change.column };
  const facts = await context.workspace.factsOf(file);
  if (!facts) return undefined;
  const names = new Map<number, string>();
  for (const [index, def] of facts.definitions.entries()) {
    const container = def.parent === undefined ? '' : (names.get(def.parent) ?? '');
    names.set(index, qualify(container, def));
    if (!def.local && def.kind === change.kind && names.get(index) === change.name) return { file, line: def.line, column: def.column };
  }
  return undefined;
}

/** The bound references of the definition at a position, and its callers to `depth` levels, grouped by file. */
async function dependents(
  context: ChangesContext,
  at: { file: string; line: number; column: number },
  change: DefinitionChange,
  depth: number,
  deadline: number,
): Promise<ChangeImpact> {
  const byFile = new Map<string, ImpactFile>();
  const fileOf = (file: string) => impactFile(context, byFile, file);
  let partial = false;
  try {
    // Uses that do not bind count too when no other definition has the name (as the call hierarchy takes them).
    const sole = await soleDefinition(context.workspace, simpleName(change.name));
    const includeNameMatches = sole !== undefined && sole.file === at.file && sole.definition.line === at.line;
    const refs = await findReferences(context, { ...at, scope: 'project' }, { timeoutMs: Math.max(1, deadline - performance.now()), includeNameMatches });
    if (refs.partial) partial = true;
    for (const ref of refs.references) {
      if (ref.file === at.file && ref.line === at.line && ref.column === at.column) continue;
      const matched = ref.resolution === 'name_match' ? { nameMatch: true as const } : {};
      fileOf(ref.file).uses.push({ line: ref.line, column: ref.column, kind: ref.kind, preview: ref.preview, ...matched });
    }
  } catch (error) {
    if (!(error instanceof CodeIndexError)) throw error;
  }
  if (kindInfo(change.kind).callable || kindInfo(change.kind).graphType) {
    try {
      const hierarchy = await callHierarchy(context, { ...at, scope: 'project' }, { direction: 'incoming', depth, maxItems: MAX_CALLERS });
      if (hierarchy.truncated) partial = true;
      const walk = (items: CallHierarchyItem[], level: number) => {
        for (const item of items) {
          fileOf(item.file).callers.push({ name: item.name, kind: item.kind, line: item.line, level });
          if (item.calls) walk(item.calls, level + 1);
        }
      };
      walk(hierarchy.items, 1);
    } catch (error) {
      if (!(error instanceof CodeIndexError)) throw error;
    }
  }
  return impactOf(byFile, partial);
}

/**
 * Whether the older tree's targets of a use include the definition that was there. A use in the file the definition
 * was removed from is read with that file's newer facts, so a target there is matched by what the older facts have at
 * its index (the same name, kind and line), not by its index alone.
 */
async function namesOrigin(older: Resolver, targets: readonly Target[], origin: { file: string; def: number }): Promise<boolean> {
  let removed: Definition | undefined;
  for (const target of targets) {
    if (!('def' in target) || target.file !== origin.file) continue;
    if (target.def === origin.def) return true;
    removed ??= await older.definitionOf({ file: origin.file, def: origin.def });
    const found = await older.definitionOf(target);
    if (removed && found && found.name === removed.name && found.kind === removed.kind && found.line === removed.line) return true;
  }
  return false;
}

/** A qualified name's last part (`save` of `Repo.save`), and the container before it (`Repo`, `''` for none). */
const simpleName = (name: string) => name.slice(name.lastIndexOf('.') + 1);
const containerOf = (name: string) => name.slice(0, Math.max(0, name.lastIndexOf('.')));

/** The qualified names of the definitions a file's change removed, made once per file. */
const removedByFile = new WeakMap<ChangedFile, Set<string>>();
function removedNames(file: ChangedFile): Set<string> {
  let names = removedByFile.get(file);
  if (!names) {
    names = new Set(file.definitions.filter((change) => change.change === 'removed').map((change) => change.name));
    removedByFile.set(file, names);
  }
  return names;
}

/**
 * The uses a removed definition (or the old name of a renamed one) leaves behind: uses of its name that bind to
 * nothing now and that, in the older tree, bound to it. In the file it was removed from, whose older version is the
 * older tree's, a bare name or a member of the file's own type (`this.m`) that binds to nothing now is one.
 */
async function leftBehind(
  context: ChangesContext,
  older: Resolver,
  name: string,
  origin: { file: string; def: number },
  deadline: number,
  question: ReturnType<ChangesContext['resolver']['question']>,
): Promise<ChangeImpact> {
  const simple = simpleName(name);
  const byFile = new Map<string, ImpactFile>();
  const olderQuestion = older.question();
  let count = 0;
  let partial = false;
  const candidates = new Set(context.workspace.names.filesReferencing(simple));
  candidates.add(origin.file);
  for (const file of [...candidates].sort()) {
    if (count >= MAX_DANGLING_USES || performance.now() > deadline) {
      partial = true;
      break;
    }
    const facts: FileFacts | undefined = await context.workspace.factsOf(file);
    if (!facts) continue;
    const language = context.workspace.languageOf(file);
    const selfWords = language ? context.resolver.selfWords(language) : new Set<string>();
    for (const ref of facts.references) {
      if (ref.name !== simple) continue;
      // Bound in the tree now: it names something that is there. (An import whose module is gone reads as one from
      // outside the tree: the older tree says whether it named the definition.)
      const now = await context.resolver.lookupOf(file, facts, ref, question);
      if (now.how === 'bound' && now.targets.length > 0) continue;
      // In the file it was removed from: a bare name or a member of the file's own type that binds to nothing now.
      const own = file === origin.file && now.how !== 'external' && (ref.qualifier === undefined || selfWords.has(ref.qualifier));
      if (!own && !(await namesOrigin(older, (await older.lookupOf(file, facts, ref, olderQuestion)).targets, origin))) continue;
      impactFile(context, byFile, file).uses.push({ line: ref.line, column: ref.column, kind: ref.kind, preview: facts.previews[ref.line] ?? '', unbound: true });
      count++;
    }
  }
  return impactOf(byFile, partial);
}

/** The entry of a dependent file, made on its first use (with whether it is a test). */
function impactFile(context: ChangesContext, byFile: Map<string, ImpactFile>, file: string): ImpactFile {
  let entry = byFile.get(file);
  if (!entry) {
    const language = context.workspace.languageOf(file);
    entry = { file, test: isTestFile(file, language ? context.workspace.registry.get(language) : undefined), uses: [], callers: [] };
    byFile.set(file, entry);
  }
  return entry;
}

function impactOf(byFile: Map<string, ImpactFile>, partial: boolean): ChangeImpact {
  const files = [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const f of files) {
    f.uses.sort((a, b) => a.line - b.line || a.column - b.column);
    // A caller met at several levels (it calls the definition and a caller of it) is listed at its nearest.
    const nearest = new Map<string, ImpactCaller>();
    for (const caller of f.callers) {
      const key = `${caller.name}\u0000${caller.line}`;
      const known = nearest.get(key);
      if (!known || caller.level < known.level) nearest.set(key, caller);
    }
    f.callers = [...nearest.values()].sort((a, b) => a.level - b.level || a.line - b.line);
  }
  return {
    files,
    uses: files.reduce((n, f) => n + f.uses.length, 0),
    callers: files.reduce((n, f) => n + f.callers.length, 0),
    tests: files.filter((f) => f.test).length,
    ...(partial ? { partial: true as const } : {}),
  };
}

function mergeImpact(into: ChangeImpact, more: ChangeImpact): void {
  const byFile = new Map(into.files.map((f) => [f.file, f]));
  for (const f of more.files) {
    const known = byFile.get(f.file);
    if (known) known.uses.push(...f.uses);
    else byFile.set(f.file, f);
  }
  const merged = impactOf(byFile, into.partial === true || more.partial === true);
  Object.assign(into, merged);
}

function noteOf(side: DiffSide, impactsLeft: number): string {
  const where = side === 'worktree' ? '' : ' Dependents are found in the working tree as indexed, which may differ from the newer version.';
  const left = impactsLeft > 0 ? ` The dependents of ${impactsLeft} definitions were not looked for (maxImpact or the time limit): ask with paths to narrow.` : '';
  return `Definitions compared by their facts in both versions; dependents are bound references and callers (removed: uses of the name that now bind to nothing).${where}${left}`;
}
