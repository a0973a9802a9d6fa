/**
 * The facts of a file no registered (or enabled) language handles: nothing but its lines and why.
 *
 * @module
 */
import { LineIndex } from '../extract/lines.js';
import type { FileFacts } from '../model/facts.js';

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
