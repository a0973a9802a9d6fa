/**
 * A version of a file that is not in the tree (an older commit's, the staged one), analyzed like any file from its
 * bytes, in a parse thread under the same limits: its facts come back to the caller and are never written to the
 * tree nor stored.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { FileFacts } from '../model/facts.js';
import type { Workspace } from './workspace.js';

/**
 * The facts of `bytes` as the file `file` (root-relative; its language is the one its path names).
 *
 * @throws CodeIndexError `TS_UNSUPPORTED_LANGUAGE` when no language analyzes the path; the analysis' own errors
 * (`FILE_TOO_LARGE`, `BINARY_FILE`, `TS_PARSE_TIMEOUT`, ...).
 */
export async function analyzeVersion(workspace: Workspace, file: string, bytes: Uint8Array): Promise<FileFacts> {
  const language = workspace.languageOf(file);
  if (!language) throw new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `No language analyzes ${file}`, { file_path: file });
  const key = await workspace.keyOf(language);
  const outcome = await workspace.analyzer().run({ file, language, key, bytes, size: bytes.length });
  if ('error' in outcome) throw new CodeIndexError(outcome.error.code as ErrorCode, outcome.error.message, outcome.error.data ?? { file_path: file });
  if (!outcome.facts) throw new CodeIndexError(ErrorCode.INTERNAL_ERROR, `The analysis of a version of ${file} gave no facts`, { file_path: file });
  return outcome.facts;
}
