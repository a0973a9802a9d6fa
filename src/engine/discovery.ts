/**
 * Finding the files of a project: every file with a registered extension (or file name) under a folder, minus
 * hidden and build folders and, in a git work tree, whatever `.gitignore` files at any level exclude (see
 * {@link readsGitignores}). Symlinks are not followed, and
 * every path a glob produces goes through the root check ({@link createListingCheck}) before anyone sees it: a
 * glob's fixed prefix is walked by the operating system, which does follow a symlinked folder (`link/*`). The walk,
 * the check and the `.gitignore` reads go through an injected {@link FileSystem} (Node's by default).
 *
 * @module
 */
import { dirname, join, posix } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { type FileSystemAdapter, glob } from 'tinyglobby';
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { LanguageRegistry } from '../languages/registry.js';
import type { FileSystem } from './file-system.js';
import { nodeFileSystem } from './node-file-system.js';
import { createListingCheck, readVerified } from './source.js';

/**
 * Whether `.gitignore` files decide what the tree under `root` holds: when it is inside a git work tree (a `.git`
 * folder, or the `.git` file of a worktree or submodule, at the root or in a folder above it), as git itself, ripgrep
 * and fd read them. Elsewhere they are a packaging leftover: an archive holds what its author shipped, and its
 * `.gitignore` may exclude all of it (Debian's `linux-source-6.1` ends with `/*` and `!/debian/`: read, it left 38 of
 * the tree's 78,579 files). The one look outside the root: whether a `.git` entry exists above it (nothing is read).
 *
 * @param root - The index root (absolute real path).
 */
export function readsGitignores(root: string, fs: FileSystem = nodeFileSystem): boolean {
  for (let folder = root; ; folder = dirname(folder)) {
    try {
      fs.lstat(join(folder, '.git'));
      return true;
    } catch {
      // none here: look in the parent
    }
    if (dirname(folder) === folder) return false;
  }
}

/**
 * Folders skipped by default wherever they are (the build and dependency folders of the MCP tree-sitter server and
 * Code Scanner specs).
 */
export const DEFAULT_EXCLUDE = ['node_modules', 'dist', 'build', 'target', '__pycache__', 'vendor'];

/** Options of {@link discoverFiles}. */
export interface DiscoveryOptions {
  /** Glob patterns (relative to the root) to limit discovery to; default every file. */
  include?: string[];
  /** Extra glob patterns to skip, beside hidden folders and {@link DEFAULT_EXCLUDE}. */
  exclude?: string[];
  /** Skip the default excluded folders too? Default true. */
  useDefaultExcludes?: boolean;
  /** Language ids not to index. */
  disabledLanguages?: ReadonlySet<string>;
  /** The file system under the root. @defaultValue Node's */
  fileSystem?: FileSystem;
  /** Told the root-relative `.gitignore` files a discovery read (they decide membership as folders do). */
  onIgnoreFiles?: (files: readonly string[]) => void;
}

/** The `.gitignore` files under the root, when {@link readsGitignores} says they apply (else none). */
function gitignoreFiles(root: string, skip: string[], fs: FileSystem, walk: FileSystemAdapter | undefined): Promise<string[]> {
  if (!readsGitignores(root, fs)) return Promise.resolve([]);
  return glob(['**/.gitignore'], { cwd: root, ignore: skip, dot: true, followSymbolicLinks: false, ...(walk ? { fs: walk } : {}) });
}

/**
 * The glob's view of a file system: undefined for Node's (the glob's own, asynchronous walk), else the file system's
 * calls in the callback shapes the glob's walker asks for.
 */
