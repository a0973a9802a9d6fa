/**
 * Node and TypeScript module resolution over the tree: relative specifiers, `.js` naming `.ts` sources, index files,
 * the nearest tsconfig's `paths` and `baseUrl`, and `package.json` `exports` / `types` / `main` of packages inside
 * the root (workspaces).
 *
 * @module
 */
import { posix } from 'node:path';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition, readJson } from '../module-system.js';

const NODE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Node's and TypeScript's modules (JavaScript, TypeScript and TSX import each other). */
export const nodeModules: ModuleSystemDefinition = defineModuleSystem({ name: 'node', create: (context) => new NodeModules(context) });

/** Node and TypeScript module resolution over the tree. */
export class NodeModules implements ModuleSystem {
  readonly #context: ModuleContext;
  #tsconfigs = new Map<string, Promise<{ folder: string; baseUrl?: string; paths: Array<[string, string[]]> } | undefined>>();
  #packages: Promise<Map<string, { folder: string; manifest: Record<string, unknown> }>> | undefined;

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  async resolve(from: string, specifier: string): Promise<string[]> {
    const file = await this.#resolve(from, specifier);
    // JavaScript, TypeScript and TSX import each other; a `.json` or `.css` import names no code module.
    return file && this.#context.systemOf(file) === nodeModules ? [file] : [];
  }

  /** The file a specifier names from `from`, among the tree's files. */
  async #resolve(from: string, specifier: string): Promise<string | undefined> {
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
          const json = await readJson(this.#context, file);
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
        const manifest = await readJson(this.#context, folder ? `${folder}/package.json` : 'package.json');
        if (manifest && typeof manifest.name === 'string' && !packages.has(manifest.name)) packages.set(manifest.name, { folder, manifest });
      }
      return packages;
    })();
    return this.#packages;
  }
}

