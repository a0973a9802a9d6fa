/**
 * The facts of a file no registered (or enabled) language handles: nothing but its lines and why.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import { LineIndex } from '../extract/lines.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { FileFacts } from '../model/facts.js';
import type { FileSystem } from './file-system.js';
import { type ResolvedPath, readSource } from './source.js';

/**
 * The facts of a file no enabled language analyzes. It is still read: a missing file, a folder or a binary is
 * reported as such, not as a language problem.
 */
export async function unsupportedFileFacts(path: ResolvedPath, registry: LanguageRegistry, maxFileSize: number, fs: FileSystem): Promise<FileFacts> {
  const source = await readSource(path, maxFileSize, fs);
  const detection = registry.detectLanguage(path.relative);
  const warning = detection.warning ?? {
    code: ErrorCode.TS_UNSUPPORTED_LANGUAGE,
    message: `Language ${detection.language} is disabled`,
    details: { file_path: path.relative, extension: detection.extension },
  };
  return unsupportedFacts(source.text, [...source.warnings, warning]);
}

/** Empty facts with the warnings of a file no language analyzes. */
export function unsupportedFacts(text: string, warnings: FileFacts['warnings']): FileFacts {
  return {
    language: 'unknown',
    rootNode: '',
    parseTimeMs: 0,
    lineLengths: new LineIndex(text).lengths(),
    previews: {},
    definitions: [],
    references: [],
    bindings: [],
    imports: [],
    exports: [],
    outline: {},
    errors: [],
    errorCount: 0,
    warnings,
  };
}
