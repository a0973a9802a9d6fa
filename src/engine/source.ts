/**
 * Files under the root: the one root check every path goes through before it reaches the file system (named by a
 * caller, produced by a glob, found by discovery, listed in a folder, handed to git), and the one safe read.
 *
 * The check compares real paths: a path is inside the root when its real path (every symlink resolved) is the
 * root's real path or below it. The read opens first and verifies after: it opens the checked real path without
 * following a final symlink, then proves the descriptor it got is that file (on Linux the kernel's own record of
 * the opened path, `/proc/self/fd/N`; elsewhere device and inode against a fresh look-up), and reads only from that
 * descriptor. A path swapped for a symlink between the check and the read is refused, never followed.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import {
  type BigIntStats,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { Diagnostic } from '../types.js';

/** A file resolved inside the root. */
export interface ResolvedPath {
  /** Absolute path (symlinks resolved). */
  absolute: string;
  /** Root-relative path with `/`. */
  relative: string;
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** A path as a message shows it: an echoed argument is cut, so a 10 MB path makes a short message. */
function shown(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}… (${path.length} characters)` : path;
}

/**
 * The root check. Resolves `file` (root-relative or absolute) inside `root` (already a real path): refused when it
 * leaves the root lexically (`..`, an absolute path elsewhere) or through a symlink (its real path is outside).
 * Messages and details name the path as given and never the root or a symlink's target.
 *
 * @throws CodeIndexError `INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `FILE_NOT_FOUND`, `FILE_UNREADABLE`.
 */
export async function resolveInRoot(root: string, file: string): Promise<ResolvedPath> {
  return resolveSync(root, file);
}

function resolveSync(root: string, file: string): ResolvedPath {
  if (typeof file !== 'string' || file.length === 0) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'A file path is required (root-relative or absolute)', {
      file_path: file,
    });
  }
  if (file.includes('\0')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'The file path contains a NUL byte', { file_path: file });
  }
  const lexical = isAbsolute(file) ? resolve(file) : resolve(root, file);
  if (!isInside(root, lexical)) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `Path "${shown(file)}" resolves outside the root`, {
      file_path: file,
      suggestion: 'Use a path inside the root, relative to it (without "..") or absolute',
    });
  }
  let real: string;
  try {
    // Synchronous on purpose: for source-sized files one blocking call is several times faster than the
    // thread-pool round trips of the promise API, and indexing is dominated by them (measured in npm run bench).
    real = realpathSync.native(lexical);
  } catch (error) {
    throw fileError(error, file);
  }
  if (!isInside(root, real)) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `Path "${shown(file)}" leads outside the root through a symbolic link`, {
      file_path: file,
      suggestion: 'Use a path whose folders and file are inside the root; symbolic links out of it are not followed',
    });
  }
  return { absolute: real, relative: toPosix(relative(root, real)) };
}

/**
 * The root check for the paths a glob, a directory walk or discovery produced (root-relative): the same test as
 * {@link resolveInRoot}, but a path that fails it is skipped (`undefined`) rather than reported, since the caller
 * did not name it. Build one per listing: it remembers the real path of each folder it has seen, so a listing pays
 * one `lstat` per entry (a symlink entry is resolved in full).
 */
export function createListingCheck(root: string): (path: string) => ResolvedPath | undefined {
  const folders = new Map<string, string | undefined>([['', root]]);
  const realFolder = (folder: string): string | undefined => {
    if (folders.has(folder)) return folders.get(folder);
    let real: string | undefined;
    try {
      real = realpathSync.native(`${root}/${folder}`);
      if (!isInside(root, real)) real = undefined;
    } catch {
      real = undefined;
    }
    folders.set(folder, real);
    return real;
  };
  return (path) => {
    if (typeof path !== 'string' || path.includes('\0') || isAbsolute(path)) return undefined;
    const own = posix.normalize(path.replace(/\/+$/, ''));
    if (own === '.') return { absolute: root, relative: '' };
    if (own === '..' || own.startsWith('../')) return undefined;
    const slash = own.lastIndexOf('/');
    const folder = realFolder(slash < 0 ? '' : own.slice(0, slash));
    if (folder === undefined) return undefined;
    const entry = `${folder}/${own.slice(slash + 1)}`;
    try {
      if (!lstatSync(entry).isSymbolicLink()) return { absolute: entry, relative: toPosix(relative(root, entry)) };
      const real = realpathSync.native(entry);
      return isInside(root, real) ? { absolute: real, relative: toPosix(relative(root, real)) } : undefined;
    } catch {
      return undefined;
    }
  };
}

function fileError(error: unknown, file: string): CodeIndexError {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new CodeIndexError(ErrorCode.FILE_NOT_FOUND, `File not found: ${shown(file)}`, {
      file_path: file,
      suggestion: 'Check the path; it is resolved against the index root',
    });
  }
  if (code === 'ELOOP') {
    return new CodeIndexError(ErrorCode.FILE_UNREADABLE, `Path "${shown(file)}" is a symlink loop`, { file_path: file });
  }
  return new CodeIndexError(ErrorCode.FILE_UNREADABLE, `Cannot read ${shown(file)}: ${code ?? String(error)}`, { file_path: file });
}

/** The bytes of a file read through a verified descriptor, with the stat of that descriptor. */
export interface VerifiedBytes {
  bytes: Uint8Array;
  size: number;
  mtimeMs: number;
}

