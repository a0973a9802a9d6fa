/**
 * Rust module paths over the tree. A package is a folder with a `Cargo.toml` (its `[package]` name, `[lib]` name and
 * path, `[[bin]]` paths; without any manifest, a folder holding `lib.rs` or `main.rs`); its crates are rooted at the
 * lib target (`src/lib.rs`), the binaries (`src/main.rs`, `src/bin/*.rs`), and the examples, tests and benches. The
 * module tree follows the files as `mod x;` finds them: `x.rs` or `x/mod.rs` in the folder of the crate root or of a
 * `mod.rs`, `a/x.rs` for a `mod x;` in `a.rs`. A path is read segment by segment: `crate`, `self`, `super`, `::name`,
 * a child module of the file's module, a module at the crate root (Rust 2015 paths), another crate of the tree by its
 * name (dashes as underscores); the standard library and other dependencies are outside the tree. A path that goes
 * on past the module files (`crate::ast::Kind`, an enum or an inline `mod`) is answered by `split`: the resolver looks
 * the item up in its parent module. `#[path = "x.rs"] mod m;` declarations are written as their path (relative to the
 * declaring file's folder).
 *
 * @module
 */
import { posix } from 'node:path';
import { readCargoManifest } from './cargo.js';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition } from '../module-system.js';

/** The standard prelude (Rust 2021): what every module sees without a `use`. */
const PRELUDE: ReadonlySet<string> = new Set([
  'Copy', 'Send', 'Sized', 'Sync', 'Unpin', 'Drop', 'Fn', 'FnMut', 'FnOnce', 'drop', 'Box', 'ToOwned', 'Clone',
  'PartialEq', 'PartialOrd', 'Eq', 'Ord', 'AsRef', 'AsMut', 'Into', 'From', 'Default', 'Iterator', 'Extend',
  'IntoIterator', 'DoubleEndedIterator', 'ExactSizeIterator', 'Option', 'Some', 'None', 'Result', 'Ok', 'Err',
  'String', 'ToString', 'Vec', 'TryFrom', 'TryInto', 'FromIterator',
  'bool', 'char', 'str', 'f32', 'f64', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize',
]);

/** One package: its folder, the name other crates use for its library, and its crate roots. */
interface Package {
  folder: string;
  /** The library crate's name as paths write it (`[lib] name`, else the package name with `-` as `_`). */
  crateName?: string;
  /** The library's root file, when there is one. */
  lib?: string;
  /** Every crate root (library first). */
  roots: string[];
}

/** A module: the crate root it hangs from and its path of names under it. */
interface ModulePath {
  root: string;
  path: string[];
}

const MANIFEST = 'Cargo.toml';

/** Rust's crates and modules. */
export const rustModules: ModuleSystemDefinition = defineModuleSystem({ name: 'rust', create: (context) => new RustModules(context) });

/** Rust module resolution over the tree. */
export class RustModules implements ModuleSystem {
  readonly perFile = true;
  readonly selfImports = true;
  readonly pathQualifiers = true;
  readonly #context: ModuleContext;
  readonly #manifests = new Map<string, Promise<Package | undefined>>();
  #byName: Promise<Map<string, Package>> | undefined;
  readonly #packageFiles = new Map<string, string[]>();

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  async resolve(from: string, source: string): Promise<string[]> {
    const files = this.#context.files();
    // `#[path = "imp/unix.rs"] mod sys;`: a file path, relative to the declaring file's folder.
    if (source.endsWith('.rs')) {
      const file = posix.normalize(posix.join(folderOf(from), source));
      return files.has(file) ? [file] : [];
    }
    const module = await this.#module(from, source);
    const file = module && this.#fileOf(module);
    return file ? [file] : [];
  }