function globFileSystem(fs: FileSystem): FileSystemAdapter | undefined {
  if (fs === nodeFileSystem) return undefined;
  const later = <T>(answer: () => T, callback: (error: Error | null, value?: T) => void) =>
    queueMicrotask(() => {
      let value: T;
      try {
        value = answer();
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(null, value);
    });
  const adapter = {
    readdir: (path: string, _options: unknown, callback: (error: Error | null, entries?: unknown) => void) => later(() => fs.readdir(path), callback),
    readdirSync: (path: string) => fs.readdir(path),
    realpath: (path: string, callback: (error: Error | null, real?: string) => void) => later(() => fs.realpath(path), callback),
    realpathSync: (path: string) => fs.realpath(path),
    stat: (path: string, callback: (error: Error | null, info?: unknown) => void) => later(() => fs.stat(path), callback),
    statSync: (path: string) => fs.stat(path),
  };
  // The walker calls only these, with these arguments; Node's overloads are wider than what it uses.
  return adapter as unknown as FileSystemAdapter;
}

/** The globs discovery walks with: what it lists (`patterns`) and what it skips (`skip`), under `folder`. */
function discoveryGlobs(folder: string, registry: LanguageRegistry, options: DiscoveryOptions): { patterns: string[]; skip: string[] } {
  const languages = registry
    .list()
    .filter((language) => !options.disabledLanguages?.has(language.id) && language.extensions.length > 0);
  const extensions = [...new Set(languages.flatMap((language) => language.extensions.map((e) => e.slice(1))))];
  const filenames = [...new Set(languages.flatMap((language) => language.filenames ?? []))];
  const prefix = folder ? `${folder}/` : '';
  const patterns = (options.include ?? ['**/*']).flatMap((pattern) => {
    const base = `${prefix}${pattern}`;
    // A brace list of one (`*.{go}`) is not expanded by the glob: it would match nothing.
    const byExtension = extensions.length > 1 ? [`${base}.{${extensions.join(',')}}`] : extensions.map((extension) => `${base}.${extension}`);
    return [...byExtension, ...filenames.map((name) => `${prefix}**/${name}`)];
  });
  for (const pattern of [...(options.include ?? []), ...(options.exclude ?? [])]) checkGlobPattern(pattern, 'include/exclude pattern');
  const skip = [...(options.useDefaultExcludes === false ? [] : DEFAULT_EXCLUDE.map((name) => `**/${name}/**`)), ...(options.exclude ?? [])];
  return { patterns, skip };
}

/**
 * Lists the indexable files under `folder` (root-relative, `/`-separated, sorted).
 *
 * @param root - The index root (absolute real path).
 * @param folder - Root-relative folder to search (`''` for the whole root).
 */
export async function discoverFiles(
  root: string,
  folder: string,
  registry: LanguageRegistry,
  options: DiscoveryOptions = {},
): Promise<string[]> {
  const { patterns, skip } = discoveryGlobs(folder, registry, options);
  if (patterns.length === 0) return [];
  const fs = options.fileSystem ?? nodeFileSystem;
  const walk = globFileSystem(fs);
  const [candidates, gitignores] = await Promise.all([
    glob(patterns, { cwd: root, ignore: skip, dot: false, followSymbolicLinks: false, caseSensitiveMatch: false, ...(walk ? { fs: walk } : {}) }),
    gitignoreFiles(root, skip, fs, walk),
  ]);
  const rules = loadGitignores(root, gitignores, fs);
  options.onIgnoreFiles?.(gitignores);
  const inRoot = createListingCheck(root, fs);
  return candidates
    .filter((file) => !isIgnored(file, rules) && registry.detectLanguage(file).language && inRoot(file)?.relative === file)
    .sort();
}

/**
 * Discovery's rules asked of one path at a time, without walking the tree: what a watcher needs to tell whether a
 * path it saw change is one discovery would list (or a folder discovery would walk). Built from the same globs and
 * `.gitignore` rules as {@link discoverFiles}; test/engine/discovery.test.ts walks trees with both and compares.
 */
export interface DiscoveryFilter {
  /**
   * Whether discovery lists this root-relative file: a registered language's, matched by the include globs, in no
   * hidden, skipped or `.gitignore`d place, and no symbolic link (nor below one).
   */
  listsFile(file: string): boolean;
  /**
   * Whether the rules let discovery walk into this root-relative folder (`''` is the root): not hidden, skipped or
   * `.gitignore`d, nor below one of those. What the rules say only: a caller walking the tree skips symbolic links
   * itself (discovery follows none). Discovery walks a `.gitignore`d folder only to drop what it finds there, unless a
   * `.gitignore` inside it re-includes a file (`!name`): a watcher does not look inside, and misses that case.
   */
  walksFolder(folder: string): boolean;
  /** Forgets the `.gitignore` rules read so far (one changed, a folder holding one came, or `.git` came or went). */
  forgetRules(): void;
}

/**
 * The rules of {@link discoverFiles} over the whole root, one path at a time (see {@link DiscoveryFilter}). The
 * globs are matched as the glob walker matches them (each pattern not ending in `*` also matches what is below it;
 * a folder is walked when some pattern can still match below it and no skip pattern matches it), and each folder's
 * `.gitignore` is read the first time a path below it is asked about.
 *
 * @param root - The index root (absolute real path).
 */
export function createDiscoveryFilter(root: string, registry: LanguageRegistry, options: DiscoveryOptions = {}): DiscoveryFilter {
  const { patterns, skip } = discoveryGlobs('', registry, options);
  const fs = options.fileSystem ?? nodeFileSystem;
  // As the walker normalizes them: a pattern not ending in `*` matches a folder of that name and all below it too.
  const normalize = (pattern: string) => {
    const own = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
    return posix.normalize(own.endsWith('*') ? own : `${own}/**`);
  };
  const matchOptions = { dot: false, nocase: true, posix: true };
  const lists = patterns.length > 0 ? picomatch(patterns.map(normalize), matchOptions) : () => false;
  const skips = skip.length > 0 ? picomatch(skip.map(normalize), matchOptions) : () => false;
  const couldList = partialMatcher(patterns.map(normalize), matchOptions);
  const rules = new Map<string, Ignore | undefined>();
  const walked = new Map<string, boolean>([['', true]]);
  let readsRules = readsGitignores(root, fs);
  const rulesOf = (folder: string): Ignore | undefined => {
    if (!readsRules) return undefined;
    if (rules.has(folder)) return rules.get(folder);
    const file = folder ? `${folder}/.gitignore` : '.gitignore';
    let found: Ignore | undefined;
    const path = createListingCheck(root, fs)(file);
    if (path && path.relative === file) {
      try {
        found = ignore().add(new TextDecoder('utf-8').decode(readVerified(path, MAX_GITIGNORE_BYTES, fs).bytes));
      } catch {
        // No .gitignore there (or an unreadable one, a FIFO, a symlink out, a huge file): it ignores nothing.
      }
    }
    rules.set(folder, found);
    return found;
  };
  const gitignored = (path: string, isFolder: boolean): boolean => {
    const parts = path.split('/');
    const own: GitignoreRules[] = [];
    for (let depth = 0; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      const found = rulesOf(folder);
      if (found) own.push({ folder, rules: found });
    }
    return isIgnored(isFolder ? `${path}/` : path, own);
  };
  const walksFolder = (folder: string): boolean => {
    const known = walked.get(folder);
    if (known !== undefined) return known;
    const slash = folder.lastIndexOf('/');
    const parent = slash < 0 ? '' : folder.slice(0, slash);
    const answer = walksFolder(parent) && couldList(folder) && !skips(folder) && !gitignored(folder, true);
    walked.set(folder, answer);
    return answer;
  };
  return {
    listsFile(file) {
      if (!file || file.startsWith('/') || posix.normalize(file) !== file || file.startsWith('../')) return false;
      const slash = file.lastIndexOf('/');
      // A fresh root check: a folder on the way may have been swapped for a symlink since the last question.
      if (!walksFolder(slash < 0 ? '' : file.slice(0, slash)) || !lists(file) || skips(file)) return false;
      if (!registry.detectLanguage(file).language || gitignored(file, false)) return false;
      return createListingCheck(root, fs)(file)?.relative === file;
    },
    walksFolder,
    forgetRules() {
      readsRules = readsGitignores(root, fs);
      rules.clear();
      walked.clear();
      walked.set('', true);
    },
  };
}

/**
 * Whether a folder can hold a match of one of the patterns, compared part by part as the glob walker prunes its
 * walk (a `**` part matches any folder below; a hidden folder matches no part when `dot` is off).
 */
function partialMatcher(patterns: string[], options: picomatch.PicomatchOptions): (folder: string) => boolean {
  const compiled = patterns.map((pattern) => {
    const parts = picomatch.scan(pattern, { parts: true }).parts ?? [pattern];
    return { parts, matchers: parts.map((part) => picomatch(part, options)) };
  });
  return (folder) => {
    if (folder === '') return true;
    const input = folder.split('/');
    for (const { parts, matchers } of compiled) {
      let j = 0;
      const shared = Math.min(input.length, parts.length);
      while (j < shared) {
        const part = parts[j] as string;
        if (part.includes('/')) return true;
        if (!(matchers[j] as (value: string) => boolean)(input[j] as string)) break;
        if (part === '**') return true;
        j++;
      }
      if (j === input.length) return true;
    }
    return false;
  };
}

/** Longest glob accepted (picomatch refuses patterns over 65,536 characters with a raw error). */
const MAX_GLOB_LENGTH = 4096;

/** Largest `.gitignore` read; a larger one ignores nothing. */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

/**
 * Refuses a glob that names anything outside the root before it is walked: an absolute pattern (or a brace
 * alternative that is one), a `..` segment (also inside braces or extglob groups, or URL-encoded), a NUL byte.
 * What a pattern matches is still checked path by path; this is the clear error for the obvious cases.
 *
 * @param argument - The argument's name, for the message.
 * @throws CodeIndexError `PATH_TRAVERSAL`, `INVALID_ARGUMENT`.
 */
export function checkGlobPattern(pattern: string, argument: string): void {
  const shown = pattern.length > 200 ? `${pattern.slice(0, 200)}… (${pattern.length} characters)` : pattern;
  const instead = 'Send a glob relative to the root, such as "*.ts" or "src/**/*.py"';
  if (pattern.length > MAX_GLOB_LENGTH) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${argument} is ${pattern.length} characters long, over the ${MAX_GLOB_LENGTH}-character limit of a glob`, {
      [argument]: pattern,
      suggestion: instead,
    });
  }
  if (pattern.includes('\0')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${argument} contains a NUL byte`, { [argument]: pattern, suggestion: instead });
  }
  let decoded = pattern;
  try {
    decoded = decodeURIComponent(pattern);
  } catch {
    // Not URL-encoded: check it as written.
  }
  for (const candidate of new Set([pattern, decoded])) {
    if (/^[/\\~]|^[A-Za-z]:|[{,][/\\]/.test(candidate)) {
      throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `${argument} "${shown}" is an absolute path; globs match files inside the root only`, {
        [argument]: pattern,
        suggestion: instead,
      });
    }
    if (candidate.split(/[/\\{},()|]/).includes('..')) {
      throw new CodeIndexError(ErrorCode.PATH_TRAVERSAL, `${argument} "${shown}" contains a ".." segment; globs match files inside the root only`, {
        [argument]: pattern,
        suggestion: instead,
      });
    }
  }
}

