/**
 * One file to its facts, in a worker thread or on the calling thread: resolve it inside the root, read it, hash it,
 * and parse it only when no stored facts match its content. The facts go to the store; what comes back is the
 * file's entry (stat, hash, key, summary for the name table).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { basename, dirname, extname } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { alternativesFor, siblingLanguage } from '../extract/alternatives.js';
import { extractFile } from '../extract/extract-file.js';
import type { LanguageDefinition } from '../languages/define.js';
import { LineIndex } from '../extract/lines.js';
import { parseText } from '../runtime/tree-sitter.js';
import type { LanguageRegistry } from '../languages/registry.js';
import { FACTS_VERSION, type FileFacts } from '../model/facts.js';
import { summaryOf } from '../model/views.js';
import type { FileSystem } from './file-system.js';
import { nodeFileSystem } from './node-file-system.js';
import { resolveInRoot, readSource, sourceOfBytes } from './source.js';
import { VERSION } from '../version.js';
import { blobAddress, type FactStore, type FileEntry } from './store.js';

/** Limits applied to every file. */
export interface FileLimits {
  maxFileSize: number;
  parseTimeoutMs: number;
}

/** The limits as a string an error entry records: a file that failed under other limits is tried again. */
export function limitsKey(limits: FileLimits): string {
  return `${limits.maxFileSize}:${limits.parseTimeoutMs}`;
}

/** One file to analyze. */
export interface AnalysisJob {
  /** Root-relative path. */
  file: string;
  /** The language to analyze it as. */
  language: string;
  /** The fact key of that language (see `Workspace`). */
  key: string;
  /** What the index knew of the file: when the content hash still matches, nothing is parsed. */
  known?: FileEntry;
  /** Read the stored facts again (they were found missing): no shortcut through known entries or stored facts. */
  force?: boolean;
  /**
   * The caller holds no summary of the file's facts when they are stored already: they are read for one. Without it,
   * facts stored already (a copy of another file, a file changed back) give an entry without a summary, which the
   * caller takes from the entries it holds of the same blob.
   */
  needSummary?: boolean;
  /** Time an earlier attempt at this job spent (on a thread that ran out of memory): taken from the parse budget. */
  spentMs?: number;
  /** The file's size as the caller last saw it (a pool runs large files on a thread without its heap bound). */
  size?: number;
  /**
   * A version of the file that is not in the tree (an older commit's): analyzed from these bytes, the tree's file is
   * never read. The facts come back with the outcome and are not stored (stored facts of the same bytes are served).
   */
  bytes?: Uint8Array;
}

/** The parse budget left to a job: the limit, less what an earlier attempt spent (at least 1 ms). */
export function budgetOf(context: AnalysisContext, job: { spentMs?: number }): number {
  return Math.max(1, context.limits.parseTimeoutMs - (job.spentMs ?? 0));
}

/** What a job gives back. */
export type AnalysisOutcome =
  | {
      file: string;
      entry: FileEntry;
      /** True when the file was parsed (not unchanged, not found in the store). */
      parsed: boolean;
      /** The facts, when they were analyzed and the store cannot be shared with the caller (memory store). */
      facts?: FileFacts;
    }
  | {
      file: string;
      error: { code: string; message: string; data?: Record<string, unknown> };
      /** What was known of the file when it failed (an error entry is recorded from it). */
      stat?: { size: number; mtimeMs: number; hash: string };
    };

/** Where a job runs. */
export interface AnalysisContext {
  root: string;
  registry: LanguageRegistry;
  store: FactStore;
  limits: FileLimits;
  disabledLanguages: ReadonlySet<string>;
  /** Return the facts with the entry (the store is not shared with the caller). */
  returnFacts: boolean;
  /** The file system under the root. Parse threads read through Node's. @defaultValue Node's */
  fileSystem?: FileSystem;
}

/** A fault inside WebAssembly (an out-of-bounds access, `unreachable`, an abort): the module may be unusable. */
export function isWasmFault(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RuntimeError' || /memory access out of bounds|unreachable|Aborted\(/.test(error.message));
}

