/**
 * Collection of the user cache: the store folders whose root is gone, that nobody used for `maxAgeDays`, and, past
 * `maxSize` in all, the least recently used (as ccache's `max_size`). Run by hand (`cleanCaches`, `code-index cache
 * clean`) or by the process that opens an index, at most once a day per cache base and within a time budget.
 *
 * What is never removed: a folder a live process holds (cache-folders.ts: its in-use marks, the manifest lock), a
 * folder that is not a store folder of code-index (its `CACHEDIR.TAG` and name are checked), a symlink (not followed,
 * not deleted), anything outside the base. A folder is first renamed aside (atomic: a process opening it then makes a
 * new one), checked again, and only then deleted; a deletion cut short by the time budget is finished next time.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { type Dirent, lstatSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { atomicWrite } from './disk-store.js';
import { baseEntries, type CacheFolder, type Deadline, folderInUse, type FoundFolder, inspectFolder, type KnownSizes, shownFolder, STORE_NAME, useStoreFolder } from './cache-folders.js';
import { userCacheDirectory } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Default of `cacheMaxAgeDays`: a month, long enough for a project left over a holiday to come back warm. */
export const DEFAULT_CACHE_MAX_AGE_DAYS = 30;
/**
 * Default of `cacheMaxSize`: 2 GiB. The largest tree issue 29 targets, the whole Linux kernel (~55k C files, 1.1 GB of
 * source), should fit (an index at most the size of its source), beside the dozens of everyday projects (a few MB to
 * a few hundred each), while staying a small part of a developer's disk (ccache's default for compiler output is 5 GiB).
 */
export const DEFAULT_CACHE_MAX_SIZE = 2 * 1024 ** 3;
/** The environment variables that set the defaults of the collection policy (an option wins). */
export const CACHE_ENV = { maxAgeDays: 'CODE_INDEX_CACHE_MAX_AGE_DAYS', maxSize: 'CODE_INDEX_CACHE_MAX_SIZE' } as const;
/** The timestamp file of the automatic collection, in the cache base. */
export const COLLECTION_STAMP = 'collection.json';
/** The automatic collection runs at most this often per cache base. */
const COLLECT_EVERY_MS = DAY_MS;
/** A cut-short automatic collection runs again after this long (not a day later). */
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** The time budget of the automatic collection in the opening process. */
export const AUTO_COLLECT_BUDGET_MS = 250;
/**
 * Eviction by size spares the folders used within the last hour: a process of an older code-index leaves no in-use
 * mark, and the folder in use is the one most recently used.
 */
const SIZE_GRACE_MS = 60 * 60 * 1000;
/** Folders renamed aside for deletion: `.removing-<name>-<random>`. */
const TRASH = /^\.removing-[0-9a-f]{16}-[0-9a-f]{8}$/;

/** Options of {@link cleanCaches}. Without `gone`, `olderThanDays`, `maxSize` or `all`, the default policy applies. */
export interface CacheCleanOptions {
  /** Remove folders whose recorded root no longer exists. */
  gone?: boolean;
  /** Remove folders unused for longer than this many days. */
  olderThanDays?: number;
  /**
   * Then remove the least recently used folders until all of them take at most this much: bytes, or a size with a
   * unit (`500M`, `2G` decimal; `2GiB`, `500Mi` binary).
   */
  maxSize?: number | string;
  /** Remove every folder no live process holds. */
  all?: boolean;
  /** Report what would be removed, remove nothing. @defaultValue false */
  dryRun?: boolean;
  /** The cache base. @defaultValue the user's cache folder for code-index (`$XDG_CACHE_HOME/code-index`, ...) */
  directory?: string;
}

/** Why {@link cleanCaches} removed a folder. */
export type CacheRemovalReason = 'all' | 'gone' | 'old' | 'size';

/** What {@link cleanCaches} did. */
export interface CacheCleanResult {
  /** The folders removed (or, with `dryRun`, that would be), each with why; least recently used first. */
  removed: Array<CacheFolder & { reason: CacheRemovalReason }>;
  /** The folders kept, least recently used first. */
  kept: CacheFolder[];
  /** Bytes freed (or that would be). */
  freed: number;
  /** True when nothing was removed because of `dryRun`. */
  dryRun: boolean;
  /** Problems met (a folder that could not be removed, a read-only cache base, ...). */
  warnings: Diagnostic[];
}

