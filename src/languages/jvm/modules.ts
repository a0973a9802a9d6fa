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
import { JAVA_LANG, KOTLIN_DEFAULTS } from './builtins.js';
import {
  type ArgumentTypes,
  type DeclarationPath,
  defineModuleSystem,
  folderOf,
  type ModuleContext,
  type ModuleSystem,
  type ModuleSystemDefinition,
} from '../module-system.js';

/** The folders of the tree that hold sources of this system, by their last segment. */
interface Layout {
  /** Files of this system, by folder. */
  files: Map<string, string[]>;
  /** Folders by their last path segment (`b` for `src/a/b`). */
  byLast: Map<string, string[]>;
}

/** Longest package path followed (segments); longer sources are not packages. */
const MAX_SEGMENTS = 32;

/** What every object is (Java's `Object`, Kotlin's `Any`) and a few interfaces nearly every value type implements. */
const OBJECT = ['Object', 'Any'];
const VALUE = [...OBJECT, 'Comparable', 'Serializable', 'Constable', 'ConstantDesc'];
/** Where a numeric value widens to (Java's primitive widening, then boxing to `Number`). */
const NUMBERS = ['int', 'long', 'float', 'double'];

/**
 * Java's (and Kotlin's) parameter types that take an argument. A string literal is a `String`, which is also a
 * `CharSequence`, `Object`, ...; a char converts to the wider numeric types; an integer literal to any numeric type
 * (a constant narrows; Kotlin adapts it); a class literal is a `Class`; a lambda or a method reference is any
 * functional interface (no type the table names). A value declared `int` widens to `long`, `float` and `double` and
 * boxes to `Integer`; a box unboxes to its primitive.
 */
const ARGUMENT_TYPES: ArgumentTypes = {
  kinds: {
    string: { exact: ['String'], takes: ['CharSequence', ...VALUE] },
    char: { exact: ['char', 'Char'], takes: [...NUMBERS, 'Character', ...VALUE] },
    integer: { exact: ['int', 'Int'], takes: [...NUMBERS, 'short', 'byte', 'char', 'Integer', 'Number', ...VALUE] },
    boolean: { exact: ['boolean', 'Boolean'], takes: VALUE },
    class: { exact: ['Class'], takes: ['Type', 'GenericDeclaration', 'AnnotatedElement', ...VALUE] },
    function: { exact: [], takes: [], otherTypes: true },
    String: { exact: ['String'], takes: ['CharSequence', ...VALUE] },
    byte: { exact: ['byte'], takes: ['short', ...NUMBERS, 'Byte', 'Number', ...VALUE] },
    short: { exact: ['short'], takes: [...NUMBERS, 'Short', 'Number', ...VALUE] },
    int: { exact: ['int', 'Int'], takes: [...NUMBERS, 'Integer', 'Number', ...VALUE] },
    long: { exact: ['long', 'Long'], takes: ['float', 'double', 'Number', ...VALUE] },
    float: { exact: ['float', 'Float'], takes: ['double', 'Number', ...VALUE] },
    double: { exact: ['double', 'Double'], takes: ['Number', ...VALUE] },
    Integer: { exact: ['Integer', 'int'], takes: ['long', 'float', 'double', 'Number', ...VALUE] },
    Long: { exact: ['Long', 'long'], takes: ['float', 'double', 'Number', ...VALUE] },
    Character: { exact: ['Character', 'char'], takes: [...NUMBERS, ...VALUE] },
    Boolean: { exact: ['Boolean', 'boolean'], takes: VALUE },
  },
  primitives: ['boolean', 'byte', 'short', 'char', 'int', 'long', 'float', 'double'],
  top: OBJECT,
  library: javaLibrary(),
  inheritedOverloads: true,
};