interface GitignoreRules {
  /** Folder of the .gitignore, root-relative ('' for the root). */
  folder: string;
  rules: Ignore;
}

function loadGitignores(root: string, files: string[], fs: FileSystem): GitignoreRules[] {
  const result: GitignoreRules[] = [];
  const inRoot = createListingCheck(root, fs);
  const decoder = new TextDecoder('utf-8');
  for (const file of files) {
    // A folder hidden from discovery (`.git/`) never contributes rules.
    if (file.split('/').slice(0, -1).some((part) => part.startsWith('.'))) continue;
    const path = inRoot(file);
    if (!path || path.relative !== file) continue;
    try {
      const folder = posix.dirname(file) === '.' ? '' : posix.dirname(file);
      result.push({ folder, rules: ignore().add(decoder.decode(readVerified(path, MAX_GITIGNORE_BYTES, fs).bytes)) });
    } catch {
      // An unreadable .gitignore (or a FIFO, a symlink out, a huge file) ignores nothing.
    }
  }
  // Deeper files last: a nested .gitignore can re-include (`!pattern`) what an outer one excluded.
  return result.sort((a, b) => a.folder.split('/').length - b.folder.split('/').length);
}

function isIgnored(file: string, rules: GitignoreRules[]): boolean {
  let ignored = false;
  for (const { folder, rules: ig } of rules) {
    if (folder && !file.startsWith(`${folder}/`)) continue;
    const relative = folder ? file.slice(folder.length + 1) : file;
    // The folder a .gitignore is in is not judged by it (git does not; the matcher refuses the empty path it would be).
    if (relative === '' || relative === '/') continue;
    // Check each parent folder too: `build/` in a .gitignore excludes everything below it.
    const parts = relative.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const candidate = parts.slice(0, i).join('/') + (i < parts.length ? '/' : '');
      const result = ig.test(candidate);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
  }
  return ignored;
}