/** A collection policy, resolved. */
export interface CollectionPolicy {
  gone: boolean;
  /** Milliseconds unused after which a folder goes (Infinity: never by age). */
  maxAgeMs: number;
  /** The bound of the total in bytes (Infinity: none). */
  maxSize: number;
  all: boolean;
}

const UNITS: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12, ki: 1024, mi: 1024 ** 2, gi: 1024 ** 3, ti: 1024 ** 4 };

/**
 * A size in bytes from a number or a text with ccache's units: `k`, `M`, `G`, `T` (decimal) and `Ki`, `Mi`, `Gi`,
 * `Ti` (binary), an optional `B` after either (`2GiB`, `500MB`); undefined when it is none.
 */
export function parseSize(value: number | string): number | undefined {
  if (typeof value === 'number') return value >= 0 && !Number.isNaN(value) ? value : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]i?)?b?\s*$/i.exec(value);
  if (!match) return undefined;
  const unit = UNITS[(match[2] ?? '').toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(match[1]) * unit);
}

/** Checks a number of days: 0 or more (Infinity allowed). */
function validDays(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && !Number.isNaN(value);
}

/**
 * The automatic policy: the options, else the environment (`CODE_INDEX_CACHE_MAX_AGE_DAYS`,
 * `CODE_INDEX_CACHE_MAX_SIZE`; a bad value there is a warning and the default is used), else the defaults.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a bad option
 */
export function automaticPolicy(
  options: { maxAgeDays?: number; maxSize?: number | string },
  env: NodeJS.ProcessEnv = process.env,
): { policy: CollectionPolicy; warnings: Diagnostic[] } {
  const warnings: Diagnostic[] = [];
  const fromEnv = <T>(name: string, parse: (text: string) => T | undefined): T | undefined => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    const value = parse(text);
    if (value === undefined) warnings.push({ code: 'INDEX_CACHE', message: `${name} is not valid ("${text}"); the default is used`, details: { [name]: text } });
    return value;
  };
  let maxAgeDays = options.maxAgeDays;
  if (maxAgeDays !== undefined && !validDays(maxAgeDays)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `cacheMaxAgeDays must be a number of days from 0, got ${String(maxAgeDays)}`, { cacheMaxAgeDays: maxAgeDays });
  }
  maxAgeDays ??= fromEnv(CACHE_ENV.maxAgeDays, (text) => (validDays(Number(text)) ? Number(text) : undefined)) ?? DEFAULT_CACHE_MAX_AGE_DAYS;
  let maxSize: number | undefined;
  if (options.maxSize !== undefined) {
    maxSize = sizeOption(options.maxSize, 'cacheMaxSize');
  }
  maxSize ??= fromEnv(CACHE_ENV.maxSize, parseSize) ?? DEFAULT_CACHE_MAX_SIZE;
  return { policy: { gone: true, maxAgeMs: maxAgeDays * DAY_MS, maxSize, all: false }, warnings };
}

