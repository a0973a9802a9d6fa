/**
 * Go packages over the tree. An import path names a folder: under the module whose `go.mod` module path is its
 * longest prefix (nested modules are modules of their own), through a `replace` of the importing module that points
 * at a local folder, or under the module's `vendor/`. A package is the non-test `.go` files of its folder that
 * declare its package name; a file sees, without importing them, the other files of its package (a `_test.go` file
 * of the package also sees the package's files; an external test package `x_test` is a package of its own).
 * A tree laid out as Go's own sources (GOROOT/src, whose go.mod says `module std`) resolves a standard library path
 * (`fmt`, `internal/abi`: no dot in its first element) under that module's folder, from any module of the tree (`cmd`
 * imports `fmt` too); a file under no go.mod is in GOPATH mode: an import path names `<GOPATH>/src/<path>`, a `src`
 * folder at or above the file (or the tree's root, when it is a GOPATH's `src`). Other standard library and third-party
 * imports name nothing in the tree. Build constraints (`//go:build`, `_linux.go`) are evaluated for one build
 * (`go-build.ts`): a package's names bind to the variants that build.
 *
 * @module
 */
import { posix } from 'node:path';
import { constraintsBuild, fileNameBuilds } from './build.js';
import { type GoModFile, parseGoMod } from './go-mod.js';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition } from '../module-system.js';

/** A module of the tree: where its go.mod is and what it says. */
interface GoModule extends GoModFile {
  folder: string;
}

/** A file's package clause: the name it declares (unknown without its definitions), and whether the file is in the build. */
interface Clause {
  name?: string;
  builds: boolean;
}

const isTest = (file: string) => file.endsWith('_test.go');

/** Go's packages: import paths against the tree's `go.mod` files. */
export const goModules: ModuleSystemDefinition = defineModuleSystem({ name: 'go', create: (context) => new GoModules(context) });

/** Go import paths resolved against the tree's go.mod files. */
export class GoModules implements ModuleSystem {
  readonly privateImports = true;
  readonly #context: ModuleContext;
  #folders: Map<string, string[]> | undefined;
  readonly #goMods = new Map<string, Promise<GoModule | undefined>>();
  #modules: Promise<GoModule[]> | undefined;
  readonly #names = new Map<string, Promise<Map<string, Clause>>>();

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  async resolve(from: string, source: string): Promise<string[]> {
    const folder = await this.#folderOf(from, source);
    return folder === undefined ? [] : this.#packageFiles(folder);
  }

  async implicit(from: string): Promise<string[]> {
    const folder = folderOf(from);
    const files = this.#goFolders().get(folder) ?? [];
    const clauses = await this.#clauses(folder);
    const own = clauses.get(from);
    const test = isTest(from);
    // A file left out of the build sees every variant of its package (which ones build with it is not known).
    const builds = own?.builds ?? true;
    return files.filter((file) => {
      const clause = clauses.get(file);
      return file !== from && (test || !isTest(file)) && clause?.name === own?.name && (!builds || (clause?.builds ?? true));
    });
  }

  /** The folder an import path names, when it is in the tree. */
  async #folderOf(from: string, source: string): Promise<string | undefined> {
    const folders = this.#goFolders();
    const inTree = (folder: string) => (!folder.startsWith('..') && folders.has(folder) ? folder : undefined);
    const own = await this.#nearest(folderOf(from));
    if (own) {
      for (const replace of own.replaces) {
        if (source !== replace.path && !source.startsWith(`${replace.path}/`)) continue;
        const found = inTree(posix.normalize(posix.join(own.folder, replace.folder, source.slice(replace.path.length))).replace(/^\.$/, ''));
        if (found !== undefined) return found;
      }
      const vendored = inTree(posix.join(own.folder, 'vendor', source));
      if (vendored !== undefined) return vendored;
    }
    // The module whose path is the longest prefix of the import path.
    let best: GoModule | undefined;
    const modules = await this.#allModules();
    for (const module of modules) {
      const path = module.module;
      if (path === undefined || (source !== path && !source.startsWith(`${path}/`))) continue;
      if (!best || path.length > (best.module ?? '').length) best = module;
    }
    if (best) {
      const rest = source.slice((best.module ?? '').length).replace(/^\//, '');
      return inTree(best.folder && rest ? `${best.folder}/${rest}` : best.folder || rest);
    }
    // Go's own sources: a standard library path under the folder of `module std`.
    const std = modules.find((module) => module.module === 'std');
    if (std && !(source.split('/')[0] ?? '').includes('.')) {
      const found = inTree(std.folder ? `${std.folder}/${source}` : source);
      if (found !== undefined) return found;
    }
    // GOPATH mode (no go.mod above the file): under a `src` folder at or above it, or the root.
    if (own) return undefined;
    for (let at = folderOf(from); at !== ''; at = folderOf(at)) {
      if (posix.basename(at) !== 'src') continue;
      const found = inTree(`${at}/${source}`);
      if (found !== undefined) return found;
    }
    return inTree(source);
  }