function failure(file: string, error: unknown, stat?: { size: number; mtimeMs: number; hash: string }): AnalysisOutcome {
  if (error instanceof CodeIndexError) return { file, error: { code: error.code, message: error.message, data: error.data }, ...(stat ? { stat } : {}) };
  const message = error instanceof Error ? error.message : String(error);
  return {
    file,
    error: {
      code: ErrorCode.ANALYSIS_FAILED,
      message: `Analysis of ${file} failed: ${message}`,
      data: { file_path: file, ...(isWasmFault(error) ? { fault: true } : {}) },
    },
    ...(stat ? { stat } : {}),
  };
}

/** Which identifier is at a position (or where a name is on a line): the fallback for names no query tags. */
export interface IdentifyJob {
  file: string;
  language: string;
  line: number;
  /** The column to look at; without it, the first whole-word `symbol` on the line. */
  column?: number;
  symbol?: string;
  /** As {@link AnalysisJob.spentMs}. */
  spentMs?: number;
}

/** The identifier found, or the node type at the position when it is not one. */
export interface IdentifyOutcome {
  name?: string;
  column: number;
  nodeType: string;
  error?: { code: string; message: string; data?: Record<string, unknown> };
}

function findWord(text: string, word: string): number | undefined {
  let from = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at === -1) return undefined;
    const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_$]/u.test(ch);
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return at + 1;
    from = at + 1;
  }
}

/** Reads and parses a file to find the identifier at a position (its tree is deleted here). Never throws. */
export async function runIdentifyJob(job: IdentifyJob, context: AnalysisContext): Promise<IdentifyOutcome> {
  try {
    const fs = context.fileSystem ?? nodeFileSystem;
    const path = await resolveInRoot(context.root, job.file, fs);
    const source = await readSource(path, context.limits.maxFileSize, fs);
    const lines = new LineIndex(source.text);
    const text = lines.text(job.line);
    let column = job.column;
    if (column === undefined) {
      column = job.symbol === undefined ? undefined : findWord(text, job.symbol);
      if (column === undefined) return { column: 0, nodeType: 'none' };
    }
    const loaded = await context.registry.load(job.language);
    const tree = parseText(loaded.parser, source.text, budgetOf(context, job), { file_path: job.file });
    try {
      const offset = (lines.starts[job.line - 1] ?? 0) + column - 1;
      const node = tree.rootNode.descendantForIndex(offset);
      // Grammars name their identifier tokens `identifier`, `property_identifier`, `type_identifier`, ...
      if (node && node.childCount === 0 && node.isNamed && /identifier$/.test(node.type)) {
        return { name: node.text, column: lines.position(node.startIndex).column, nodeType: node.type };
      }
      return { column, nodeType: node?.type ?? 'unknown' };
    } finally {
      tree.delete();
    }
  } catch (error) {
    const coded = error instanceof CodeIndexError ? error : undefined;
    return {
      column: job.column ?? 0,
      nodeType: 'unknown',
      error: coded
        ? { code: coded.code, message: coded.message, data: coded.data }
        : { code: ErrorCode.ANALYSIS_FAILED, message: String(error), data: { file_path: job.file, ...(isWasmFault(error) ? { fault: true } : {}) } },
    };
  }
}

/**
 * The extensions of the other files in a file's folder, when its language has alternatives decided by sources beside
 * a file; undefined otherwise (or when the folder cannot be read).
 */
function siblingsOf(context: AnalysisContext, job: AnalysisJob, absolute: string): string[] | undefined {
  const definition = context.registry.get(job.language);
  if (!definition || !alternativesFor(definition, job.file).some((alternative) => (alternative.siblings ?? []).length > 0)) return undefined;
  try {
    const own = basename(absolute);
    const listing = listingOf(context.fileSystem ?? nodeFileSystem, dirname(absolute));
    const ownExtension = listing.names.has(own) ? extname(own).toLowerCase() : undefined;
    const extensions: string[] = [];
    for (const [extension, count] of listing.extensions) {
      if (extension !== '' && count > (extension === ownExtension ? 1 : 0)) extensions.push(extension);
    }
    return extensions.sort();
  } catch {
    return undefined;
  }
}

/** A folder's entries as {@link siblingsOf} reads them: their names, and how many have each extension. */
interface Listing {
  /** The folder's modification time when it was listed: an entry added, removed or renamed changes it. */
  mtimeMs: number;
  names: Set<string>;
  extensions: Map<string, number>;
}

