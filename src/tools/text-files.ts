/**
 * Reading any text file of the project for the file tools (read_file, list_directory line counts), with the same
 * checks as indexing: inside the root, a regular file, under the size limit, not binary, read by the safe read.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import { isBinary, readSource, readVerified, type ResolvedPath } from '../engine/files.js';
import { toolFile } from './paths.js';

/** Most bytes read to count a file's lines in a directory listing; larger files are listed without a count. */
const MAX_COUNTED_BYTES = 4 * 1024 * 1024;

/** A file's lines (without line ends) and its total, `total` not counting the empty piece after a final newline. */
export interface FileLines {
  file: string;
  lines: string[];
  total: number;
}

/** Reads a text file inside the root as lines. */
export async function readLines(root: string, path: string, maxFileSize: number, argument = 'file_path'): Promise<FileLines> {
  const resolved = await toolFile(root, path, argument);
  const source = await readSource(resolved, maxFileSize);
  const lines = source.text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = source.text === '' ? 0 : lines.length;
  return { file: resolved.relative, lines: total === 0 ? [] : lines, total };
}

/**
 * The line count of a text file, or undefined for binary, unreadable or very large files and for a path that did
 * not pass the root check.
 */
export function countLines(path: ResolvedPath | undefined): number | undefined {
  if (!path) return undefined;
  try {
    const { bytes } = readVerified(path, MAX_COUNTED_BYTES);
    if (isBinary(bytes)) return undefined;
    if (bytes.length === 0) return 0;
    let count = 0;
    for (const byte of bytes) if (byte === 10) count++;
    return bytes[bytes.length - 1] === 10 ? count : count + 1;
  } catch {
    return undefined;
  }
}

/** Validates a 1-based line range against a file of `total` lines. */
export function checkRange(total: number, start: number | undefined, end: number | undefined, names: [string, string]): { start: number; end: number } {
  const from = start ?? 1;
  if (total === 0) return { start: 1, end: 0 };
  if (from > total) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${names[0]} ${from} is past the end of the file (${total} lines)`, {
      [names[0]]: from,
      total_lines: total,
      suggestion: `Use a ${names[0]} from 1 to ${total}`,
    });
  }
  const to = Math.min(end ?? total, total);
  if (to < from) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${names[1]} ${end} is before ${names[0]} ${from}`, {
      [names[0]]: from,
      [names[1]]: end,
    });
  }
  return { start: from, end: to };
}

/**
 * Validates a 1-based column of a line (where a read continues inside a long line): from 1 to one past the line's
 * last character. Undefined is column 1.
 */
export function checkColumn(lines: readonly string[], line: number, column: number | undefined, names: [string, string]): number {
  if (column === undefined || column === 1) return 1;
  const length = lines[line - 1]?.length ?? 0;
  if (column > length + 1) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${names[1]} ${column} is past the end of line ${line} (${length} characters)`, {
      [names[0]]: line,
      [names[1]]: column,
      line_length: length,
      suggestion: `Use a ${names[1]} from 1 to ${length + 1}, or leave it out`,
    });
  }
  return column;
}
