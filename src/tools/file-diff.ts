/**
 * `get_file_diff` (the Code Scanner spec): a file against HEAD, staged and unstaged changes together, as a unified
 * diff.
 *
 * git is asked only for HEAD's blob of the file (plumbing that runs no filter, textconv or fsmonitor, see
 * `git.ts`); the working file is read by the safe read like every other read; the diff is computed by `render/unified-diff.ts`. So a
 * repository's diff drivers and filters are never involved, and git never reads the working tree at all.
 *
 * @module
 */
import { posix } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { type ResolvedPath, isBinary, readVerified } from '../engine/files.js';
import { type GitEntry, hasHead, headEntry, isStaged, openRepository, readBlob, type Repository } from '../engine/git.js';
import { checkToolPath, toolFile } from './paths.js';
import { DIFF_TIMEOUT_MS, unifiedDiff } from '../render/unified-diff.js';

/** The Code Scanner spec's result fields. */
export interface FileDiff {
  file_path: string;
  has_changes: boolean;
  diff: string | null;
  lines_added: number;
  lines_removed: number;
  context_lines: number;
  message?: string;
}

const MAX_CONTEXT = 10;

/**
 * The diff of one file against HEAD.
 *
 * @param root - The index root (a real path).
 * @param file - The file as the caller named it (root-relative or absolute inside the root; may be deleted).
 */
export async function fileDiff(root: string, file: string, contextLines: number, maxFileSize: number): Promise<FileDiff> {
  checkToolPath(file, 'file_path');
  const context = Math.min(contextLines, MAX_CONTEXT);
  const { relative, resolved } = await locate(root, file);
  const repository = await openRepository(root);
  if (!(await hasHead(repository))) {
    throw new CodeIndexError(ErrorCode.GIT_NO_HEAD, 'The git repository has no commit yet (no HEAD to compare with)', {
      suggestion: 'Every file is new: read it with read_file',
    });
  }
  const base = { file_path: relative, context_lines: context };
  const head = await headEntry(repository, relative);
  if (head && head.type !== 'blob') {
    throw new CodeIndexError(ErrorCode.NOT_A_FILE, `${relative} is ${head.type === 'tree' ? 'a directory' : 'a submodule'} in HEAD, not a file`, {
      file_path: relative,
      suggestion: 'Pass a file path',
    });
  }
  const working = resolved ? readVerified(resolved, maxFileSize).bytes : undefined;
  if (!head && !working) {
    throw new CodeIndexError(ErrorCode.FILE_NOT_FOUND, `File not found: ${relative} is neither in the working tree nor in HEAD`, {
      file_path: relative,
      suggestion: 'Check the path; it is resolved against the index root',
    });
  }
  if (!head && !(await isStaged(repository, relative))) {
    return {
      ...base,
      has_changes: false,
      diff: null,
      lines_added: 0,
      lines_removed: 0,
      message: 'The file is not tracked by git (new or ignored): there is no HEAD version to compare with. Read it with read_file.',
    };
  }
  const before = head ? await headBytes(repository, head, relative, maxFileSize) : undefined;
  const capped = contextLines > MAX_CONTEXT ? { message: `context_lines is capped at ${MAX_CONTEXT} (asked ${contextLines})` } : {};
  if (before && working && Buffer.compare(before, working) === 0) {
    return { ...base, has_changes: false, diff: null, lines_added: 0, lines_removed: 0, message: 'No changes in this file relative to HEAD' };
  }
  if ((before && isBinary(before)) || (working && isBinary(working))) {
    return {
      ...base,
      has_changes: true,
      diff: `Binary files ${before ? `a/${relative}` : '/dev/null'} and ${working ? `b/${relative}` : '/dev/null'} differ`,
      lines_added: 0,
      lines_removed: 0,
      message: 'A binary file: no line diff',
    };
  }
  const decoder = new TextDecoder('utf-8');
  const patch = await unifiedDiff(relative, relative, before ? decoder.decode(before) : undefined, working ? decoder.decode(working) : undefined, context);
  if (patch.timedOut) {
    return {
      ...base,
      has_changes: true,
      diff: null,
      lines_added: 0,
      lines_removed: 0,
      message: `The file changed too much to diff within ${DIFF_TIMEOUT_MS / 1000} s; read it with read_file`,
    };
  }
  return { ...base, has_changes: true, diff: patch.diff ?? null, lines_added: patch.linesAdded, lines_removed: patch.linesRemoved, ...capped };
}

/**
 * The file's root-relative path, and its resolved path when it exists. A missing file (deleted since HEAD) is
 * placed lexically: inside the root, without `..` (checked by `checkToolPath`), never a pattern.
 */
async function locate(root: string, file: string): Promise<{ relative: string; resolved?: ResolvedPath }> {
  try {
    const resolved = await toolFile(root, file);
    return { relative: resolved.relative, resolved };
  } catch (error) {
    if (!(error instanceof CodeIndexError && error.code === ErrorCode.FILE_NOT_FOUND)) throw error;
  }
  const inside = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
  const relative = posix.normalize(inside.split('\\').join('/')).replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  if (relative === '' || relative === '.' || relative.startsWith('/') || relative.split('/').includes('..')) {
    throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `file_path "${file.slice(0, 200)}" does not name a file inside the root`, {
      file_path: file,
      suggestion: 'Use a path relative to the root',
    });
  }
  return { relative };
}

async function headBytes(repository: Repository, entry: GitEntry, relative: string, maxFileSize: number): Promise<Buffer> {
  if (entry.size !== undefined && entry.size > maxFileSize) {
    throw new CodeIndexError(ErrorCode.FILE_TOO_LARGE, `${relative} is ${entry.size} bytes in HEAD, over the ${maxFileSize}-byte limit (maxFileSize)`, {
      file_path: relative,
      file_size_bytes: entry.size,
      max_file_size: maxFileSize,
    });
  }
  return readBlob(repository, entry.oid, maxFileSize);
}
