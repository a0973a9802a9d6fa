/**
 * Files under the root: the one root check every path goes through before it reaches the file system (named by a
 * caller, produced by a glob, found by discovery, listed in a folder, handed to git), and the one safe read.
 *
 * The check compares real paths: a path is inside the root when its real path (every symlink resolved) is the
 * root's real path or below it. The read looks first (nothing but a regular file is opened), then reads through the
 * file system's verified read ({@link FileSystem.readFile}: on Node, open without following a final symlink and prove
 * the descriptor is that file), so a path swapped for a symlink between the check and the read is refused, never
 * followed. Both go through an injected {@link FileSystem} (Node's by default).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { Diagnostic } from '../types.js';
import type { FileBytes, FileInfo, FileSystem } from './file-system.js';
import { nodeFileSystem } from './node-file-system.js';

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
 * @param fs - The file system under the root. @defaultValue Node's
 * @throws CodeIndexError `INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `FILE_NOT_FOUND`, `FILE_UNREADABLE`.
 */
export async function resolveInRoot(root: string, file: string, fs: FileSystem = nodeFileSystem): Promise<ResolvedPath> {
  return resolveSync(root, file, fs);
}

function resolveSync(root: string, file: string, fs: FileSystem): ResolvedPath {
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
    // Synchronous on purpose (see FileSystem): indexing is dominated by these calls.
    real = fs.realpath(lexical);
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

/** A path the listing check let through; `info`: its `lstat`, when it is not a symlink (so its own stat). */
export interface ListedPath extends ResolvedPath {
  info?: FileInfo;
}

/**
 * The root check for the paths a glob, a directory walk or discovery produced (root-relative): the same test as
 * {@link resolveInRoot}, but a path that fails it is skipped (`undefined`) rather than reported, since the caller
 * did not name it. Build one per listing: it remembers the real path of each folder it has seen, so a listing pays
 * one `lstat` per entry (a symlink entry is resolved in full).
 *
 * @param fs - The file system under the root. @defaultValue Node's
 */
export function createListingCheck(root: string, fs: FileSystem = nodeFileSystem): (path: string) => ListedPath | undefined {
  const folders = new Map<string, string | undefined>([['', root]]);
  const realFolder = (folder: string): string | undefined => {
    if (folders.has(folder)) return folders.get(folder);
    let real: string | undefined;
    try {
      real = fs.realpath(`${root}/${folder}`);
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
      const info = fs.lstat(entry);
      if (!info.isSymbolicLink()) {
        // (a folder whose real path is the one named: the path was relative already)
        const named = slash < 0 ? root : `${root}/${own.slice(0, slash)}`;
        return { absolute: entry, relative: folder === named ? own : toPosix(relative(root, entry)), info };
      }
      const real = fs.realpath(entry);
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
export type VerifiedBytes = FileBytes;

function changed(path: ResolvedPath): CodeIndexError {
  return new CodeIndexError(
    ErrorCode.PATH_TRAVERSAL,
    `${path.relative} changed between the check and the read (it was replaced, or a folder on its way became a symbolic link); it was not read`,
    { file_path: path.relative, suggestion: 'Try again once the file stops changing' },
  );
}

function notAFile(path: ResolvedPath, isDirectory: boolean): CodeIndexError {
  return new CodeIndexError(
    ErrorCode.NOT_A_FILE,
    `${path.relative || '.'} is ${isDirectory ? 'a directory' : 'not a regular file'}, not a file`,
    { file_path: path.relative, suggestion: 'Pass a file path; to look inside a directory, search or list it' },
  );
}

/** What a failed {@link FileSystem.readFile} means for the file the caller named. */
function readError(error: unknown, path: ResolvedPath, maxFileSize: number): CodeIndexError {
  const failure = error as { code?: string; size?: number };
  switch (failure?.code) {
    case 'ELOOP':
    case 'ECHANGED':
      return changed(path);
    case 'EISDIR':
    case 'ENOTREG':
      return notAFile(path, failure.code === 'EISDIR');
    case 'EFBIG':
      return new CodeIndexError(
        ErrorCode.FILE_TOO_LARGE,
        `${path.relative} is ${failure.size} bytes, over the ${maxFileSize}-byte limit (maxFileSize)`,
        { file_path: path.relative, file_size_bytes: failure.size, max_file_size: maxFileSize },
      );
    default:
      return fileError(error, path.relative);
  }
}

/**
 * The safe read: looks at the checked file (nothing but a regular file is opened: opening a device can have effects),
 * then reads it through the file system's verified read, which enforces the size limit on what it opened.
 *
 * @param path - A path from {@link resolveInRoot} or {@link createListingCheck} (with the same file system).
 * @throws CodeIndexError `NOT_A_FILE`, `FILE_TOO_LARGE`, `FILE_NOT_FOUND`, `FILE_UNREADABLE`, `PATH_TRAVERSAL` (the
 * file changed into something else between the check and the read).
 */
export function readVerified(path: ResolvedPath, maxFileSize: number, fs: FileSystem = nodeFileSystem): VerifiedBytes {
  try {
    const info = fs.lstat(path.absolute);
    if (info.isSymbolicLink()) throw changed(path);
    if (!info.isFile()) throw notAFile(path, info.isDirectory());
  } catch (error) {
    if (error instanceof CodeIndexError) throw error;
    throw fileError(error, path.relative);
  }
  try {
    return fs.readFile(path.absolute, maxFileSize);
  } catch (error) {
    throw readError(error, path, maxFileSize);
  }
}

/** A file's text and how it was decoded. */
export interface SourceText {
  text: string;
  size: number;
  mtimeMs: number;
  /** MD5 of the bytes (the MCP tree-sitter server spec's cache key). */
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
 * @param fs - The file system the path was checked with. @defaultValue Node's
 * @throws CodeIndexError `NOT_A_FILE`, `FILE_TOO_LARGE`, `BINARY_FILE`, `FILE_UNREADABLE`, `FILE_NOT_FOUND`,
 * `PATH_TRAVERSAL`.
 */
export async function readSource(path: ResolvedPath, maxFileSize: number, fs: FileSystem = nodeFileSystem): Promise<SourceText> {
  const { bytes, size, mtimeMs } = readVerified(path, maxFileSize, fs);
  return sourceOfBytes(path.relative, bytes, size, mtimeMs);
}

/**
 * The text of bytes read elsewhere (a version of a file from git) as {@link readSource} decodes a file's.
 *
 * @param relative - The file's root-relative path, for messages.
 * @throws CodeIndexError `BINARY_FILE`.
 */
export function sourceOfBytes(relative: string, bytes: Uint8Array, size = bytes.length, mtimeMs = 0): SourceText {
  if (isBinary(bytes)) {
    throw new CodeIndexError(ErrorCode.BINARY_FILE, `${relative} is a binary file, not source text`, {
      file_path: relative,
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
      message: `${relative} is not valid UTF-8; invalid bytes were read as U+FFFD`,
      details: { file_path: relative },
    });
  }
  const hash = createHash('md5').update(bytes).digest('hex');
  return { text, size, mtimeMs, hash, warnings };
}
