/**
 * Java, Kotlin and Scala packages over the tree. A package is the folder its path names below a source root
 * (`a.b` is `src/main/java/a/b/`, `app/src/main/kotlin/a/b/`, `a/b/`), as javac, Gradle and the IDEs lay sources
 * out: a package is found by the suffix of its folders' paths, so no build file is read and every source root (main,
 * test, each module of a multi-module build) is one. A package spread over several roots (main and test, split
 * modules) is all of its folders. Kotlin does not require the folder layout: a Kotlin file whose folder does not
 * end with its package's path is found only through its folder.
 *
 * Imports name a package (`import a.b.*`, the `a.b` of `import a.b.C`) or a declaration inside one
 * (`import a.b.Outer.Inner`, `import static a.b.C.m`: `declaration`); a file sees its own package's other files
 * without importing them (`implicit`), and `java.lang`'s types (Kotlin: its default imports) from outside the tree
 * (`builtin`). What no folder holds (`java.*`, `kotlin.*`, libraries) names no file.
 *
 * @module
 */
import { JAVA_LANG, KOTLIN_DEFAULTS } from './jvm-builtins.js';
import { folderOf, type DeclarationPath, type LiteralTypes, type ModuleContext, type ModuleSystem } from './system.js';

/** The folders of the tree that hold sources of this system, by their last segment. */
interface Layout {
  /** Files of this system, by folder. */
  files: Map<string, string[]>;
  /** Folders by their last path segment (`b` for `src/a/b`). */
  byLast: Map<string, string[]>;
}

/** Longest package path followed (segments); longer sources are not packages. */
const MAX_SEGMENTS = 32;

/** Java, Kotlin and Scala packages, found by the paths of the tree's folders. */
/**
 * Java's (and Kotlin's) types that take a literal: a string literal is a `String`, which is also a `CharSequence`,
 * `Object`, ...; a char converts to the wider numeric types; an integer literal to any numeric type (Kotlin adapts it).
 */
const LITERAL_TYPES: LiteralTypes = {
  string: { exact: ['String', 'java.lang.String'], takes: ['CharSequence', 'Object', 'Comparable', 'Serializable', 'Constable', 'ConstantDesc', 'Any'] },
  char: { exact: ['char', 'Char'], takes: ['int', 'long', 'float', 'double', 'Character', 'Object', 'Comparable', 'Serializable', 'Any'] },
  integer: { exact: ['int', 'Int'], takes: ['long', 'float', 'double', 'short', 'byte', 'char', 'Integer', 'Number', 'Object', 'Comparable', 'Serializable', 'Any'] },
  boolean: { exact: ['boolean', 'Boolean'], takes: ['Object', 'Comparable', 'Serializable', 'Any'] },
};

export class JvmModules implements ModuleSystem {
  readonly privateImports = true;
  readonly literalTypes = LITERAL_TYPES;
  readonly #context: ModuleContext;
  #layout: Layout | undefined;
  readonly #packages = new Map<string, string[]>();

  constructor(context: ModuleContext) {
    this.#context = context;
  }

  resolve(_from: string, source: string): Promise<string[]> {
    return Promise.resolve(this.#package(source));
  }

  implicit(from: string): Promise<string[]> {
    return Promise.resolve(this.#layoutOf().files.get(folderOf(from)) ?? []);
  }

  declaration(_from: string, source: string): Promise<DeclarationPath | undefined> {
    // `a.b.Outer.Inner`: the longest prefix that is a package holds the first name; the rest are members.
    const segments = source.split('.');
    for (let cut = segments.length - 1; cut >= 1; cut--) {
      const module = segments.slice(0, cut).join('.');
      if (this.#package(module).length > 0) return Promise.resolve({ source: module, path: segments.slice(cut) });
    }
    return Promise.resolve(undefined);
  }

  builtin(from: string, name: string): boolean {
    // Every JVM language imports `java.lang.*`; Kotlin adds its default imports.
    return JAVA_LANG.has(name) || (this.#context.language(from)?.id === 'kotlin' && KOTLIN_DEFAULTS.has(name));
  }

  /** The files of the package `a.b.c`: those of every folder whose path ends with `a/b/c`. */
  #package(source: string): string[] {
    let files = this.#packages.get(source);
    if (files) return files;
    files = [];
    const segments = source.split('.');
    if (segments.length <= MAX_SEGMENTS && segments.every((segment) => segment !== '' && !segment.includes('/'))) {
      const layout = this.#layoutOf();
      const path = segments.join('/');
      for (const folder of layout.byLast.get(segments.at(-1) ?? '') ?? []) {
        if (folder === path || folder.endsWith(`/${path}`)) files.push(...(layout.files.get(folder) ?? []));
      }
    }
    this.#packages.set(source, files);
    return files;
  }

  /** The source folders of the tree, read once (a system lives as long as the tree's file list). */
  #layoutOf(): Layout {
    if (this.#layout) return this.#layout;
    const files = new Map<string, string[]>();
    for (const file of this.#context.files()) {
      if (this.#context.language(file)?.moduleSystem !== 'jvm') continue;
      const folder = folderOf(file);
      const list = files.get(folder);
      if (list) list.push(file);
      else files.set(folder, [file]);
    }
    const byLast = new Map<string, string[]>();
    for (const folder of files.keys()) {
      const last = folder.slice(folder.lastIndexOf('/') + 1);
      const list = byLast.get(last);
      if (list) list.push(folder);
      else byLast.set(last, [folder]);
    }
    this.#layout = { files, byLast };
    return this.#layout;
  }
}
