/**
 * Files under the root: path resolution that never escapes it (`..`, absolute paths, symlinks), and reading
 * with the checks every operation needs (exists, regular file, size limit, binary, encoding).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
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

/**
 * Resolves `file` (root-relative or absolute) inside `root` (already a real path).
 *
 * @throws CodeIndexError `INVALID_ARGUMENT`, `PATH_TRAVERSAL`, `FILE_NOT_FOUND`.
 */
export async function resolveInRoot(root: string, file: string): Promise<ResolvedPath> {
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
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `Path "${file}" resolves outside the root ${root}`, {
      file_path: file,
      root,
      suggestion: 'Use a path inside the root, relative to it or absolute',
    });
  }
  let real: string;
  try {
    // Synchronous on purpose: for source-sized files one blocking call is several times faster than the
    // thread-pool round trips of the promise API, and indexing is dominated by them (measured in npm run bench).
    real = realpathSync.native(lexical);
  } catch (error) {
    throw fileError(error, file, lexical);
  }
  if (!isInside(root, real)) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `Path "${file}" is a link to ${real}, outside the root`, {
      file_path: file,
      root,
    });
  }
  return { absolute: real, relative: toPosix(relative(root, real)) };
}

function fileError(error: unknown, file: string, absolute: string): CodeIndexError {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new CodeIndexError(ErrorCode.FILE_NOT_FOUND, `File not found: ${file}`, {
      file_path: file,
      suggestion: 'Check the path; it is resolved against the index root',
    });
  }
  if (code === 'ELOOP') {
    return new CodeIndexError(ErrorCode.FILE_UNREADABLE, `Path "${file}" is a symlink loop`, { file_path: file });
  }
  return new CodeIndexError(ErrorCode.FILE_UNREADABLE, `Cannot read ${file}: ${code ?? String(error)}`, {
    file_path: file,
    absolute,
  });
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

/**
 * Reads a text file with the size and binary checks.
 *
 * @throws CodeIndexError `NOT_A_FILE`, `FILE_TOO_LARGE`, `BINARY_FILE`, `FILE_UNREADABLE`, `FILE_NOT_FOUND`.
 */
export async function readSource(path: ResolvedPath, maxFileSize: number): Promise<SourceText> {
  let info: ReturnType<typeof statSync>;
  try {
    info = statSync(path.absolute);
  } catch (error) {
    throw fileError(error, path.relative, path.absolute);
  }
  if (!info?.isFile()) {
    throw new CodeIndexError(
      ErrorCode.NOT_A_FILE,
      `${path.relative || '.'} is ${info?.isDirectory() ? 'a directory' : 'not a regular file'}, not a file`,
      { file_path: path.relative, suggestion: 'Pass a file path; to look inside a directory, search or list it' },
    );
  }
  if (info.size > maxFileSize) {
    throw new CodeIndexError(
      ErrorCode.FILE_TOO_LARGE,
      `${path.relative} is ${info.size} bytes, over the ${maxFileSize}-byte limit (maxFileSize)`,
      { file_path: path.relative, file_size_bytes: info.size, max_file_size: maxFileSize },
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path.absolute);
  } catch (error) {
    throw fileError(error, path.relative, path.absolute);
  }
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (sniff.includes(0)) {
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
  return { text, size: info.size, mtimeMs: info.mtimeMs, hash, warnings };
}
