/**
 * What a watcher tells the workspace, a scan's answer in time, and how the changes a watcher saw amend it.
 *
 * @module
 */

/**
 * A watcher's word to the workspace (src/engine/watcher.ts): while it covers a scan, the scan's answer stays exact
 * without a rescan, and changes it saw are applied before the workspace answers.
 */
export interface LiveTree {
  /** Whether every change since `from` (a `performance.now()` time) has been seen: a scan begun then needs no rescan. */
  covers(from: number): boolean;
  /** Applies the changes seen and not yet applied; undefined when there are none. */
  settle(): Promise<void> | undefined;
}

/**
 * A scan's answer: when it began (`from`), when it ended (`at`), what it found, and what checking the tree cost it
 * (`checkMs`: its discovery and stats, not the analysis of what changed).
 */
export interface Scan<Files> {
  from: number;
  at: number;
  files: Files;
  checkMs?: number;
}

/**
 * Whether a file is among paths a watcher saw go: a file of `gone`, or below a folder of it (`''`: the whole root).
 */
export function goneMatcher(gone: readonly string[]): (file: string) => boolean {
  const files = new Set(gone.filter((path) => path !== ''));
  const folders = new Set(gone.map((path) => (path === '' ? '' : `${path}/`)));
  return (file) => {
    if (files.has(file) || folders.has('')) return true;
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) if (folders.has(file.slice(0, slash + 1))) return true;
    return false;
  };
}

/** Brings the scans of folders (root-relative, `''` the root) up to date with files added and dropped. */
export function amendScans(scans: ReadonlyMap<string, Scan<string[]>>, added: readonly string[], dropped: readonly string[]): void {
  for (const [folder, scan] of scans) {
    const inFolder = (file: string) => folder === '' || file.startsWith(`${folder}/`);
    if (!added.some(inFolder) && !dropped.some(inFolder)) continue;
    const files = new Set(scan.files);
    for (const file of dropped) files.delete(file);
    for (const file of added) if (inFolder(file)) files.add(file);
    scan.files = [...files].sort();
  }
}