// O_NOFOLLOW: a final component swapped for a symlink fails with ELOOP instead of being followed. O_NONBLOCK: a
// FIFO opens at once (and is then refused as not a regular file) instead of blocking the thread for a writer.
// O_NOCTTY: a terminal device never becomes our controlling terminal. (All three are 0 where they do not exist.)
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
let procFd: boolean | undefined;

function changed(path: ResolvedPath): CodeIndexError {
  return new CodeIndexError(
    ErrorCode.PATH_TRAVERSAL,
    `${path.relative} changed between the check and the read (it was replaced, or a folder on its way became a symbolic link); it was not read`,
    { file_path: path.relative, suggestion: 'Try again once the file stops changing' },
  );
}

function notAFile(path: ResolvedPath, info: { isDirectory(): boolean }): CodeIndexError {
  return new CodeIndexError(
    ErrorCode.NOT_A_FILE,
    `${path.relative || '.'} is ${info.isDirectory() ? 'a directory' : 'not a regular file'}, not a file`,
    { file_path: path.relative, suggestion: 'Pass a file path; to look inside a directory, search or list it' },
  );
}

/** Proves that descriptor `fd` is the file `path` names: the kernel's record of it, or the same device and inode. */
function verifyDescriptor(fd: number, path: ResolvedPath): void {
  procFd ??= existsSync('/proc/self/fd');
  if (procFd) {
    let link: string | undefined;
    try {
      link = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      link = undefined;
    }
    if (link !== undefined) {
      if (link !== path.absolute) throw changed(path);
      return;
    }
  }
  // No procfs: the checked path must still be its own real path and name the very inode we opened.
  let now: BigIntStats;
  let opened: BigIntStats;
  try {
    if (realpathSync.native(path.absolute) !== path.absolute) throw changed(path);
    now = statSync(path.absolute, { bigint: true });
    opened = fstatSync(fd, { bigint: true });
  } catch (error) {
    if (error instanceof CodeIndexError) throw error;
    throw changed(path);
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) throw changed(path);
}

/**
 * The safe read: opens the checked file, verifies the descriptor is that file and a regular one, enforces the size
 * limit on the descriptor's own stat, and reads only from it.
 *
 * @param path - A path from {@link resolveInRoot} or {@link createListingCheck}.
 * @throws CodeIndexError `NOT_A_FILE`, `FILE_TOO_LARGE`, `FILE_NOT_FOUND`, `FILE_UNREADABLE`, `PATH_TRAVERSAL` (the
 * file changed into something else between the check and the read).
 */
export function readVerified(path: ResolvedPath, maxFileSize: number): VerifiedBytes {
  // A cheap look first, so that nothing but a regular file is ever opened (opening a device can have effects).
  try {
    const info = lstatSync(path.absolute);
    if (info.isSymbolicLink()) throw changed(path);
    if (!info.isFile()) throw notAFile(path, info);
  } catch (error) {
    if (error instanceof CodeIndexError) throw error;
    throw fileError(error, path.relative);
  }
  let fd: number;
  try {
    fd = openSync(path.absolute, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ELOOP') throw changed(path);
    throw fileError(error, path.relative);
  }
  try {
    verifyDescriptor(fd, path);
    const info = fstatSync(fd);
    if (!info.isFile()) throw notAFile(path, info);
    const size = info.size;
    if (size > maxFileSize) {
      throw new CodeIndexError(
        ErrorCode.FILE_TOO_LARGE,
        `${path.relative} is ${size} bytes, over the ${maxFileSize}-byte limit (maxFileSize)`,
        { file_path: path.relative, file_size_bytes: size, max_file_size: maxFileSize },
      );
    }
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, bytes, filled, size - filled, null);
      if (read === 0) break;
      filled += read;
    }
    return { bytes: bytes.subarray(0, filled), size: filled, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (error instanceof CodeIndexError) throw error;
    throw fileError(error, path.relative);
  } finally {
    closeSync(fd);
  }
}

/** A file's text and how it was decoded. */
export interface SourceText {
  text: string;
  size: number;
  mtimeMs: number;
  /** MD5 of the bytes (the seed's cache key). */
  hash: string;
  warnings: Diagnostic[];
}

const BINARY_SNIFF_BYTES = 8000;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

/** True when the first bytes hold a NUL: binary data, not text (git's test). */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * Reads a text file through {@link readVerified}, with the binary check and UTF-8 decoding.
 *
 * @throws CodeIndexError `NOT_A_FILE`, `FILE_TOO_LARGE`, `BINARY_FILE`, `FILE_UNREADABLE`, `FILE_NOT_FOUND`,
 * `PATH_TRAVERSAL`.
 */
export async function readSource(path: ResolvedPath, maxFileSize: number): Promise<SourceText> {
  const { bytes, size, mtimeMs } = readVerified(path, maxFileSize);
  if (isBinary(bytes)) {
    throw new CodeIndexError(ErrorCode.BINARY_FILE, `${path.relative} is a binary file, not source text`, {
      file_path: path.relative,
    });
  }
  const warnings: Diagnostic[] = [];
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = utf8Lenient.decode(bytes);
    warnings.push({
      code: ErrorCode.NON_UTF8_CONTENT,
      message: `${path.relative} is not valid UTF-8; invalid bytes were read as U+FFFD`,
      details: { file_path: path.relative },
    });
  }
  const hash = createHash('md5').update(bytes).digest('hex');
  return { text, size, mtimeMs, hash, warnings };
}
