/**
 * The record of a whole-tree discovery ({@link ScanRecord}, kept by the store beside the manifest): what it saw of the
 * tree's membership, so that a new process (or a rescan) can tell the tree is as it was without walking it. A file
 * added, removed or renamed changes its folder's modification time; an ignore file changes its own; a file edited in
 * place changes neither, and is caught by its own stat when it is indexed or read.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { LanguageRegistry } from '../languages/registry.js';
import type { DiscoveryOptions } from './discovery.js';
import type { FileSystem } from './file-system.js';
import { createListingCheck } from './source.js';
import type { ScanRecord } from './store.js';

/** What a record is made and checked against. */
export interface ScanRecordContext {
  root: string;
  fs: FileSystem;
  registry: LanguageRegistry;
  options: DiscoveryOptions;
  /** The files with an entry. */
  files: () => Iterable<string>;
  /**
   * A number that changes whenever the files with an entry do, and the object it counts for: their key is then made
   * once per change, not at every check (a sort and a hash of 12,000 paths).
   */
  membership?: { of: object; count: number };
}

/** Entries' keys made, by the object their membership counts for. */
const keysMade = new WeakMap<object, { count: number; key: string }>();

/** The files with an entry, as a key. */
function entriesKey(context: ScanRecordContext): string {
  const membership = context.membership;
  const made = membership && keysMade.get(membership.of);
  if (made && made.count === membership.count) return made.key;
  const key = createHash('sha1').update([...context.files()].sort().join('\u0000')).digest('hex');
  if (membership) keysMade.set(membership.of, { count: membership.count, key });
  return key;
}

/** The discovery options and languages as a key: a record of other options says nothing of this tree. */
function configKey({ options, registry }: ScanRecordContext): string {
  const { include, exclude, useDefaultExcludes, disabledLanguages } = options;
  const languages = registry.list().map((language) => [language.id, language.extensions, language.filenames ?? []]);
  return createHash('sha1')
    .update(JSON.stringify([include ?? null, exclude ?? null, useDefaultExcludes ?? null, [...(disabledLanguages ?? [])].sort(), languages]))
    .digest('hex');
}

/**
 * The record of a discovery, made once its files have entries: the folders holding its files (and their ancestors)
 * and its ignore files, with their modification times. One modified around or after the discovery began is recorded
 * as never matching (a file added while the walk ran would otherwise go unseen).
 */
export function recordScan(context: ScanRecordContext, files: readonly string[], ignoreFiles: readonly string[], discoveredAt: number): ScanRecord {
  const folders = new Set<string>(['']);
  for (const file of [...files, ...ignoreFiles]) {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = file.slice(0, slash);
      if (folders.has(folder)) break;
      folders.add(folder);
    }
  }
  const settled = (mtimeMs: number) => (mtimeMs < discoveredAt - 1000 ? mtimeMs : -1);
  const statOf = (path: string) => {
    try {
      return context.fs.stat(path === '' ? context.root : `${context.root}/${path}`);
    } catch {
      return undefined;
    }
  };
  return {
    config: configKey(context),
    entries: entriesKey(context),
    folders: [...folders].sort().map((folder) => [folder, settled(statOf(folder)?.mtimeMs ?? -1)]),
    ignoreFiles: ignoreFiles.map((file) => {
      const info = statOf(file);
      return [file, settled(info?.mtimeMs ?? -1), info?.size ?? -1];
    }),
  };
}

/**
 * Whether the tree's membership is as a record saw it: made under these options for these entries, its folders and
 * ignore files with the modification times it recorded (each path, read from a file an attacker may have written,
 * through the root check first).
 */
export function treeUnchanged(record: ScanRecord, context: ScanRecordContext): boolean {
  // Of these options, and of these entries (a store rebuilt since, or entries lost, make it say nothing).
  if (record.config !== configKey(context) || record.entries !== entriesKey(context)) return false;
  const inRoot = createListingCheck(context.root, context.fs);
  const statOf = (path: string) => {
    const checked = inRoot(path === '' ? '.' : path);
    if (!checked) return undefined;
    try {
      return context.fs.stat(checked.absolute);
    } catch {
      return undefined;
    }
  };
  for (const [folder, mtimeMs] of record.folders) if (mtimeMs < 0 || statOf(folder)?.mtimeMs !== mtimeMs) return false;
  for (const [file, mtimeMs, size] of record.ignoreFiles) {
    const info = statOf(file);
    if (mtimeMs < 0 || info?.mtimeMs !== mtimeMs || info.size !== size) return false;
  }
  return true;
}

/**
 * The files among these whose entry is fresh, checked the cheap way a record allows (its files were each resolved when
 * found): the listing's root check (one real path per folder) and one stat per file, no analysis. The rest (changed,
 * gone, with an error) are for the caller's full check.
 */
export async function unchangedFiles(
  context: ScanRecordContext,
  files: readonly string[],
  isFresh: (file: string, stat: { size: number; mtimeMs: number }) => Promise<boolean>,
): Promise<Set<string>> {
  const inRoot = createListingCheck(context.root, context.fs);
  const fresh = new Set<string>();
  for (const file of files) {
    const checked = inRoot(file);
    if (checked?.relative !== file) continue;
    let stat: { size: number; mtimeMs: number };
    try {
      stat = checked.info ?? context.fs.stat(checked.absolute);
    } catch {
      continue;
    }
    if (await isFresh(file, stat)) fresh.add(file);
  }
  return fresh;
}
