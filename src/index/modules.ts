/**
 * Which file an import names. A language declares its module system (`moduleSystem` in its definition); each system
 * is resolved here from what the index knows of the tree (its files) and from the configuration files that shape it
 * (`tsconfig.json` paths, `package.json` of packages inside the root, `go.mod`), read through the root check.
 * Languages without a declared system fall back to matching the import's path against file paths.
 *
 * @module
 */
import { posix } from 'node:path';
import type { LanguageDefinition } from '../languages/define.js';
import { readSource, resolveInRoot } from './source.js';

/** What a module resolver reads: the tree's files, and small configuration files inside the root. */
export interface ModuleContext {
  root: string;
  /** Every indexed file (root-relative). */
  files(): ReadonlySet<string>;
  /** Changes when files are added or removed (what was resolved before is forgotten). */
  membership(): number;
  /** Definition of the importing file's language. */
  language(file: string): LanguageDefinition | undefined;
}

function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** Reads a JSON (with comments, as tsconfig allows) file inside the root, or undefined. */
async function readJson(root: string, file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const source = await readSource(await resolveInRoot(root, file), 1024 * 1024);
    // tsconfig.json allows comments and trailing commas: drop them (outside strings) before parsing.
    const text = source.text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match, string: string | undefined) => string ?? '');
    return JSON.parse(text.replace(/,(\s*[}\]])/g, '$1')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const NODE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Node and TypeScript module resolution over the tree. */
class NodeModules {
  readonly #context: ModuleContext;
  #tsconfigs = new Map<string, Promise<{ folder: string; baseUrl?: string; paths: Array<[string, string[]]> } | undefined>>();
  #packages: Promise<Map<string, { folder: string; manifest: Record<string, unknown> }>> | undefined;

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  /** The file a specifier names from `from`, among the tree's files. */
  async resolve(from: string, specifier: string): Promise<string | undefined> {
    const files = this.#context.files();
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      return this.#asFile(files, posix.normalize(posix.join(folderOf(from), specifier)));
    }
    const config = await this.#tsconfig(folderOf(from));
    if (config) {
      for (const [pattern, targets] of config.paths) {
        const star = pattern.indexOf('*');
        const matched =
          star < 0 ? (pattern === specifier ? '' : undefined) : specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1)) ? specifier.slice(star, specifier.length - (pattern.length - star - 1)) : undefined;
        if (matched === undefined) continue;
        for (const target of targets) {
          const found = this.#asFile(files, posix.normalize(posix.join(config.baseUrl ?? config.folder, target.replace('*', matched))));
          if (found) return found;
        }
      }
      if (config.baseUrl !== undefined) {
        const found = this.#asFile(files, posix.normalize(posix.join(config.baseUrl, specifier)));
        if (found) return found;
      }
    }
    return this.#fromPackage(files, specifier);
  }

  #asFile(files: ReadonlySet<string>, base: string): string | undefined {
    if (base.startsWith('..')) return undefined;
    if (files.has(base)) return base;
    // `./x.js` names `./x.ts` in TypeScript sources.
    const stem = base.replace(/\.(c|m)?jsx?$/, '');
    for (const extension of NODE_EXTENSIONS) if (files.has(`${stem}${extension}`)) return `${stem}${extension}`;
    for (const extension of NODE_EXTENSIONS) if (files.has(`${base}/index${extension}`)) return `${base}/index${extension}`;
    return undefined;
  }

  /** The nearest tsconfig.json (or jsconfig.json) at or above a folder, with its `paths` and `baseUrl`. */
  #tsconfig(folder: string): Promise<{ folder: string; baseUrl?: string; paths: Array<[string, string[]]> } | undefined> {
    let pending = this.#tsconfigs.get(folder);
    if (!pending) {
      pending = (async () => {
        for (const name of ['tsconfig.json', 'jsconfig.json']) {
          const file = folder ? `${folder}/${name}` : name;
          const json = await readJson(this.#context.root, file);
          if (!json) continue;
          const options = (json.compilerOptions ?? {}) as { baseUrl?: string; paths?: Record<string, string[]> };
          const baseUrl = typeof options.baseUrl === 'string' ? posix.normalize(posix.join(folder, options.baseUrl)).replace(/^\.$/, '') : undefined;
          const paths = Object.entries(options.paths ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]));
          return { folder, ...(baseUrl !== undefined ? { baseUrl } : {}), paths };
        }
        return folder === '' ? undefined : this.#tsconfig(folderOf(folder));
      })();
      this.#tsconfigs.set(folder, pending);
    }
    return pending;
  }

  /** A package inside the root (a workspace package) by its `package.json` name: its `exports`, `types`, `main`. */
  async #fromPackage(files: ReadonlySet<string>, specifier: string): Promise<string | undefined> {
    const packages = await this.#packagesOf(files);
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    const known = packages.get(name);
    if (!known) return undefined;
    const subpath = `.${specifier.slice(name.length)}`;
    const { folder, manifest } = known;
    const targets: string[] = [];
    const exportsField = manifest.exports;
    const pick = (value: unknown): void => {
      if (typeof value === 'string') targets.push(value);
      else if (value && typeof value === 'object') {
        const conditions = value as Record<string, unknown>;
        for (const condition of ['types', 'import', 'default', 'require', 'node']) if (condition in conditions) pick(conditions[condition]);
      }
    };
    if (exportsField && typeof exportsField === 'object' && !Array.isArray(exportsField)) {
      const map = exportsField as Record<string, unknown>;
      if (subpath in map) pick(map[subpath]);
      else if (subpath === '.' && !Object.keys(map).some((key) => key.startsWith('.'))) pick(map);
    } else if (typeof exportsField === 'string' && subpath === '.') targets.push(exportsField);
    if (subpath === '.') {
      for (const field of ['types', 'typings', 'module', 'main']) if (typeof manifest[field] === 'string') targets.push(manifest[field] as string);
    } else targets.push(subpath);
    for (const target of targets) {
      const path = posix.normalize(posix.join(folder, target));
      const found = this.#asFile(files, path) ?? this.#asFile(files, path.replace(/(^|\/)(dist|lib|build|out)\//, '$1src/').replace(/\.d\.ts$/, ''));
      if (found) return found;
    }
    return subpath === '.' ? (this.#asFile(files, posix.join(folder, 'src/index')) ?? this.#asFile(files, posix.join(folder, 'index'))) : undefined;
  }

  #packagesOf(files: ReadonlySet<string>): Promise<Map<string, { folder: string; manifest: Record<string, unknown> }>> {
    this.#packages ??= (async () => {
      // A package.json beside or above an indexed file: the folders that hold the tree's sources.
      const folders = new Set<string>();
      for (const file of files) {
        for (let folder = folderOf(file); ; folder = folderOf(folder)) {
          if (folders.has(folder)) break;
          folders.add(folder);
          if (folder === '') break;
        }
      }
      const packages = new Map<string, { folder: string; manifest: Record<string, unknown> }>();
      for (const folder of folders) {
        const manifest = await readJson(this.#context.root, folder ? `${folder}/package.json` : 'package.json');
        if (manifest && typeof manifest.name === 'string' && !packages.has(manifest.name)) packages.set(manifest.name, { folder, manifest });
      }
      return packages;
    })();
    return this.#packages;
  }
}

