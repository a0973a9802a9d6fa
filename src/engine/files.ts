/**
 * The engine's file-system seam for the floors above it: every path that reaches the file system passes the root check
 * here (`resolveInRoot`, `createListingCheck`), reads are bounded (`readSource`, `readVerified`), and listings honour
 * the same ignore rules as discovery (`listTree`). The tools read and list files only through this module.
 *
 * @module
 */
import { readSource, resolveInRoot } from './source.js';

export { checkGlobPattern, listTree, type TreeOptions } from './discovery.js';
export { createListingCheck, isBinary, readSource, readVerified, type ResolvedPath, resolveInRoot, type SourceText, type VerifiedBytes } from './source.js';

/** The largest configuration file read for a module system (`tsconfig.json`, `go.mod`), in bytes. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * The text of a small file inside the root (a module system's configuration: `tsconfig.json`, `go.mod`,
 * `Cargo.toml`), or undefined when it is missing, outside the root, too large or not text.
 */
export async function readConfigText(root: string, file: string): Promise<string | undefined> {
  try {
    return (await readSource(await resolveInRoot(root, file), MAX_CONFIG_FILE_BYTES)).text;
  } catch {
    return undefined;
  }
}
