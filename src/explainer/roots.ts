/**
 * The allowed roots and the request's directory: inside one of them before and after symlinks are resolved, or
 * refused with `PATH_TRAVERSAL` before anything about it is looked up.
 *
 * @module
 */
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';

/** An allowed root as configured (resolved) and as it really is (symlinks resolved). */
export interface AllowedRoot {
  given: string;
  real: string;
}

/** An allowed root checked at startup: an existing directory, or `INVALID_ARGUMENT` naming ALLOWED_ROOTS. */
export function realRoot(path: string): AllowedRoot {
  try {
    const given = resolve(path);
    const real = realpathSync.native(given);
    if (!statSync(real).isDirectory()) throw new Error('not a directory');
    return { given, real };
  } catch {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `Allowed root "${path}" is not an existing directory; fix ALLOWED_ROOTS (comma separated absolute paths)`, {
      option: 'allowedRoots',
      path,
    });
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The request's directory, checked: no `..`, absolute, inside an allowed root before and after symlinks are
 * resolved, an existing directory. Outside is refused before the disk is touched.
 */
export function checkDirectory(directory: string, allowedRoots: readonly AllowedRoot[]): { real: string; given: string } {
  if (directory.includes('\0')) throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, 'directory contains a NUL byte', { directory });
  if (directory.split(/[\\/]/).includes('..')) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `directory "${directory}" contains a ".." segment; give the absolute path of the codebase without ".."`, { directory });
  }
  if (!isAbsolute(directory)) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `directory "${directory}" is not an absolute path; give the codebase's absolute path`, { directory });
  }
  const given = resolve(directory);
  const outside = () =>
    new CodeIndexError(
      ErrorCode.PATH_TRAVERSAL,
      `directory "${directory}" is outside the allowed roots (${allowedRoots.map((r) => r.given).join(', ')}); ask about a directory inside one of them`,
      { directory, allowedRoots: allowedRoots.map((r) => r.given) },
    );
  // Lexically first (against the roots as configured and as resolved): a directory outside is refused before
  // anything about it is looked up on the disk.
  if (!allowedRoots.some((root) => isInside(root.given, given) || isInside(root.real, given))) throw outside();
  let real: string;
  try {
    real = realpathSync.native(given);
  } catch {
    throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `Directory not found: ${directory}; check the path (it must exist on the server)`, { directory });
  }
  if (!allowedRoots.some((root) => isInside(root.real, real))) throw outside();
  if (!statSync(real).isDirectory()) {
    throw new CodeIndexError(ErrorCode.DIR_NOT_FOUND, `${directory} is a file, not a directory; give the codebase's root folder`, { directory });
  }
  return { real, given };
}