/** Folders listed per thread and file system, at most {@link MAX_LISTINGS} of them (the oldest listed go first). */
const listings = new WeakMap<FileSystem, Map<string, Listing>>();
const MAX_LISTINGS = 256;
/**
 * A listing is kept only when made this long after the folder's last change: file systems stamp times in ticks of a few
 * milliseconds (seconds on some), and a change in the tick of the listing would leave the folder's time as it was
 * (git's "racy" entries, the same question).
 */
const SETTLED_MS = 2000;

/**
 * A folder's listing, listed again only when the folder changed: every header of a folder asks for it (1,401 headers
 * in the kernel's include/linux, listing its 1,466 entries took 2.9 ms each time: 4 s, and quadratic in the folder).
 */
function listingOf(fs: FileSystem, folder: string): Listing {
  let byFolder = listings.get(fs);
  if (!byFolder) {
    byFolder = new Map();
    listings.set(fs, byFolder);
  }
  let mtimeMs: number | undefined;
  try {
    mtimeMs = fs.stat(folder).mtimeMs;
  } catch {
    // Listed without the shortcut (a folder one may list but not stat).
  }
  const known = byFolder.get(folder);
  if (known && mtimeMs !== undefined && known.mtimeMs === mtimeMs) return known;
  const listedAt = Date.now();
  const listing: Listing = { mtimeMs: mtimeMs ?? Number.NaN, names: new Set(), extensions: new Map() };
  for (const { name } of fs.readdir(folder)) {
    listing.names.add(name);
    const extension = extname(name).toLowerCase();
    listing.extensions.set(extension, (listing.extensions.get(extension) ?? 0) + 1);
  }
  byFolder.delete(folder);
  if (mtimeMs !== undefined && listedAt - mtimeMs >= SETTLED_MS) {
    byFolder.set(folder, listing);
    if (byFolder.size > MAX_LISTINGS) byFolder.delete(byFolder.keys().next().value as string);
  }
  return listing;
}

/**
 * Runs one job. Never throws: failures are outcomes with a coded error. `onLoaded` is called when the file's
 * languages are loaded and its bounded work starts (not at all when no parse is needed).
 */
export async function runAnalysisJob(job: AnalysisJob, context: AnalysisContext, onLoaded?: () => void): Promise<AnalysisOutcome> {
  let source;
  let absolute: string | undefined;
  const fs = context.fileSystem ?? nodeFileSystem;
  try {
    if (job.bytes) {
      if (job.bytes.length > context.limits.maxFileSize) {
        throw new CodeIndexError(ErrorCode.FILE_TOO_LARGE, `${job.file} is ${job.bytes.length} bytes, over the ${context.limits.maxFileSize}-byte limit (maxFileSize)`, {
          file_path: job.file,
          file_size_bytes: job.bytes.length,
          max_file_size: context.limits.maxFileSize,
        });
      }
      source = sourceOfBytes(job.file, job.bytes);
      absolute = await placeOf(context, job.file, fs);
    } else {
      const path = await resolveInRoot(context.root, job.file, fs);
      absolute = path.absolute;
      source = await readSource(path, context.limits.maxFileSize, fs);
    }
  } catch (error) {
    return failure(job.file, error);
  }
  const stat = { size: source.size, mtimeMs: source.mtimeMs, hash: source.hash };
  // Sources beside the file, for a language whose files may be another's (a `.h` beside a `.cpp`): part of the key,
  // as they may decide the language the facts are in.
  const siblings = absolute === undefined ? undefined : siblingsOf(context, job, absolute);
  const hint = siblings ? siblingLanguage(alternativesFor(context.registry.get(job.language) as LanguageDefinition, job.file), siblings) : undefined;
  const key = hint ? `${job.key}+${hint}` : job.key;
  const known = job.force || job.bytes ? undefined : job.known;
  if (known && known.hash === source.hash && known.key === job.key && !known.error) {
    // Touched but unchanged: the same facts, a new stat.
    return { file: job.file, entry: { ...known, size: source.size, mtimeMs: source.mtimeMs }, parsed: false };
  }
  const blob = blobAddress(key, source.hash);
  const stored = context.store.hasFacts(blob);
  if (stored && !job.force && !job.needSummary && !context.returnFacts && !job.bytes) {
    // Stored already: the caller has the summary of those facts (or asks again with `needSummary`).
    return { file: job.file, entry: { ...stat, language: job.language, key: job.key, blob }, parsed: false };
  }
  let facts = stored ? context.store.readFacts(blob) : undefined;
  const parsed = !facts;
  if (!facts) {
    try {
      facts = await extractFile(context.registry, {
        file: job.file,
        text: source.text,
        size: source.size,
        language: job.language,
        timeoutMs: budgetOf(context, job),
        disabledLanguages: context.disabledLanguages,
        warnings: [...source.warnings],
        ...(onLoaded ? { onLoaded } : {}),
        ...(siblings ? { siblingExtensions: siblings } : {}),
      });
    } catch (error) {
      return failure(job.file, error, stat);
    }
    if (!job.bytes) context.store.writeFacts(blob, facts);
  }
  if (job.bytes) return { file: job.file, entry: { ...stat, language: job.language, key: job.key, blob }, parsed, facts };
  const summary = summaryOf(facts);
  const entry: FileEntry = { ...stat, language: job.language, key: job.key, blob, summary };
  return context.returnFacts && parsed ? { file: job.file, entry, parsed, facts } : { file: job.file, entry, parsed };
}

