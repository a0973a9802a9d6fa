/**
 * The folders of the user cache: what each store folder says about itself (`root.json`: the root it indexes, the
 * version that used it, when it was made and last used), the marks of the processes using it (`in-use/`), and what a
 * look at a folder finds ({@link CacheFolder}). Collection (cache-collect.ts) decides from these what may go.
 *
 * A store folder under the cache base is named by a hash of its root (store.ts: `defaultStoreDirectory`), so the name
 * alone says nothing: the record says which root, the marks say who holds it. Both are written by the process that
 * opens the folder (never per query), and every reader takes them as hints to check, never as paths to follow.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { type Dirent, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../types.js';
import { VERSION } from '../version.js';
import { atomicWrite } from './disk-store.js';

/** The record of a store folder. */
export const STORE_RECORD = 'root.json';
/** The folder of in-use marks inside a store folder: one file per open index. */
export const IN_USE = 'in-use';
/** The marker every store folder carries (written by `openStore`, before and since root records). */
const CACHEDIR_TAG = 'CACHEDIR.TAG';
const TAG_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';
const RECORD_FORMAT = 'code-index-store';
/** The names `defaultStoreDirectory` gives: 16 hex digits of the root's hash. Nothing else under the base is ours to judge. */
export const STORE_NAME = /^[0-9a-f]{16}$/;
/** The record's `lastUsed` is rewritten at most this often: an open within the hour writes nothing. */
export const RECORD_REFRESH_MS = 60 * 60 * 1000;
/** `manifest.lock` of disk-store.ts is stale after 10 s; one younger means a process is writing the manifest now. */
const MANIFEST_LOCK_FRESH_MS = 10_000;

/** One store folder of the user cache, as {@link listCaches} finds it. */
export interface CacheFolder {
  /** The folder. */
  location: string;
  /** The root it indexes; absent for a folder written before code-index recorded roots (0.1.0 and earlier). */
  root?: string;
  /** Whether the root is still a folder; absent when the root is not recorded. */
  rootExists?: boolean;
  /** Bytes the folder takes on disk (allocated blocks, as `du` counts them). */
  size: number;
  /** When an index last opened or wrote it (ISO 8601): the latest of the record, the manifest and the folder. */
  lastUsed: string;
  /** When it was first recorded (ISO 8601); absent without a record. */
  created?: string;
  /** The code-index version that last opened it; absent without a record. */
  version?: string;
  /** A live process holds it (an open index, or the manifest being written): it is never removed. */
  inUse: boolean;
}

/** What `root.json` holds. */
interface StoreRecord {
  format: typeof RECORD_FORMAT;
  root: string;
  version: string;
  created: string;
  lastUsed: string;
}

function cacheWarning(message: string, details: Record<string, unknown>): Diagnostic {
  return { code: 'INDEX_CACHE', message, details };
}

function reasonOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** The record of a store folder, or undefined when it has none or it is damaged (a damaged one is rewritten at open). */
export function readStoreRecord(location: string): StoreRecord | undefined {
  let text: string;
  try {
    text = readFileSync(join(location, STORE_RECORD), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as Partial<StoreRecord>;
    const isTime = (value: unknown) => typeof value === 'string' && Number.isFinite(Date.parse(value));
    if (
      record?.format !== RECORD_FORMAT ||
      typeof record.root !== 'string' ||
      !isAbsolute(record.root) ||
      typeof record.version !== 'string' ||
      !isTime(record.created) ||
      !isTime(record.lastUsed)
    ) {
      return undefined;
    }
    return record as StoreRecord;
  } catch {
    return undefined;
  }
}

/**
 * Records that `root` uses the folder now: written when the record is missing, names another root or version, or was
 * last written over an hour ago (so most opens read one small file and write nothing).
 */
function recordUse(location: string, root: string, now: number): void {
  const previous = readStoreRecord(location);
  if (previous && previous.root === root && previous.version === VERSION && now - Date.parse(previous.lastUsed) < RECORD_REFRESH_MS) return;
  const record: StoreRecord = {
    format: RECORD_FORMAT,
    root,
    version: VERSION,
    created: previous?.created ?? new Date(now).toISOString(),
    lastUsed: new Date(now).toISOString(),
  };
  atomicWrite(join(location, STORE_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

/** An open index's hold on its store folder. */
export interface StoreUse {
  /** Problems met recording the use (the index works without the record). */
  readonly warnings: Diagnostic[];
  /** Removes the in-use mark (at close; a process that dies without it is found dead by its pid). Never throws. */
  release(): void;
}

/**
 * Marks a writable store folder as used by this process (a file in `in-use/` naming the pid and host) and records its
 * root. Never throws: what cannot be written becomes a warning, and the index works as before.
 */
export function useStoreFolder(location: string, root: string, now = Date.now()): StoreUse {
  const warnings: Diagnostic[] = [];
  let mark: string | undefined;
  try {
    const folder = join(location, IN_USE);
    mkdirSync(folder, { recursive: true });
    const path = join(folder, `${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date(now).toISOString() }), { flag: 'wx' });
    mark = path;
  } catch (error) {
    warnings.push(cacheWarning(`The index cache at ${location} could not be marked in use (${reasonOf(error)})`, { location }));
  }
  try {
    recordUse(location, root, now);
  } catch (error) {
    warnings.push(cacheWarning(`The index cache at ${location} could not record its root (${reasonOf(error)})`, { location }));
  }
  return {
    warnings,
    release() {
      if (mark === undefined) return;
      try {
        unlinkSync(mark);
      } catch {
        // Removed already (the folder collected by hand, say): nothing holds it.
      }
      mark = undefined;
    },
  };
}

/** Whether a process is alive on this host: signal 0 checks without sending (EPERM: alive, another user's). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether an in-use mark holds its folder. A mark of this host holds while its pid is alive (a reused pid only keeps
 * a folder longer); one of another host (a cache shared over the network, a container's volume) cannot be checked,
 * so it holds until it is `foreignAfterMs` old. A mark being written (empty, unreadable) holds.
 */
function markHolds(path: string, now: number, foreignAfterMs: number): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = lstatSync(path).mtimeMs;
    text = readFileSync(path, 'utf8');
  } catch {
    return false; // gone meanwhile
  }
  let mark: { pid?: unknown; host?: unknown };
  try {
    mark = JSON.parse(text) as typeof mark;
  } catch {
    return now - mtimeMs < MANIFEST_LOCK_FRESH_MS;
  }
  if (typeof mark.pid !== 'number' || !Number.isInteger(mark.pid) || mark.pid <= 0) return false;
  if (mark.host !== hostname()) return now - mtimeMs < foreignAfterMs;
  return processAlive(mark.pid);
}

/**
 * Whether a live process holds the folder: an in-use mark that holds, or a manifest lock of disk-store.ts younger
 * than its stale time. With `sweep`, marks of dead processes are deleted on the way.
 */
export function folderInUse(location: string, now: number, foreignAfterMs: number, sweep = false): boolean {
  try {
    if (now - lstatSync(join(location, 'manifest.lock')).mtimeMs < MANIFEST_LOCK_FRESH_MS) return true;
  } catch {
    // no lock: nobody is writing the manifest
  }
  let marks: string[];
  try {
    marks = readdirSync(join(location, IN_USE));
  } catch {
    return false;
  }
  let held = false;
  for (const name of marks) {
    const path = join(location, IN_USE, name);
    if (markHolds(path, now, foreignAfterMs)) held = true;
    else if (sweep) {
      try {
        unlinkSync(path);
      } catch {
        // gone meanwhile
      }
    }
  }
  return held;
}

/**
 * Whether `path` is a store folder of code-index: a real folder (not a symlink) holding a regular `CACHEDIR.TAG` that
 * code-index wrote. Anything else under the cache base is never read further, counted or removed.
 */
export function isStoreFolder(path: string): boolean {
  try {
    if (!lstatSync(path).isDirectory()) return false;
    const tag = join(path, CACHEDIR_TAG);
    if (!lstatSync(tag).isFile()) return false;
    const text = readFileSync(tag, 'utf8');
    return text.startsWith(TAG_SIGNATURE) && text.includes('code-index');
  } catch {
    return false;
  }
}

/** Reports whether the clock ran past a deadline (performance.now() time). */
export type Deadline = () => boolean;

/**
 * The bytes a folder takes on disk (allocated blocks; the size where the platform has no blocks), symlinks counted as
 * themselves and never followed. Undefined when the deadline passed before the walk ended.
 */
export function folderSize(path: string, deadline: Deadline = () => false): number | undefined {
  let total = 0;
  const pending = [path];
  while (pending.length > 0) {
    if (deadline()) return undefined;
    const folder = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // removed meanwhile, or unreadable: counted as nothing
    }
    for (const entry of entries) {
      const child = join(folder, entry.name);
      if (entry.isDirectory()) pending.push(child);
      try {
        const stat = lstatSync(child);
        total += typeof stat.blocks === 'number' && stat.blocks > 0 ? stat.blocks * 512 : stat.size;
      } catch {
        // removed meanwhile
      }
    }
  }
  return total;
}

/**
 * When a folder was last used (the latest of its record's `lastUsed`, its own mtime: every writable open probes it,
 * its manifest and journal), and a stamp that changes whenever its content may have (those times and its `objects/`
 * folder's): a size measured under the same stamp still holds.
 */
function folderTimes(location: string, record: StoreRecord | undefined): { lastUsedMs: number; stamp: string } {
  let latest = record ? Date.parse(record.lastUsed) : 0;
  const times: number[] = [];
  for (const path of [location, join(location, 'manifest.json'), join(location, 'journal.jsonl'), join(location, 'objects')]) {
    let time = 0;
    try {
      time = statSync(path).mtimeMs;
    } catch {
      // not there
    }
    times.push(time);
    if (!path.endsWith('objects')) latest = Math.max(latest, time);
  }
  return { lastUsedMs: latest, stamp: times.join(':') };
}

/** Whether a recorded root still exists as a folder (an unreadable one counts as existing: it may come back). */
function rootExists(root: string): boolean {
  try {
    return statSync(root).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/** A store folder as found, with the times as numbers for the collector. */
export interface FoundFolder extends CacheFolder {
  /** `lastUsed` in milliseconds. */
  lastUsedMs: number;
  /** False when the deadline cut the size walk short (`size` is then 0). */
  measured: boolean;
  /** Changes when the folder's content may have: a size measured under the same stamp still holds. */
  stamp: string;
}

/** Sizes measured before, by folder name, with the stamp they were measured under. */
export type KnownSizes = ReadonlyMap<string, { size: number; stamp: string }>;

/** The folder as the public API shows it (without the collector's numbers). */
export function shownFolder(found: FoundFolder): CacheFolder {
  const { location, root, rootExists, size, lastUsed, created, version, inUse } = found;
  return {
    location,
    ...(root !== undefined ? { root } : {}),
    ...(rootExists !== undefined ? { rootExists } : {}),
    size,
    lastUsed,
    ...(created !== undefined ? { created } : {}),
    ...(version !== undefined ? { version } : {}),
    inUse,
  };
}

/** Looks at one folder under the cache base: undefined when it is not a store folder of code-index. */
export function inspectFolder(
  base: string,
  name: string,
  options: { now: number; foreignAfterMs: number; sweep?: boolean; deadline?: Deadline; sizes?: KnownSizes },
): FoundFolder | undefined {
  const location = join(base, name);
  if (!STORE_NAME.test(name) || !isStoreFolder(location)) return undefined;
  const record = readStoreRecord(location);
  const { lastUsedMs, stamp } = folderTimes(location, record);
  const known = options.sizes?.get(name);
  const size = known !== undefined && known.stamp === stamp ? known.size : folderSize(location, options.deadline);
  return {
    location,
    ...(record ? { root: record.root, rootExists: rootExists(record.root) } : {}),
    size: size ?? 0,
    lastUsed: new Date(lastUsedMs).toISOString(),
    ...(record ? { created: record.created, version: record.version } : {}),
    inUse: folderInUse(location, options.now, options.foreignAfterMs, options.sweep),
    lastUsedMs,
    measured: size !== undefined,
    stamp,
  };
}

/** The names of the entries of the cache base (none when it does not exist). */
export function baseEntries(base: string): Dirent[] {
  try {
    return readdirSync(base, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