  /**
   * The package's files in a folder: its non-test files that build, of the package name most of them declare (all
   * of its files when none builds).
   */
  async #packageFiles(folder: string): Promise<string[]> {
    const files = (this.#goFolders().get(folder) ?? []).filter((file) => !isTest(file));
    const clauses = await this.#clauses(folder);
    const building = files.filter((file) => clauses.get(file)?.builds ?? true);
    const pool = building.length > 0 ? building : files;
    const counts = new Map<string, number>();
    for (const file of pool) {
      const name = clauses.get(file)?.name ?? '';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const [name] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [''];
    return pool.filter((file) => (clauses.get(file)?.name ?? '') === name);
  }

  /** What the package clause of each `.go` file of a folder says: the package name, and whether the file builds. */
  #clauses(folder: string): Promise<Map<string, Clause>> {
    let pending = this.#names.get(folder);
    if (!pending) {
      pending = (async () => {
        const clauses = new Map<string, Clause>();
        const declarations = this.#context.declarations?.bind(this.#context);
        for (const file of this.#goFolders().get(folder) ?? []) {
          const clause = declarations ? (await declarations(file))?.find((def) => def.kind === 'package') : undefined;
          clauses.set(file, {
            ...(clause ? { name: clause.name } : {}),
            builds: fileNameBuilds(file) && constraintsBuild(clause?.modifiers ?? []),
          });
        }
        return clauses;
      })();
      this.#names.set(folder, pending);
    }
    return pending;
  }

  /** The tree's Go files by folder. */
  #goFolders(): Map<string, string[]> {
    if (!this.#folders) {
      const folders = new Map<string, string[]>();
      for (const file of this.#context.files()) {
        if (this.#context.systemOf(file) !== goModules) continue;
        const folder = folderOf(file);
        const list = folders.get(folder);
        if (list) list.push(file);
        else folders.set(folder, [file]);
      }
      for (const list of folders.values()) list.sort();
      this.#folders = folders;
    }
    return this.#folders;
  }

  /** The go.mod of a folder itself, when it has one. */
  #goMod(folder: string): Promise<GoModule | undefined> {
    let pending = this.#goMods.get(folder);
    if (!pending) {
      pending = (async () => {
        const text = await this.#context.readText(folder ? `${folder}/go.mod` : 'go.mod');
        return text === undefined ? undefined : { folder, ...parseGoMod(text) };
      })();
      this.#goMods.set(folder, pending);
    }
    return pending;
  }

  /** The module a folder belongs to: the nearest go.mod at or above it. */
  async #nearest(folder: string): Promise<GoModule | undefined> {
    for (let at = folder; ; at = folderOf(at)) {
      const module = await this.#goMod(at);
      if (module) return module;
      if (at === '') return undefined;
    }
  }

  /** Every module of the tree: the go.mod files at or above its Go folders. */
  #allModules(): Promise<GoModule[]> {
    this.#modules ??= (async () => {
      const found = new Map<string, GoModule>();
      const visited = new Set<string>();
      for (const folder of this.#goFolders().keys()) {
        for (let at = folder; !visited.has(at); at = folderOf(at)) {
          visited.add(at);
          const module = await this.#goMod(at);
          if (module) found.set(at, module);
          if (at === '') break;
        }
      }
      return [...found.values()];
    })();
    return this.#modules;
  }
}
