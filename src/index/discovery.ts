/**
 * Finding the files of a project: every file with a registered extension (or file name) under a folder, minus
 * hidden and build folders and whatever `.gitignore` files at any level exclude. Symlinks are not followed.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { glob } from 'tinyglobby';
import type { LanguageRegistry } from '../languages/registry.js';

/** Folders skipped by default wherever they are (seed 001/002's build and dependency folders). */
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
  const languages = registry
    .list()
    .filter((language) => !options.disabledLanguages?.has(language.id) && language.extensions.length > 0);
  const extensions = [...new Set(languages.flatMap((language) => language.extensions.map((e) => e.slice(1))))];
  const filenames = [...new Set(languages.flatMap((language) => language.filenames ?? []))];
  const prefix = folder ? `${folder}/` : '';
  const patterns = (options.include ?? ['**/*']).flatMap((pattern) => {
    const base = `${prefix}${pattern}`;
    const byExtension = extensions.length > 0 ? [`${base}.{${extensions.join(',')}}`] : [];
    return [...byExtension, ...filenames.map((name) => `${prefix}**/${name}`)];
  });
  if (patterns.length === 0) return [];
  const skip = [...(options.useDefaultExcludes === false ? [] : DEFAULT_EXCLUDE.map((name) => `**/${name}/**`)), ...(options.exclude ?? [])];
  const [candidates, gitignores] = await Promise.all([
    glob(patterns, { cwd: root, ignore: skip, dot: false, followSymbolicLinks: false, caseSensitiveMatch: false }),
    glob(['**/.gitignore'], { cwd: root, ignore: skip, dot: true, followSymbolicLinks: false }),
  ]);
  const rules = loadGitignores(root, gitignores);
  return candidates.filter((file) => !isIgnored(file, rules) && registry.detectLanguage(file).language).sort();
}

interface GitignoreRules {
  /** Folder of the .gitignore, root-relative ('' for the root). */
  folder: string;
  rules: Ignore;
}

function loadGitignores(root: string, files: string[]): GitignoreRules[] {
  const result: GitignoreRules[] = [];
  for (const file of files) {
    // A folder hidden from discovery (`.git/`) never contributes rules.
    if (file.split('/').slice(0, -1).some((part) => part.startsWith('.'))) continue;
    try {
      const folder = posix.dirname(file) === '.' ? '' : posix.dirname(file);
      result.push({ folder, rules: ignore().add(readFileSync(`${root}/${file}`, 'utf8')) });
    } catch {
      // An unreadable .gitignore ignores nothing.
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
}

/**
 * Every file and folder under `folder`, of any type (the text tools read what no grammar parses), minus build
 * folders, `.gitignore`d paths and, unless asked, hidden ones. Root-relative, sorted; folders without the slash.
 */
export async function listTree(root: string, folder: string, options: TreeOptions = {}): Promise<{ files: string[]; directories: string[] }> {
  const cwd = folder ? `${root}/${folder}` : root;
  const prefix = folder ? `${folder}/` : '';
  const skip = [...DEFAULT_EXCLUDE.map((name) => `**/${name}/**`), '**/.git/**', '.git/**'];
  const patterns = options.filePatterns?.length
    ? options.filePatterns.flatMap((pattern) => (pattern.includes('/') ? [pattern] : [pattern, `**/${pattern}`]))
    : ['**'];
  const [entries, gitignores] = await Promise.all([
    glob(patterns, {
      cwd,
      ignore: skip,
      dot: options.includeHidden === true,
      followSymbolicLinks: false,
      onlyFiles: options.filePatterns?.length ? true : false,
      ...(options.maxDepth !== undefined ? { deep: options.maxDepth + 1 } : {}),
    }),
    glob(['**/.gitignore'], { cwd: root, ignore: skip, dot: true, followSymbolicLinks: false }),
  ]);
  const rules = loadGitignores(root, gitignores);
  const files: string[] = [];
  const directories: string[] = [];
  for (const entry of entries) {
    const isDirectory = entry.endsWith('/');
    const own = isDirectory ? entry.slice(0, -1) : entry;
    if (options.maxDepth !== undefined && own.split('/').length > options.maxDepth) continue;
    const path = `${prefix}${own}`;
    if (path === folder || path === '') continue;
    if (isIgnored(isDirectory ? `${path}/` : path, rules)) continue;
    if (isDirectory) directories.push(path);
    else files.push(path);
  }
  return { files: files.sort(), directories: directories.sort() };
}