/** The supertypes of java.lang's and java.util's common types (see `ArgumentTypes.library`). */
function javaLibrary(): Record<string, string[]> {
  const collection = ['Collection', 'Iterable'];
  const list = ['List', 'SequencedCollection', ...collection];
  const set = ['Set', ...collection];
  const deque = ['Deque', 'Queue', 'SequencedCollection', ...collection];
  const throwable = ['Throwable', 'Serializable'];
  return {
    Iterable: [],
    Collection: ['Iterable'],
    AbstractCollection: collection,
    AbstractList: ['AbstractCollection', ...list],
    AbstractSet: ['AbstractCollection', ...set],
    AbstractMap: ['Map'],
    SequencedCollection: collection,
    List: list.slice(1),
    Set: collection,
    SortedSet: ['Set', 'SequencedSet', 'SequencedCollection', ...collection],
    NavigableSet: ['SortedSet', 'Set', 'SequencedSet', 'SequencedCollection', ...collection],
    Queue: collection,
    Deque: deque.slice(1),
    ArrayList: [...list, 'AbstractList', 'AbstractCollection', 'RandomAccess', 'Cloneable', 'Serializable'],
    LinkedList: [...list, ...deque.slice(0, 2), 'AbstractSequentialList', 'AbstractList', 'AbstractCollection', 'Cloneable', 'Serializable'],
    ArrayDeque: [...deque, 'AbstractCollection', 'Cloneable', 'Serializable'],
    HashSet: [...set, 'AbstractSet', 'AbstractCollection', 'Cloneable', 'Serializable'],
    LinkedHashSet: ['HashSet', 'SequencedSet', 'SequencedCollection', ...set, 'AbstractSet', 'AbstractCollection', 'Cloneable', 'Serializable'],
    TreeSet: ['NavigableSet', 'SortedSet', 'SequencedSet', 'SequencedCollection', ...set, 'AbstractSet', 'AbstractCollection', 'Cloneable', 'Serializable'],
    Map: [],
    SortedMap: ['Map', 'SequencedMap'],
    HashMap: ['Map', 'AbstractMap', 'Cloneable', 'Serializable'],
    LinkedHashMap: ['HashMap', 'SequencedMap', 'Map', 'AbstractMap', 'Cloneable', 'Serializable'],
    TreeMap: ['NavigableMap', 'SortedMap', 'SequencedMap', 'Map', 'AbstractMap', 'Cloneable', 'Serializable'],
    StringBuilder: ['CharSequence', 'Appendable', 'Comparable', 'Serializable'],
    Throwable: ['Serializable'],
    Exception: throwable,
    Error: throwable,
    RuntimeException: ['Exception', ...throwable],
    IOException: ['Exception', ...throwable],
    Optional: [],
    Stream: ['BaseStream', 'AutoCloseable'],
    Path: ['Comparable', 'Iterable', 'Watchable'],
    File: ['Comparable', 'Serializable'],
  };
}

/** Java's packages: every file imports `java.lang.*`. */
export const javaModules: ModuleSystemDefinition = defineModuleSystem({ name: 'java', create: (context) => new JvmModules(context, JAVA_LANG) });

/** Kotlin's packages, beside Java's (a package holds the files of both): `java.lang.*` and Kotlin's default imports. */
export const kotlinModules: ModuleSystemDefinition = defineModuleSystem({
  name: 'kotlin',
  create: (context) => new JvmModules(context, new Set([...JAVA_LANG, ...KOTLIN_DEFAULTS])),
});

/** The JVM's systems: a package is the files of all of them in its folders. */
const JVM_SYSTEMS: ReadonlySet<ModuleSystemDefinition> = new Set([javaModules, kotlinModules]);

/** Java and Kotlin packages, found by the paths of the tree's folders. */
export class JvmModules implements ModuleSystem {
  readonly privateImports = true;
  readonly argumentTypes = ARGUMENT_TYPES;
  readonly #context: ModuleContext;
  /** The names every file of the language sees from outside the tree. */
  readonly #builtins: ReadonlySet<string>;
  #layout: Layout | undefined;
  readonly #packages = new Map<string, string[]>();

  constructor(context: ModuleContext, builtins: ReadonlySet<string>) {
    this.#context = context;
    this.#builtins = builtins;
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

  builtin(_from: string, name: string): boolean {
    // Every JVM language imports `java.lang.*`; Kotlin adds its default imports.
    return this.#builtins.has(name);
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
      const system = this.#context.systemOf(file);
      if (system === undefined || !JVM_SYSTEMS.has(system)) continue;
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
