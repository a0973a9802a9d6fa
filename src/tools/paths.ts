/**
 * Paths given by a model: root-relative or absolute inside the root; `..` segments, NUL bytes and URL-encoded
 * traversal are refused before anything touches the disk, and symlinks that leave the root are refused after.
 *
 * @module
 */
import { opendirSync, statSync } from 'node:fs';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { checkGlobPattern, type ResolvedPath, resolveInRoot } from '../engine/files.js';

/** Refuses what a model should never send: NUL bytes, `..` segments, URL-encoded traversal. */
export function checkToolPath(path: string, argument: string): void {
  if (path.includes('\0')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${argument} contains a NUL byte`, { [argument]: path });
  }
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not URL-encoded: check it as written.
  }
  for (const candidate of new Set([path, decoded])) {
    if (candidate.split(/[\\/]/).includes('..')) {
      throw new CodeIndexError(
        ErrorCode.PATH_TRAVERSAL,
        `${argument} "${path.length > 200 ? `${path.slice(0, 200)}…` : path}" contains a ".." segment${candidate !== path ? ' (URL-encoded)' : ''}; paths must stay inside the root`,
        { [argument]: path, suggestion: 'Use a path relative to the root without "..", or an absolute path inside it' },
      );
    }
  }
}

/**
 * Checks a glob argument (`file_pattern`, `fileGlob`): relative to the root, no `..`, not absolute. What it
 * matches is checked path by path where the glob runs (`listTree`).
 */
export function toolGlob(pattern: string, argument: string): void {
  checkToolPath(pattern, argument);
  checkGlobPattern(pattern, argument);
}

/** Resolves a file path argument inside the root. */
export async function toolFile(root: string, path: string, argument = 'file_path'): Promise<ResolvedPath> {
  checkToolPath(path, argument);
  return resolveInRoot(root, path);
}

/** Resolves a directory path argument inside the root (`.` or `''` is the root). */
export async function toolDirectory(root: string, path: string | undefined, argument = 'directory_path'): Promise<ResolvedPath> {
  const given = path === undefined || path === '' ? '.' : path;
  checkToolPath(given, argument);
  let resolved: ResolvedPath;
  try {
    resolved = await resolveInRoot(root, given);
  } catch (error) {
    if (error instanceof CodeIndexError && error.code === ErrorCode.FILE_NOT_FOUND) {
      throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `Directory not found: ${given}`, {
        [argument]: given,
        suggestion: 'List the root with "." to see which folders exist',
      });
    }
    throw error;
  }
  if (!statSync(resolved.absolute).isDirectory()) {
    throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `${given} is a file, not a directory`, {
      [argument]: given,
      suggestion: 'Pass its folder, or read the file with read_file',
    });
  }
  checkReadableDirectory(resolved, given, argument);
  return resolved;
}

/**
 * Opens the folder once: the file walker skips a folder it cannot read without a word, so a listing of an unreadable
 * folder would come back empty, as if there were nothing in it.
 *
 * @throws CodeIndexError `FILE_UNREADABLE` with the system's reason (`EACCES`, `EIO`, ...).
 */
function checkReadableDirectory(resolved: ResolvedPath, given: string, argument: string): void {
  try {
    opendirSync(resolved.absolute).closeSync();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new CodeIndexError(ErrorCode.FILE_UNREADABLE, `Directory ${given} cannot be read (${reason})`, {
      [argument]: given,
      reason,
      suggestion: 'Check its permissions, or list another folder',
    });
  }
}