/** A size option checked: a coded error naming the option when it is not a size. */
function sizeOption(value: unknown, name: string): number {
  const size = typeof value === 'number' || typeof value === 'string' ? parseSize(value) : undefined;
  if (size === undefined) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${name} must be bytes or a size such as 500M, 2G or 2GiB, got ${JSON.stringify(value)}`, { [name]: value });
  }
  return size;
}

/** The policy of a {@link cleanCaches} call: what it names, else the automatic one. */
function cleanPolicy(options: CacheCleanOptions): { policy: CollectionPolicy; warnings: Diagnostic[] } {
  if (options.olderThanDays !== undefined && !validDays(options.olderThanDays)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `olderThanDays must be a number of days from 0, got ${String(options.olderThanDays)}`, { olderThanDays: options.olderThanDays });
  }
  const maxSize = options.maxSize === undefined ? undefined : sizeOption(options.maxSize, 'maxSize');
  if (!options.gone && options.olderThanDays === undefined && maxSize === undefined && !options.all) return automaticPolicy({});
  return {
    policy: {
      gone: options.gone === true,
      maxAgeMs: options.olderThanDays === undefined ? Infinity : options.olderThanDays * DAY_MS,
      maxSize: maxSize ?? Infinity,
      all: options.all === true,
    },
    warnings: [],
  };
}

/** Which folders the policy removes, and why: in-use ones never; the rest by `all`, gone root, age, then size (least recently used first). */
function select(folders: FoundFolder[], policy: CollectionPolicy, now: number): Map<FoundFolder, CacheRemovalReason> {
  const chosen = new Map<FoundFolder, CacheRemovalReason>();
  for (const folder of folders) {
    if (folder.inUse) continue;
    if (policy.all) chosen.set(folder, 'all');
    else if (policy.gone && folder.rootExists === false) chosen.set(folder, 'gone');
    else if (now - folder.lastUsedMs > policy.maxAgeMs) chosen.set(folder, 'old');
  }
  if (Number.isFinite(policy.maxSize)) {
    // Unmeasured folders (the time budget ran out) are unknown: no eviction by size on a partial count.
    if (folders.some((folder) => !folder.measured)) return chosen;
    let total = folders.filter((folder) => !chosen.has(folder)).reduce((sum, folder) => sum + folder.size, 0);
    const candidates = folders
      .filter((folder) => !chosen.has(folder) && !folder.inUse && now - folder.lastUsedMs > SIZE_GRACE_MS)
      .sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.location.localeCompare(b.location));
    for (const folder of candidates) {
      if (total <= policy.maxSize) break;
      chosen.set(folder, 'size');
      total -= folder.size;
    }
  }
  return chosen;
}

/** Deletes a folder tree without following symlinks (a link is removed as itself); false when the deadline cut it short. */
function removeTree(path: string, deadline: Deadline): boolean {
  // Depth first, a folder after its entries: an explicit stack, so a deep tree cannot overflow the call stack.
  const stack: Array<{ path: string; entered: boolean }> = [{ path, entered: false }];
  while (stack.length > 0) {
    if (deadline()) return false;
    const top = stack[stack.length - 1] as { path: string; entered: boolean };
    if (top.entered) {
      stack.pop();
      ignoreGone(() => rmdirSync(top.path));
      continue;
    }
    top.entered = true;
    let entries: Dirent[];
    try {
      entries = readdirSync(top.path, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        stack.pop();
        continue;
      }
      throw error;
    }
    for (const entry of entries) {
      const child = join(top.path, entry.name);
      if (entry.isDirectory()) stack.push({ path: child, entered: false });
      else ignoreGone(() => unlinkSync(child));
    }
  }
  return true;
}

/** Runs a removal; one that finds its entry gone already (another collector finishing the same folder) is done. */
function ignoreGone(remove: () => void): void {
  try {
    remove();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** True when `path` is a real folder, not a symlink to one. */
function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Sets one store folder aside for deletion: renamed (atomic: an index opening it now makes a new folder), then checked
 * for an in-use mark that arrived between the look and the rename (the folder is put back). Returns where it went,
 * or undefined when it was kept.
 */
function setAside(base: string, folder: FoundFolder, now: number, foreignAfterMs: number): string | undefined {
  const trash = join(base, `.removing-${basename(folder.location)}-${randomBytes(4).toString('hex')}`);
  renameSync(folder.location, trash);
  if (!isRealFolder(trash) || folderInUse(trash, now, foreignAfterMs)) {
    // Swapped for a link, or opened meanwhile: put it back (unless a new one took its place).
    try {
      renameSync(trash, folder.location);
      return undefined;
    } catch {
      // A new folder took the name: the one set aside is no one's any more.
    }
  }
  return trash;
}

/** What a collection did, and what it measured (sizes the next automatic run need not measure again). */
interface Collection {
  result: CacheCleanResult;
  /** False when a deadline cut it short: folders left unmeasured, unremoved or half deleted. */
  complete: boolean;
  /** The sizes measured, by folder name, with their stamps. */
  sizes: Map<string, { size: number; stamp: string }>;
}

/**
 * The collection itself: look at every store folder of the base (sizes until `measureBy`), choose, set the chosen
 * aside (until `deadline`), then delete what is set aside, this run's and earlier runs' leftovers (until `deadline`).
 */
function collect(
  base: string,
  policy: CollectionPolicy,
  options: { now: number; dryRun: boolean; deadline: Deadline; measureBy?: Deadline; sizes?: KnownSizes },
): Collection {
  const { now, deadline } = options;
  const warnings: Diagnostic[] = [];
  const foreignAfterMs = Number.isFinite(policy.maxAgeMs) ? Math.max(policy.maxAgeMs, DAY_MS) : DEFAULT_CACHE_MAX_AGE_DAYS * DAY_MS;
  let complete = true;
  const entries = baseEntries(base);
  const folders: FoundFolder[] = [];
  const sizes = new Map<string, { size: number; stamp: string }>();
  for (const entry of entries) {
    if (!STORE_NAME.test(entry.name) || !entry.isDirectory()) continue; // symlinks and files are not looked into
    const folder = inspectFolder(base, entry.name, {
      now,
      foreignAfterMs,
      sweep: !options.dryRun,
      deadline: options.measureBy ?? deadline,
      ...(options.sizes ? { sizes: options.sizes } : {}),
    });
    if (!folder) continue;
    folders.push(folder);
    if (folder.measured) sizes.set(entry.name, { size: folder.size, stamp: folder.stamp });
    else complete = false;
  }
  // Least recently used first: the order results are listed in, and removed in (a deadline spares the newest).
  folders.sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.location.localeCompare(b.location));
  const chosen = select(folders, policy, now);
  const removed: CacheCleanResult['removed'] = [];
  const kept: CacheFolder[] = [];
  const trash = entries.filter((entry) => TRASH.test(entry.name) && entry.isDirectory()).map((entry) => join(base, entry.name));
  let freed = 0;
  for (const folder of folders) {
    const reason = chosen.get(folder);
    let gone = false;
    if (reason !== undefined) {
      if (options.dryRun) gone = true;
      else if (deadline()) complete = false;
      else {
        try {
          const aside = setAside(base, folder, now, foreignAfterMs);
          if (aside !== undefined) trash.push(aside);
          gone = aside !== undefined;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warnings.push(folderWarning('could not be removed', folder.location, error));
        }
      }
    }
    if (gone && reason !== undefined) {
      removed.push({ ...shownFolder(folder), reason });
      freed += folder.size;
      sizes.delete(basename(folder.location));
    } else kept.push(shownFolder(folder));
  }
  if (!options.dryRun) {
    for (const path of trash) {
      try {
        if (!removeTree(path, deadline)) {
          complete = false;
          break;
        }
      } catch (error) {
        warnings.push(folderWarning('could not be removed', path, error));
      }
    }
  }
  return { result: { removed, kept, freed, dryRun: options.dryRun, warnings }, complete, sizes };
}

function folderWarning(what: string, location: string, error: unknown): Diagnostic {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return { code: 'INDEX_CACHE', message: `The index cache folder ${location} ${what} (${reason})`, details: { location } };
}

/**
 * The store folders under the user cache (or `options.directory`): each one's root and whether it still exists, its
 * size, when it was last used, the version that used it and whether a live process holds it; least recently used
 * first. Reads only: nothing is written or removed. Folders of other programs, and symlinks, are not listed.
 *
 * @example
 * ```ts
 * for (const cache of listCaches()) console.log(cache.root ?? '(unknown root)', cache.size, cache.lastUsed);
 * ```
 */
export function listCaches(options: { directory?: string } = {}): CacheFolder[] {
  const base = options.directory ?? userCacheDirectory();
  const now = Date.now();
  const folders: FoundFolder[] = [];
  for (const entry of baseEntries(base)) {
    if (!STORE_NAME.test(entry.name) || !entry.isDirectory()) continue;
    const folder = inspectFolder(base, entry.name, { now, foreignAfterMs: DEFAULT_CACHE_MAX_AGE_DAYS * DAY_MS });
    if (folder) folders.push(folder);
  }
  return folders
    .sort((a, b) => a.lastUsedMs - b.lastUsedMs || a.location.localeCompare(b.location))
    .map(shownFolder);
}

/**
 * Removes store folders from the user cache (or `options.directory`): those whose root is gone (`gone`), unused for
 * `olderThanDays`, or, until all take at most `maxSize`, the least recently used; `all` removes every folder no live
 * process holds. Without any of these, the automatic policy applies (gone roots, 30 days, 2 GiB, or
 * `CODE_INDEX_CACHE_MAX_AGE_DAYS` / `CODE_INDEX_CACHE_MAX_SIZE`). A folder an open index holds is never removed, nor
 * anything that is not a store folder of code-index. Folders from before roots were recorded have no known root:
 * only age, size and `all` remove them.
 *
 * @example
 * ```ts
 * const { removed, freed } = cleanCaches({ gone: true, olderThanDays: 7 });
 * console.log(`${removed.length} folders, ${freed} bytes freed`);
 * ```
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a bad option, `FILE_UNREADABLE` when the cache base cannot be read
 */
export function cleanCaches(options: CacheCleanOptions = {}): CacheCleanResult {
  const { policy, warnings } = cleanPolicy(options);
  const base = options.directory ?? userCacheDirectory();
  let outcome: ReturnType<typeof collect>;
  try {
    outcome = collect(base, policy, { now: Date.now(), dryRun: options.dryRun === true, deadline: () => false });
  } catch (error) {
    throw new CodeIndexError(ErrorCode.FILE_UNREADABLE, `The cache folder ${base} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { directory: base });
  }
  outcome.result.warnings.unshift(...warnings);
  return outcome.result;
}

