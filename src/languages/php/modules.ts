/**
 * PHP namespaces over the tree. `use A\B\C;` is read as the class (function, constant) `C` of the namespace `A\B`
 * (the tags give the namespace as the import's source and `C` as its name), so a source here is a namespace.
 *
 * A namespace's files are found as Composer's autoloader finds classes: by the `autoload.psr-4` (and
 * `autoload-dev.psr-4`) map of the root's `composer.json`, a namespace prefix to folders (`"Acme\\Shop\\": "src/"`
 * puts `Acme\Shop\Model` in `src/Model/`); for a namespace no prefix maps, or when there is no `composer.json`, the
 * folders whose path ends with the namespace's (`A\B` in `lib/A/B/`). Only the files of those folders that declare
 * the namespace (`namespace A\B;`) are its files, when their definitions can be read. A file sees the other files of its
 * own namespace without a `use` (`implicit`). The engine's and the standard extensions' functions and classes
 * (`strlen`, `Exception`) are given to every file from outside the tree (`builtin`).
 *
 * Not followed: `composer.json` files below the root, PSR-0 and classmap autoloading, `vendor/` packages (what no
 * folder of the tree holds names no file), names of the global namespace (`use Foo;`), braced namespace blocks
 * (their classes are not the file's top-level declarations).
 *
 * @module
 */
import { PHP_CLASSES, PHP_FUNCTIONS } from './builtins.js';
import { defineModuleSystem, folderOf, readJson, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition } from '../module-system.js';

/** Longest namespace followed (segments). */
const MAX_SEGMENTS = 32;

/** The tree's PHP files by folder, and its PSR-4 map. */
interface Layout {
  files: Map<string, string[]>;
  /** Namespace prefixes (without their trailing `\`) and the folders they map to (root-relative, no trailing `/`). */
  psr4: Array<{ prefix: string; folders: string[] }>;
}

/** A namespace as written in a source or a declaration: `\A\B\` is `A\B`. */
function normalise(namespace: string): string {
  return namespace.replace(/\s+/g, '').replace(/^\\+|\\+$/g, '');
}

/** A folder as written in `composer.json` (`./src/`, `src`): root-relative, without a trailing `/`. */
function folderPath(folder: string): string {
  return folder.replace(/^\.\//, '').replace(/\/+$/, '').replace(/^\.$/, '');
}

/** PHP's namespaces: Composer's PSR-4 map, or folder names. */
export const phpModules: ModuleSystemDefinition = defineModuleSystem({ name: 'php', create: (context) => new PhpModules(context) });

/** PHP namespaces, by Composer's PSR-4 map or by folder names. */
export class PhpModules implements ModuleSystem {
  readonly privateImports = true;
  readonly #context: ModuleContext;
  #layout: Promise<Layout> | undefined;
  readonly #namespaces = new Map<string, Promise<string[]>>();

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  resolve(_from: string, source: string): Promise<string[]> {
    return this.#namespace(normalise(source));
  }

  async implicit(from: string): Promise<string[]> {
    const namespace = await this.#declared(from);
    return namespace === undefined ? [] : this.#namespace(namespace);
  }

  builtin(_from: string, name: string): boolean {
    const lower = name.toLowerCase();
    return PHP_FUNCTIONS.has(lower) || PHP_CLASSES.has(lower);
  }

  /** The namespace a file declares (its first top-level `namespace`), `''` for none, undefined when unread. */
  async #declared(file: string): Promise<string | undefined> {
    const definitions = await this.#context.declarations?.(file);
    if (!definitions) return undefined;
    const namespace = definitions.find((def) => def.kind === 'module' && def.parent === undefined);
    return namespace ? normalise(namespace.name) : '';
  }

  /** The files of the namespace `A\B`. */
  #namespace(namespace: string): Promise<string[]> {
    let pending = this.#namespaces.get(namespace);
    if (!pending) {
      pending = this.#find(namespace);
      this.#namespaces.set(namespace, pending);
    }
    return pending;
  }

  async #find(namespace: string): Promise<string[]> {
    const segments = namespace.split('\\');
    if (namespace === '' || segments.length > MAX_SEGMENTS || segments.some((segment) => segment === '' || segment.includes('/'))) return [];
    const layout = await this.#layoutOf();
    const folders = new Set<string>();
    // PSR-4: every prefix the namespace starts with maps the rest of it below its folders.
    for (const { prefix, folders: roots } of layout.psr4) {
      if (prefix !== '' && namespace !== prefix && !namespace.startsWith(`${prefix}\\`)) continue;
      const rest = (prefix === '' ? namespace : namespace.slice(prefix.length + 1)).split('\\').filter((s) => s !== '').join('/');
      for (const root of roots) folders.add([root, rest].filter((part) => part !== '').join('/'));
    }
    let candidates = [...folders].flatMap((folder) => layout.files.get(folder) ?? []);
    if (candidates.length === 0) {
      // No map names it: the folders whose path ends with the namespace's.
      const path = segments.join('/');
      for (const [folder, files] of layout.files) if (folder === path || folder.endsWith(`/${path}`)) candidates.push(...files);
    }
    if (!this.#context.declarations) return candidates;
    // Only the files that declare the namespace (a folder may hold scripts or files of another namespace).
    const declared = await Promise.all(candidates.map((file) => this.#declared(file).catch(() => undefined)));
    candidates = candidates.filter((_, i) => declared[i] === undefined || declared[i] === namespace);
    return candidates;
  }

  /** The PHP files of the tree by folder and the root's PSR-4 map, read once (a system lives as long as the file list). */
  #layoutOf(): Promise<Layout> {
    this.#layout ??= (async () => {
      const files = new Map<string, string[]>();
      for (const file of this.#context.files()) {
        if (this.#context.systemOf(file) !== phpModules) continue;
        const folder = folderOf(file);
        const list = files.get(folder);
        if (list) list.push(file);
        else files.set(folder, [file]);
      }
      const psr4: Layout['psr4'] = [];
      const composer = await readJson(this.#context, 'composer.json');
      for (const section of ['autoload', 'autoload-dev']) {
        const autoload = composer?.[section];
        const map = autoload && typeof autoload === 'object' ? (autoload as Record<string, unknown>)['psr-4'] : undefined;
        if (!map || typeof map !== 'object') continue;
        for (const [prefix, value] of Object.entries(map as Record<string, unknown>)) {
          const written = Array.isArray(value) ? value : [value];
          const folders = written.filter((folder): folder is string => typeof folder === 'string').map(folderPath);
          if (folders.length > 0) psr4.push({ prefix: normalise(prefix), folders });
        }
      }
      return { files, psr4 };
    })();
    return this.#layout;
  }
}