  split(source: string): { parent: string; name: string } | undefined {
    const at = source.lastIndexOf('::');
    if (at <= 0) return undefined;
    const name = source.slice(at + 2);
    if (name === '' || name === 'self' || name === 'super' || name === 'crate') return undefined;
    return { parent: source.slice(0, at), name };
  }

  /** The standard prelude: every module sees these names from outside the tree without a `use`. */
  builtin(_from: string, name: string): boolean {
    return PRELUDE.has(name);
  }

  /** The Rust files of the package `from` belongs to: where `impl` blocks of its types may be. */
  async companions(from: string): Promise<string[]> {
    const pkg = await this.#packageOf(from);
    if (!pkg) return [];
    let list = this.#packageFiles.get(pkg.folder);
    if (!list) {
      const packages = new Set((await this.#packages()).values());
      const nested = [...packages].map((p) => p.folder).filter((folder) => folder !== pkg.folder && (pkg.folder === '' || folder.startsWith(`${pkg.folder}/`)));
      const inside = (file: string) => (pkg.folder === '' || file.startsWith(`${pkg.folder}/`)) && !nested.some((folder) => file.startsWith(`${folder}/`));
      list = [...this.#context.files()].filter((file) => file.endsWith('.rs') && inside(file)).sort();
      this.#packageFiles.set(pkg.folder, list);
    }
    return list;
  }

  /** The module a path names from a file, or undefined when it is outside the tree. */
  async #module(from: string, source: string): Promise<ModulePath | undefined> {
    const segments = source.split('::');
    const here = await this.#moduleOfFile(from);
    let module: ModulePath | undefined;
    let rest: string[];
    if (segments[0] === '') {
      // `::name`: a crate by its name.
      module = await this.#crateNamed(segments[1] ?? '');
      rest = segments.slice(2);
    } else {
      const head = segments[0] as string;
      rest = segments.slice(1);
      if (head === 'crate') module = here && { root: here.root, path: [] };
      else if (head === 'self' || head === 'super') {
        module = here;
        rest = segments;
      } else if (here && rest[0] === 'super') module = { root: here.root, path: [...here.path, head] }; // `tests::super`: an inline module's parent
      else if (here && this.#fileOf({ root: here.root, path: [...here.path, head] })) module = { root: here.root, path: [...here.path, head] };
      else if (here && here.path.length > 0 && this.#fileOf({ root: here.root, path: [head] })) module = { root: here.root, path: [head] }; // Rust 2015: from the crate root
      else module = await this.#crateNamed(head);
    }
    if (!module) return undefined;
    const path = [...module.path];
    for (const segment of rest) {
      if (segment === 'self') continue;
      if (segment === 'super') {
        if (path.length === 0) return undefined;
        path.pop();
      } else path.push(segment);
    }
    return { root: module.root, path };
  }

  /** The file of a module: the crate root, `x.rs` or `x/mod.rs`. */
  #fileOf(module: ModulePath): string | undefined {
    if (module.path.length === 0) return module.root;
    const files = this.#context.files();
    const base = posix.join(folderOf(module.root), ...module.path);
    if (files.has(`${base}.rs`)) return `${base}.rs`;
    if (files.has(`${base}/mod.rs`)) return `${base}/mod.rs`;
    return undefined;
  }

  /** The module a file is: the crate root whose folder holds it (the deepest), and its path from there. */
  async #moduleOfFile(file: string): Promise<ModulePath | undefined> {
    const pkg = await this.#packageOf(file);
    if (!pkg) return undefined;
    if (pkg.roots.includes(file)) return { root: file, path: [] };
    let best: string | undefined;
    for (const root of pkg.roots) {
      const folder = folderOf(root);
      if (folder !== '' && !file.startsWith(`${folder}/`)) continue;
      if (best === undefined || folder.length > folderOf(best).length) best = root;
    }
    if (best === undefined) return undefined;
    const folder = folderOf(best);
    const path = (folder === '' ? file : file.slice(folder.length + 1)).replace(/\.rs$/, '').split('/');
    if (path[path.length - 1] === 'mod') path.pop();
    return { root: best, path };
  }

  /** A crate of the tree by the name paths give it. */
  async #crateNamed(name: string): Promise<ModulePath | undefined> {
    const pkg = (await this.#packages()).get(name);
    return pkg?.lib ? { root: pkg.lib, path: [] } : undefined;
  }

  /** The package a file belongs to: the nearest folder above it with a manifest (or a `lib.rs` / `main.rs`). */
  async #packageOf(file: string): Promise<Package | undefined> {
    for (let folder = folderOf(file); ; folder = folderOf(folder)) {
      const pkg = await this.#package(folder);
      if (pkg) return pkg;
      if (folder === '') break;
    }
    // No manifest: the nearest folder holding a crate root.
    const files = this.#context.files();
    for (let folder = folderOf(file); ; folder = folderOf(folder)) {
      const roots = ['lib.rs', 'main.rs'].map((name) => (folder ? `${folder}/${name}` : name)).filter((root) => files.has(root));
      if (roots.length > 0) return { folder, roots, ...(roots[0]?.endsWith('lib.rs') ? { lib: roots[0] } : {}) };
      if (folder === '') return undefined;
    }
  }

  /** The package whose manifest is in a folder (a virtual workspace manifest is none). */
  #package(folder: string): Promise<Package | undefined> {
    let pending = this.#manifests.get(folder);
    if (!pending) {
      pending = (async () => {
        const text = await this.#context.readText(folder ? `${folder}/${MANIFEST}` : MANIFEST);
        if (text === undefined) return undefined;
        const manifest = readCargoManifest(text);
        if (manifest.name === undefined) return undefined;
        const files = this.#context.files();
        const at = (path: string) => posix.normalize(folder ? `${folder}/${path}` : path);
        const lib = manifest.libPath !== undefined ? at(manifest.libPath) : files.has(at('src/lib.rs')) ? at('src/lib.rs') : undefined;
        const roots = lib && files.has(lib) ? [lib] : [];
        const bins = [...manifest.binPaths.map(at), at('src/main.rs'), at('build.rs')];
        for (const file of files) {
          if (!file.endsWith('.rs') || (folder !== '' && !file.startsWith(`${folder}/`))) continue;
          const inner = folder === '' ? file : file.slice(folder.length + 1);
          // `src/bin/x.rs`, `src/bin/x/main.rs`, `examples/x.rs`, `tests/x.rs`, `benches/x.rs` and their `x/main.rs`.
          if (/^(src\/bin|examples|tests|benches)\/[^/]+\.rs$/.test(inner) || /^(src\/bin|examples|tests|benches)\/[^/]+\/main\.rs$/.test(inner)) bins.push(file);
        }
        for (const bin of bins) if (files.has(bin) && !roots.includes(bin)) roots.push(bin);
        const crateName = (manifest.libName ?? manifest.name).replace(/-/g, '_');
        return { folder, crateName, ...(lib && files.has(lib) ? { lib } : {}), roots };
      })();
      this.#manifests.set(folder, pending);
    }
    return pending;
  }

  /** Every package of the tree by its library's crate name (manifests beside or above the tree's Rust files). */
  #packages(): Promise<Map<string, Package>> {
    this.#byName ??= (async () => {
      const folders = new Set<string>();
      for (const file of this.#context.files()) {
        if (!file.endsWith('.rs')) continue;
        for (let folder = folderOf(file); !folders.has(folder); folder = folderOf(folder)) {
          folders.add(folder);
          if (folder === '') break;
        }
      }
      const packages = new Map<string, Package>();
      for (const folder of [...folders].sort()) {
        const pkg = await this.#package(folder);
        if (pkg?.crateName && !packages.has(pkg.crateName)) packages.set(pkg.crateName, pkg);
      }
      return packages;
    })();
    return this.#byName;
  }
}