/** The sizes the last automatic run measured, from its timestamp file (none when it is missing or damaged). */
function knownSizes(stamp: string): Map<string, { size: number; stamp: string }> {
  const sizes = new Map<string, { size: number; stamp: string }>();
  try {
    const saved = (JSON.parse(readFileSync(stamp, 'utf8')) as { sizes?: Record<string, unknown> }).sizes ?? {};
    for (const [name, value] of Object.entries(saved)) {
      const entry = value as { size?: unknown; stamp?: unknown };
      if (STORE_NAME.test(name) && typeof entry?.size === 'number' && typeof entry.stamp === 'string') sizes.set(name, { size: entry.size, stamp: entry.stamp });
    }
  } catch {
    // never run, or damaged: everything is measured
  }
  return sizes;
}

/**
 * The automatic collection of a cache base, run by a process opening an index there: at most once a day (the
 * timestamp file `collection.json`, claimed by writing it first), within {@link AUTO_COLLECT_BUDGET_MS}: sizes are
 * measured in the first 60% of it (a folder unchanged since the last run keeps the size measured then), folders are
 * set aside and deleted in the rest. A run cut short is due again in an hour (the next one goes on from the sizes
 * this one measured and the deletions it left). Never throws: problems (a read-only base) come back as warnings.
 */