/**
 * Files whose path matches a module path as a language writes it (`modulePaths`: Python's `app.models` and
 * `.models`, Rust's `crate::parser`, C's `"util/log.h"`, Go's `example.com/app/store`, a folder): the fallback for
 * languages without a declared module system.
 */
export function moduleFilesByPath(files: Iterable<string>, from: string, source: string, rule: LanguageDefinition['modulePaths'] = {}): string[] {
  let path = source.replace(/^["'<]|[">']$/g, '');
  let base: string | undefined;
  if (path.startsWith('./') || path.startsWith('../')) {
    base = folderOf(from);
    path = posix.normalize(posix.join(base, path));
    base = undefined;
  }
  const dots = rule.relativeDots ? (/^\.+/.exec(path)?.[0].length ?? 0) : 0;
  if (dots > 0) {
    base = folderOf(from);
    for (let level = 1; level < dots; level++) base = folderOf(base);
    path = path.slice(dots);
  }
  const parts = path.includes('/') ? path.replace(/\.\w+$/, '').split('/') : rule.separator ? path.split(rule.separator) : [path];
  const segments = parts.filter((segment) => segment !== '' && !rule.skipSegments?.includes(segment));
  if (segments.length === 0 && base === undefined) return [];
  const tail = [...(base ? [base] : []), ...segments].join('/');
  const matches: string[] = [];
  for (const file of files) {
    const stem = file.replace(/\.[^./]+$/, '');
    const folder = folderOf(file);
    const hit =
      base !== undefined
        ? stem === tail || folder === tail || stem === `${tail}/__init__`
        : stem === tail || stem.endsWith(`/${tail}`) || folder === tail || folder.endsWith(`/${tail}`) || stem.endsWith(`/${tail}/__init__`) || stem === `${tail}/__init__`;
    if (hit) matches.push(file);
  }
  return matches;
}

/** Resolves imports to the files of the tree, per module system. */
export class ModuleResolver {
  readonly #context: ModuleContext;
  #node: NodeModules;
  #membership: number;
  readonly #cache = new Map<string, Promise<string[]>>();

  constructor(context: ModuleContext) {
    this.#context = context;
    this.#node = new NodeModules(context);
    this.#membership = context.membership();
  }

  /** Whether the language of `from` has an exact module system (else imports are matched against file paths). */
  exact(from: string): boolean {
    return this.#context.language(from)?.moduleSystem !== undefined;
  }

  /** The files an import of `source` in `from` names (none when it is outside the tree). */
  filesOf(from: string, source: string): Promise<string[]> {
    const membership = this.#context.membership();
    if (membership !== this.#membership) {
      this.#cache.clear();
      this.#node = new NodeModules(this.#context);
      this.#membership = membership;
    }
    const language = this.#context.language(from);
    const key = `${language?.moduleSystem ?? language?.id ?? ''}\u0000${folderOf(from)}\u0000${source}`;
    let pending = this.#cache.get(key);
    if (!pending) {
      pending = (async () => {
        if (language?.moduleSystem === 'node') {
          const file = await this.#node.resolve(from, source);
          // JavaScript, TypeScript and TSX import each other; a `.json` or `.css` import names no code module.
          return file && this.#context.language(file)?.moduleSystem === 'node' ? [file] : [];
        }
        // Modules of the importing file's own language (or one it falls back to, as C headers to C++).
        const family = new Set([language?.id, language?.fallback?.language].filter((id): id is string => id !== undefined));
        const sameFamily = (file: string) => {
          const other = this.#context.language(file);
          return other !== undefined && (family.has(other.id) || (other.fallback !== undefined && family.has(other.fallback.language)));
        };
        return moduleFilesByPath(this.#context.files(), from, source, language?.modulePaths).filter((file) => file !== from && sameFamily(file));
      })();
      this.#cache.set(key, pending);
    }
    return pending;
  }
}