/**
 * Where a version of a file would be in the tree, for the sources beside it: its folder through the root check (the
 * file itself may be gone), or undefined when the folder is not there.
 */
async function placeOf(context: AnalysisContext, file: string, fs: FileSystem): Promise<string | undefined> {
  const folder = dirname(file);
  if (folder === '.' || folder === '') return `${context.root}/${basename(file)}`;
  try {
    return `${(await resolveInRoot(context.root, folder, fs)).absolute}/${basename(file)}`;
  } catch {
    return undefined;
  }
}

/**
 * Errors that stay true while the file and the limits do not change (the file is not tried again until then): too
 * large, binary, over the time budget, a fault inside a grammar. A worker that could not start is not one of them.
 */
export function isStickyError(error: { code: string; data?: Record<string, unknown> }): boolean {
  if (error.code === ErrorCode.ANALYSIS_FAILED) return error.data?.fault === true;
  return error.code === ErrorCode.FILE_TOO_LARGE || error.code === ErrorCode.BINARY_FILE || error.code === ErrorCode.TS_PARSE_TIMEOUT;
}

/** Analyses of an unchanged file that may run out of time before it is skipped (see `FileEntry.error`). */
const MAX_TIMEOUTS = 2;

/** Whether a file's recorded error still holds under these limits (a first timeout is tried once more). */
export function errorHolds(error: NonNullable<FileEntry['error']>, limits: string): boolean {
  return error.limits === limits && (error.code !== ErrorCode.TS_PARSE_TIMEOUT || (error.timeouts ?? 1) >= MAX_TIMEOUTS);
}

/** The error a file's entry records for a failure that stays ({@link isStickyError}), its timeouts counted on. */
export function recordedError(code: string, message: string, limits: string, before: FileEntry['error']): NonNullable<FileEntry['error']> {
  const timeouts = code === ErrorCode.TS_PARSE_TIMEOUT ? (before?.code === code ? (before.timeouts ?? 1) : 0) + 1 : undefined;
  return { code, message, limits, ...(timeouts ? { timeouts } : {}) };
}

/** Estimated bytes of a file's facts in memory (the bound of the loaded facts' cache). */
export function estimatedFactsSize(facts: FileFacts): number {
  return 256 + facts.lineLengths.length * 8 + facts.definitions.length * 400 + facts.references.length * 120;
}

/**
 * The fact key of a language: the fact format, the package version, and the fingerprints of the language and of
 * those its files may be analyzed with (a fallback, embedded languages). Stored facts of another key are not served.
 */
export async function factKey(registry: LanguageRegistry, language: string): Promise<string> {
  const definition = registry.get(language);
  const related = [language, definition?.fallback?.language, ...Object.values(definition?.injections ?? {})].filter(
    (id): id is string => id !== undefined && registry.get(id) !== undefined,
  );
  const prints = await Promise.all(related.map((id) => registry.fingerprint(id)));
  return createHash('sha1').update(`${FACTS_VERSION}\u0000${VERSION}\u0000${related.join(',')}\u0000${prints.join(',')}`).digest('hex').slice(0, 16);
}