export function collectIfDue(base: string, policy: CollectionPolicy, now = Date.now(), budgetMs = AUTO_COLLECT_BUDGET_MS): Diagnostic[] {
  const stamp = join(base, COLLECTION_STAMP);
  try {
    if (now - statSync(stamp).mtimeMs < COLLECT_EVERY_MS) return [];
  } catch {
    // never collected
  }
  const started = performance.now();
  const deadline: Deadline = () => performance.now() - started > budgetMs;
  const measureBy: Deadline = () => performance.now() - started > budgetMs * 0.6;
  const sizes = knownSizes(stamp);
  try {
    // Claimed before the work (processes opening at the same time do not all collect), the sizes kept.
    atomicWrite(stamp, `${JSON.stringify({ started: new Date(now).toISOString(), complete: false, sizes: Object.fromEntries(sizes) })}\n`);
  } catch (error) {
    // No base (no index was ever stored there): nothing to collect.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? [] : [folderWarning('could not be collected', base, error)];
  }
  try {
    const { result, complete, sizes: measured } = collect(base, policy, { now, dryRun: false, deadline, measureBy, sizes });
    const summary = {
      started: new Date(now).toISOString(),
      complete,
      ms: Math.round(performance.now() - started),
      removed: result.removed.map((folder) => ({ location: folder.location, root: folder.root, reason: folder.reason, size: folder.size })),
      freed: result.freed,
      sizes: Object.fromEntries(measured),
    };
    atomicWrite(stamp, `${JSON.stringify(summary)}\n`);
    if (!complete) {
      // Due again in an hour: the stamp is dated back.
      const dated = new Date(now - COLLECT_EVERY_MS + RETRY_AFTER_MS);
      utimesSync(stamp, dated, dated);
    }
    return result.warnings;
  } catch (error) {
    return [folderWarning('could not be collected', base, error)];
  }
}

/** An open index's hold on its store folder and the automatic collection of the cache base it opened in. */
export interface CacheHold {
  /** Problems met marking the folder, recording its root or collecting the base: warnings of `stats()`. */
  readonly warnings: Diagnostic[];
  /** Lets the folder go (at close). Never throws. */
  release(): void;
}

/**
 * What opening an index does for the cache: marks its store folder in use and records its root (when the folder can
 * be written), then, for a folder of the user cache (`collection` given), collects that base if it is due. Never
 * throws and never fails the open.
 */
export function holdCache(location: string | undefined, root: string, collection?: { base: string; policy: CollectionPolicy }): CacheHold {
  const use = location !== undefined ? useStoreFolder(location, root) : undefined;
  const warnings = [...(use?.warnings ?? [])];
  if (collection) warnings.push(...collectIfDue(collection.base, collection.policy));
  return { warnings, release: () => use?.release() };
}