/** Options of {@link listTree}. */
export interface TreeOptions {
  /** Include hidden files and folders (never `.git`). Default false. */
  includeHidden?: boolean;
  /** How many levels below `folder` to go (1: its children only). Default unlimited. */
  maxDepth?: number;
  /** Only files whose path (relative to `folder`) or name matches one of these globs. */
  filePatterns?: string[];
  /** The file system under the root. @defaultValue Node's */
  fileSystem?: FileSystem;
}

/**
 * Every file and folder under `folder`, of any type (the text tools read what no grammar parses), minus build
 * folders, `.gitignore`d paths (in a git work tree: {@link readsGitignores}) and, unless asked, hidden ones.
 * Root-relative, sorted; folders without the slash.
 */
export async function listTree(root: string, folder: string, options: TreeOptions = {}): Promise<{ files: string[]; directories: string[] }> {
  for (const pattern of options.filePatterns ?? []) checkGlobPattern(pattern, 'file pattern');
  const cwd = folder ? `${root}/${folder}` : root;
  const prefix = folder ? `${folder}/` : '';
  const skip = [...DEFAULT_EXCLUDE.map((name) => `**/${name}/**`), '**/.git/**', '.git/**'];
  const patterns = options.filePatterns?.length
    ? options.filePatterns.flatMap((pattern) => (pattern.includes('/') ? [pattern] : [pattern, `**/${pattern}`]))
    : ['**'];
  const fs = options.fileSystem ?? nodeFileSystem;
  const walk = globFileSystem(fs);
  const [entries, gitignores] = await Promise.all([
    glob(patterns, {
      cwd,
      ignore: skip,
      dot: options.includeHidden === true,
      followSymbolicLinks: false,
      onlyFiles: options.filePatterns?.length ? true : false,
      ...(options.maxDepth !== undefined ? { deep: options.maxDepth + 1 } : {}),
      ...(walk ? { fs: walk } : {}),
    }),
    gitignoreFiles(root, skip, fs, walk),
  ]);
  const rules = loadGitignores(root, gitignores, fs);
  const inRoot = createListingCheck(root, fs);
  const files: string[] = [];
  const directories: string[] = [];
  for (const entry of entries) {
    const isDirectory = entry.endsWith('/');
    const own = isDirectory ? entry.slice(0, -1) : entry;
    if (options.maxDepth !== undefined && own.split('/').length > options.maxDepth) continue;
    const path = `${prefix}${own}`;
    if (path === folder || path === '') continue;
    // Listed under its own name only when that name is a path inside the root (a symlink in it may point to
    // another place inside; one that leaves, or a path the glob walked through a link out, is dropped).
    if (inRoot(path) === undefined || posix.normalize(path) !== path) continue;
    if (isIgnored(isDirectory ? `${path}/` : path, rules)) continue;
    if (isDirectory) directories.push(path);
    else files.push(path);
  }
  return { files: files.sort(), directories: directories.sort() };
}
