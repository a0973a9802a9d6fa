/**
 * The package version, read from package.json (one level above both `src/` and `dist/`).
 *
 * @module
 */
import { createRequire } from 'node:module';

/** code-index's version. */
export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
