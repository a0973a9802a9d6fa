/**
 * The file system under the index root, as the engine asks it: the one interface discovery, the root check, source
 * reads and the workspace go through, so that the engine's I/O is injected (Node's by default, an in-memory tree in a
 * test) and the floors above the engine do none of their own.
 *
 * It is small on purpose: real paths, stats, folder listings and one bounded read of a regular file. It knows nothing
 * of the root: every path the engine hands it has passed the root check first (`resolveInRoot`,
 * `createListingCheck` in source.ts, which ask it for real paths). The store's cache folder, outside the root, is the
 * store's own edge (`FactStore`), not this one.
 *
 * Failures are thrown as errors with a `code`: Node's (`ENOENT`, `ENOTDIR`, `ELOOP`, `EACCES`, ...), and for
 * {@link FileSystem.readFile} the codes of {@link FileSystemError}.
 *
 * @module
 */

/** What a file system says of a path (a `fs.Stats` is one). */
export interface FileInfo {
  /** Bytes. */
  size: number;
  /**
   * Modification time, milliseconds since the epoch. A folder's changes when an entry is added to it, removed from it
   * or renamed in it (as POSIX file systems keep it): the engine lists a folder again only then.
   */
  mtimeMs: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** One entry of a folder (a `fs.Dirent` is one). */
export interface FolderEntry {
  /** Its name in the folder (no slash). */
  name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The bytes of a regular file, with the size and modification time of what was read. */
export interface FileBytes {
  bytes: Uint8Array;
  size: number;
  mtimeMs: number;
}

/**
 * Why {@link FileSystem.readFile} read nothing, beside Node's codes: `ELOOP` (the path's last component is a symbolic
 * link: refused, never followed), `ECHANGED` (what was opened is not the file the path names: it was swapped between
 * the check and the read), `EISDIR` and `ENOTREG` (a folder, or another file that is not a regular one), `EFBIG` (over
 * the limit: `size` says how large).
 */
export class FileSystemError extends Error {
  /** `ELOOP`, `ECHANGED`, `EISDIR`, `ENOTREG` or `EFBIG`. */
  readonly code: 'ELOOP' | 'ECHANGED' | 'EISDIR' | 'ENOTREG' | 'EFBIG';
  /** The file's size, for `EFBIG`. */
  readonly size?: number;

  constructor(code: FileSystemError['code'], path: string, size?: number) {
    super(`${code}: ${path}`);
    this.name = 'FileSystemError';
    this.code = code;
    if (size !== undefined) this.size = size;
  }
}

/** A watch on a folder, from {@link FileSystem.watch}. */
export interface FolderWatch {
  /** Stops it: no call comes after, and no handle is left open. */
  close(): void;
}

/**
 * The file system under the index root. Paths are absolute; every method is synchronous (for source-sized files one
 * blocking call is several times faster than the thread-pool round trips of Node's promise API, and indexing is
 * dominated by them: measured in `npm run bench`).
 */
export interface FileSystem {
  /** The real path: every symbolic link on the way resolved. */
  realpath(path: string): string;
  /** What the path names, following a final symbolic link. */
  stat(path: string): FileInfo;
  /** What the path names, not following a final symbolic link. */
  lstat(path: string): FileInfo;
  /** The entries of a folder, in no particular order. */
  readdir(path: string): FolderEntry[];
  /**
   * Reads a regular file of at most `maxBytes` bytes without following a final symbolic link, from what it opened
   * (a Node file system proves the descriptor is the file the path names before reading a byte).
   *
   * @throws {@link FileSystemError} (`ELOOP`, `ECHANGED`, `EISDIR`, `ENOTREG`, `EFBIG`), or an error with Node's code.
   */
  readFile(path: string, maxBytes: number): FileBytes;
  /**
   * Watches a folder: `onChange` is called with the path, relative to the folder, of an entry added, removed, renamed
   * or written in it (with `recursive`, anywhere below it), or with undefined when the platform did not say which;
   * `onError` when the watch broke. Never keeps the process alive. Optional: a file system without it is polled
   * (src/engine/watcher.ts).
   *
   * @throws an error with Node's code when the watch cannot start (`ENOENT`, `ENOSPC`: the system's watch limit, ...).
   */
  watch?(folder: string, recursive: boolean, onChange: (name: string | undefined) => void, onError: (error: Error) => void): FolderWatch;
}
