/**
 * Python's import system over the tree: `a.b` is `a/b.py` or the package `a/b/__init__.py` under a source root,
 * relative imports climb packages by their dots, a folder without `__init__.py` is a namespace package, and a
 * package's submodules are its attributes (`from pkg import mod`, `pkg.mod.f`).
 *
 * Source roots, in the order they are searched (the first that holds the module wins, as on `sys.path`):
 * 1. the importing file's own folder when that folder is not a package (a script's directory is `sys.path[0]`);
 * 2. the folder above the importing file's topmost package (where its own project is installed from);
 * 3. the tree's root, then `src/`;
 * 4. every folder holding a `pyproject.toml`, `setup.py` or `setup.cfg`, and its `src/`;
 * 5. every folder above a topmost package (a package folder whose parent is not one), shallowest first.
 *
 * Stubs: a module found as both `x.py` and `x.pyi` is `x.py`: navigation goes to the implementation, as Jedi's and
 * the language servers' go-to-definition do (a stub is followed only when nothing implements it, as for a compiled
 * extension). What lies outside the tree (the standard library, site-packages) resolves to nothing.
 *
 * @module
 */
import { posix } from 'node:path';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem, type ModuleSystemDefinition } from '../module-system.js';

/** What the tree's files say about packages, computed once per membership. */
interface Layout {
  files: ReadonlySet<string>;
  /** Folders holding an `__init__.py` (or `.pyi`): regular packages. */
  packages: ReadonlySet<string>;
  /** Source roots from the tree's layout (3 to 5 above), in search order. */
  roots: string[];
}

const PROJECT_FILES = ['pyproject.toml', 'setup.py', 'setup.cfg'];
/** Longest dotted module path followed (bounds the work of one import). */
const MAX_SEGMENTS = 64;

/** Python's packages and modules. */
export const pythonModules: ModuleSystemDefinition = defineModuleSystem({ name: 'python', create: (context) => new PythonModules(context) });

/** Python's import system over the tree. */
export class PythonModules implements ModuleSystem {
  readonly #context: ModuleContext;
  #layout: Layout | undefined;

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  resolve(from: string, source: string): Promise<string[]> {
    const layout = this.#layoutOf();
    const dots = /^\.*/.exec(source)?.[0].length ?? 0;
    const rest = source.slice(dots);
    const parts = rest === '' ? [] : rest.split('.');
    if (parts.length > MAX_SEGMENTS || parts.some((part) => part === '')) return Promise.resolve([]);
    if (dots > 0) {
      // `.` is the importing file's package, each further dot its parent.
      let base = folderOf(from);
      for (let level = 1; level < dots; level++) {
        if (base === '') return Promise.resolve([]);
        base = folderOf(base);
      }
      return Promise.resolve(this.#module(layout, join(base, parts)));
    }
    for (const root of this.#rootsFor(layout, from)) {
      const found = this.#module(layout, join(root, parts));
      if (found.length > 0) return Promise.resolve(found);
    }
    return Promise.resolve([]);
  }

  namespaceModule(source: string, local: string): string {
    // `import a.b.c` binds `a`, the top package; `import a.b.c as c` binds the module itself.
    return source.startsWith(`${local}.`) ? local : source;
  }

  submodule(source: string, name: string): string | undefined {
    if (!/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) return undefined;
    return source.endsWith('.') ? `${source}${name}` : `${source}.${name}`;
  }

  packageSubmodule(module: string, name: string): Promise<string[]> {
    const base = posix.basename(module);
    if ((base !== '__init__.py' && base !== '__init__.pyi') || this.submodule('.', name) === undefined) return Promise.resolve([]);
    return Promise.resolve(this.#module(this.#layoutOf(), join(folderOf(module), [name])));
  }

  /**
   * The file a module path (a folder path without extension) names: `x.py`, else the package `x/__init__.py`, else
   * a stub `x.pyi` or `x/__init__.pyi`. A namespace package (a folder of Python files without `__init__`) has no
   * file: it names nothing here, and its submodules are found through {@link submodule}.
   */
  #module(layout: Layout, path: string): string[] {
    if (path.startsWith('..')) return [];
    const files = layout.files;
    if (path === '') return files.has('__init__.py') ? ['__init__.py'] : files.has('__init__.pyi') ? ['__init__.pyi'] : [];
    for (const candidate of [`${path}.py`, `${path}/__init__.py`, `${path}.pyi`, `${path}/__init__.pyi`]) {
      if (files.has(candidate)) return [candidate];
    }
    return [];
  }

  /** The roots to search for an absolute import written in `from`. */
  #rootsFor(layout: Layout, from: string): string[] {
    const own: string[] = [];
    const folder = folderOf(from);
    if (!layout.packages.has(folder)) own.push(folder);
    else {
      let top = folder;
      while (top !== '' && layout.packages.has(folderOf(top))) top = folderOf(top);
      own.push(top === '' ? '' : folderOf(top));
    }
    const roots = [...own];
    for (const root of layout.roots) if (!roots.includes(root)) roots.push(root);
    return roots;
  }

  #layoutOf(): Layout {
    if (this.#layout) return this.#layout;
    const files = this.#context.files();
    const packages = new Set<string>();
    const projects = new Set<string>();
    for (const file of files) {
      const name = posix.basename(file);
      const folder = folderOf(file);
      if (name === '__init__.py' || name === '__init__.pyi') packages.add(folder);
      if (PROJECT_FILES.includes(name)) projects.add(folder);
    }
    const roots: string[] = ['', 'src'];
    const add = (root: string) => {
      if (!roots.includes(root)) roots.push(root);
    };
    const depth = (path: string) => (path === '' ? 0 : path.split('/').length);
    for (const project of [...projects].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))) {
      add(project);
      add(join(project, ['src']));
    }
    const tops = [...packages].filter((pkg) => pkg !== '' && !packages.has(folderOf(pkg))).map(folderOf);
    for (const top of [...new Set(tops)].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))) add(top);
    this.#layout = { files, packages, roots };
    return this.#layout;
  }
}

function join(base: string, parts: readonly string[]): string {
  return [base, ...parts].filter((part) => part !== '').join('/');
}
