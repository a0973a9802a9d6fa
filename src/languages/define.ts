/**
 * What a language is to code-index: one plain definition object (id, extensions, grammar, query files, doc
 * comment style) plus the query files it names. Adding a language touches its definition, its `queries/<id>/`
 * folder and its `test/fixtures/<id>/` folder, nothing else.
 *
 * @module
 */
import type { ModuleSystemDefinition } from './module-system.js';

/**
 * Where a grammar's `.wasm` comes from: a file path, a `file:` URL, the bytes themselves, a file inside an
 * installed npm package (`{ package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' }`), or a
 * function returning any of these (called once, when the grammar is first needed). A file whose name ends in
 * `.br` is Brotli-compressed and decompressed on load, as the bundled grammars in the package's `grammars/` are.
 */
export type GrammarSource =
  | string
  | URL
  | Uint8Array
  | ArrayBuffer
  | PackageFile
  | (() => GrammarSource | Promise<GrammarSource>);

/** A file inside an installed npm package, resolved with Node's module resolution. */
export interface PackageFile {
  /** The npm package name, e.g. `@cursorless/tree-sitter-wasms`. */
  package: string;
  /** The path inside the package, e.g. `out/tree-sitter-markdown.wasm`. */
  file: string;
}

/**
 * A tree-sitter query: a file path, a `file:` URL, or the query text itself (`{ text }`). A language's query
 * files are concatenated, in order, into one query (so a pattern in an earlier file wins a tie, see
 * `queries/README.md`).
 */
export type QuerySource = string | URL | { text: string };

/**
 * How doc comments look in a language. Comments adjacent to a definition (no blank line between) whose text
 * starts with one of the `line` prefixes or opens with one of the `block` delimiters are its documentation. A
 * query may instead capture `@doc` nodes inside a definition (Python docstrings).
 */
export interface DocCommentStyle {
  /** Line-comment prefixes that mark documentation, e.g. `['///', '//!']`. */
  line?: string[];
  /** Block-comment delimiters that mark documentation, e.g. `[['/**', '*\/']]`. */
  block?: Array<[open: string, close: string]>;
  /**
   * The comment right above a declaration documents it across blank lines too (clangd attaches any comment with only
   * whitespace before the declaration). A `/**` comment always does. @defaultValue false
   */
  detached?: boolean;
}

/** How signatures are written in a language. */
export interface SignatureStyle {
  /** Between the parameter list and the return type: `': '` (TypeScript, the default) or `' -> '` (Rust). */
  returnSeparator?: string;
  /** Between a parameter's name and its type: `': '` (the default) or `' '` (Go). */
  typeSeparator?: string;
  /**
   * How parameters are written in a signature: `source` (the default), each parameter's own text with whitespace
   * folded (`*args: int`, `a, b int`, `int x`, `&mut self`); or `composed` from its parts (name, `?`, type and
   * default), which drops decorators and comments (TypeScript, JavaScript).
   */
  parameters?: 'source' | 'composed';
  /**
   * Write the return type before the name, as C, C++, Java and C# do (`int size(const Buffer *b)`), instead of
   * after the parameters with `returnSeparator`.
   */
  returnTypeFirst?: boolean;
  /** With `returnTypeFirst`, write type parameters before the return type, as Java does (`<T> List<T> of(T x)`). */
  typeParametersFirst?: boolean;
  /**
   * How the parameter list is written: `{ open: '(', separator: ', ', close: ')' }` by default; OCaml writes
   * `{ open: ' ', separator: ' ', close: '' }` (`f x ~y`).
   */
  parameterList?: { open: string; separator: string; close: string };
  /**
   * The return type is the function's whole type (Haskell, Elm: `add :: Int -> Int -> Int`): when it is known,
   * the signature is the name and that type, without parameters.
   */
  typeIsWhole?: boolean;
  /**
   * A definition written without a parameter list (Scala's `def area: Double`, Ruby's `def name`) is signed
   * without one, instead of with `()`.
   */
  omitMissingParameterList?: boolean;
}

/**
 * How a language marks what a file exports. `declared` (the default): export statements say it (JavaScript,
 * TypeScript). Otherwise a top-level definition is exported when its modifiers include one of `modifiers`
 * (Rust `pub`, Java `public`), unless they include one of `unlessModifiers` (C `static`, Kotlin `private`), and
 * its name matches `namePattern` (Go: `^[A-Z]`) and does not match `unlessNamePattern` (Python: `^_`).
 */
export type ExportRule =
  | 'declared'
  | {
      modifiers?: string[];
      unlessModifiers?: string[];
      namePattern?: string;
      unlessNamePattern?: string;
    };

/**
 * Another language a file of this one may be written in (see {@link LanguageDefinition.alternatives}): C's `.h`
 * headers hold C++ or Objective-C as often as C.
 */
export interface AlternativeLanguage {
  /** The registered id of the other language, e.g. `cpp`. */
  language: string;
  /** Only files with one of these extensions (lower case, with the dot), e.g. `['.h']`. Default: every file. */
  extensions?: string[];
  /**
   * Token sequences only that language writes, looked for in the leaves of this language's parse (comments and
   * strings are one leaf each, so never match): `['template', '<']`, `['namespace', '*', '{']`. `*` stands for any
   * one token, `...` for any tokens on the same line.
   */
  marks?: string[][];
  /** Extensions of sources that, beside the file in its folder, make it that language: `['.cpp', '.cc']`. */
  siblings?: string[];
}

/**
 * The words and operators with which a language's code names what a member belongs to: what binding needs to know of
 * the language beyond its queries, so that shared code holds no language's words. Every field is optional: a language
 * without classes needs none.
 */
export interface BindingVocabulary {
  /** Words naming the instance a method runs on: `this.save()` is a member of the enclosing class (`this`, `self`, `$this`). */
  self?: string[];
  /** Words naming the enclosing type itself: `Self::new()` (Rust, Swift `Self`; Python `cls`; PHP `self`, `static`). */
  selfType?: string[];
  /** Words naming the enclosing class's declared bases: `super.save()` (`super`; C#'s `base`). */
  parent?: string[];
  /** Operators between a qualifier and its member besides `.` and `::` (`->` in C, C++, Objective-C and PHP). */
  memberOperators?: string[];
  /**
   * Words written before a type's name that do not name it: C's `const struct node *` names `node` (`typedef`, `const`,
   * `volatile`, `struct`, `union`, `enum`; C++ adds `class` and `typename`), Rust's `&mut Db` names `Db` (`mut`).
   */
  typeQualifiers?: string[];
  /**
   * Types and values are named apart (TypeScript: `interface Union` and `function Union` are two declarations of one
   * name): a name in a type position leads to the types of that name, one in a value position to the values; a
   * class, an enum or a namespace is both.
   */
  declarationSpaces?: boolean;
  /**
   * Generic types that stand for their first type argument: a value of `Readonly<Query>` has `Query`'s members
   * (TypeScript's `Readonly`, `Partial`, `Required`, `NonNullable`, `Omit`, `Pick`, `NoInfer`).
   */
  typeWrappers?: string[];
}

/** Everything code-index needs to know about one language. */
export interface LanguageDefinition {
  /** Stable id, e.g. `typescript`. Used in results and in `queries/<id>/`. */
  id: string;
  /** Human name, e.g. `TypeScript`. */
  name: string;
  /** File extensions with the dot, lower case, e.g. `['.ts', '.mts', '.cts']`. */
  extensions: string[];
  /** Whole file names that belong to the language regardless of extension (e.g. `Dockerfile`). */
  filenames?: string[];
  /**
   * Names of test files by the language's convention, as `*` patterns over a file's name (`*_test.go`, `test_*.py`).
   * Files under a test folder (`test/`, `tests/`, `__tests__/`, `spec/`) are tests in every language.
   */
  testFiles?: string[];
  /** The grammar's `.wasm`. */
  grammar: GrammarSource;
  /** Where the grammar comes from, for the languages table: package and version. */
  grammarOrigin?: string;
  /** The query files, concatenated in order. */
  queries: QuerySource[];
  /** Doc comment style; without it only `@doc` captures count. */
  docComments?: DocCommentStyle;
  /** Signature formatting. */
  signature?: SignatureStyle;
  /** How the language marks exports. @defaultValue 'declared' */
  exports?: ExportRule;
  /**
   * Languages embedded in this one, by the name its queries use in `injection.language`, mapped to a registered
   * language id (Markdown's inline content is `markdown_inline`).
   */
  injections?: Record<string, string>;
  /**
   * Another language to try when a file of this one (of `extensions`, or any) parses with syntax errors: the
   * parse with fewer errors wins. C declares `{ language: 'cpp', extensions: ['.h'] }`, as `.h` headers often
   * hold C++.
   */
  fallback?: { language: string; extensions?: string[] };
  /**
   * Languages a file of this one may in fact be written in, decided in this order: a file whose first parse has
   * `marks` of one of them (the first found wins) is analyzed as that one; a file with an `ignoreMarks` region and no
   * marks outside it stays this language; else a file with a source of one of them beside it (`siblings`) is that
   * one; else, when the first parse has syntax errors, `fallback` decides by error count. The facts record the
   * language used.
   */
  alternatives?: AlternativeLanguage[];
  /**
   * Kinds that, declared inside a function body, are items of the program rather than locals: reported like
   * top-level ones (in `parse().symbols`, searchable project-wide), with the function as their scope. Rust's nested
   * `fn`, `struct`, `enum`, `trait`; C++'s classes, structs, enums and type aliases in a function. Universal Ctags
   * tags these; other definitions in a body (variables, closures) stay local.
   */
  bodyItems?: string[];
  /**
   * Token sequences (as in {@link AlternativeLanguage.marks}) that open a region where alternatives' marks do not
   * count: the syntax node whose first token starts the sequence is skipped whole. C headers' `#ifdef __cplusplus`
   * blocks hold C++ for C++ readers of a C API; a file with such a region and no marks outside it is this language
   * (neither the sources beside it nor an error count decide otherwise).
   */
  ignoreMarks?: string[][];
  /**
   * Token sequences (as in {@link AlternativeLanguage.marks}) that open a preprocessor region this language never
   * compiles: C's `#ifdef __cplusplus`, whose `extern "C" {` and `}` (in two such regions) throw the parse of the
   * whole API between them into error recovery. A file whose parse has syntax errors is parsed again without these
   * regions (each through the `#else` or `#endif` that ends it), and the parse with fewer broken bytes wins.
   */
  deadRegions?: string[][];
  /**
   * C#: when a file parses with syntax errors, it is parsed again without its conditional directive lines (`#if`,
   * `#elif`, `#else`, `#endif`: every branch kept, as plain code), and the parse with fewer broken bytes wins.
   * Directives may split a declaration where the grammar does not take them (`class A : B`, then `, C` under an
   * `#if`).
   */
  flattenConditionals?: boolean;
  /**
   * How the language writes module paths in imports, to find the imported file among the project's (paths with `/`
   * and JavaScript's relative specifiers need nothing): `separator` between segments (`.` in Python and Java, `::`
   * in Rust), `skipSegments` that name no folder (Rust's `crate`, `self`, `super`), `relativeDots` when leading dots
   * climb folders (Python's `..config`).
   */
  modulePaths?: { separator?: string; skipSegments?: string[]; relativeDots?: boolean };
  /**
   * How the language's imports name files, exactly: its module system, an object defined beside the family's
   * definitions (`nodeModules`: relative paths, `.js` naming `.ts`, index files, tsconfig `paths`/`baseUrl`,
   * `package.json` `exports`/`main` of packages inside the root), or a language's own (see
   * {@link ModuleSystemDefinition}). Languages carrying the same object share one system. Without it, `modulePaths`
   * matches imports against file paths.
   */
  moduleSystem?: ModuleSystemDefinition;
  /**
   * C family: when a file parses with syntax errors and has lines holding nothing but an ALL-CAPS identifier
   * (`G_BEGIN_DECLS`, `Q_OBJECT`, macros the grammar cannot expand), it is parsed again without those lines, and
   * the parse with fewer errors wins.
   */
  skipBareMacroLines?: boolean;
  /** The words and operators that name what a member belongs to (see {@link BindingVocabulary}). */
  binding?: BindingVocabulary;
  /** How the SCIP export names what is the language's own (see {@link ScipLanguage}). */
  scip?: ScipLanguage;
}

/** A package outside the tree that an import names, as its own SCIP index would name it. */
export interface ExternalPackage {
  /** The package manager in SCIP's sense (`npm`, `python`, `gomod`). */
  manager: string;
  /** The package's name (`@scope/pkg`, `requests`, `github.com/x/y`). */
  name: string;
  /** The module inside the package the import names, as namespaces (`['operators']` of `rxjs/operators`). */
  path: string[];
}

/**
 * What the SCIP export needs to know of a language beyond its facts. Every field is optional: without them a document's
 * language is the display name without punctuation, imports from outside the tree name no external symbol, and
 * constructors keep their own names.
 */
export interface ScipLanguage {
  /** SCIP's `Language` enum name, when it is not {@link LanguageDefinition.name} without punctuation (`CPP`). */
  language?: string;
  /**
   * The package an import's source names, when it is outside the tree (a relative or absolute source never reaches
   * here); undefined when the language cannot name it.
   */
  externalPackage?: (source: string) => ExternalPackage | undefined;
  /**
   * The descriptor name of a constructor whose definition is named `constructor` (scip-typescript's `<constructor>`),
   * so that symbols of this language equal its precise indexer's.
   */
  constructorName?: string;
}

/**
 * Declares a language. An identity function that gives the object its type and checks it early.
 *
 * @example
 * ```ts
 * const lua = defineLanguage({
 *   id: 'lua',
 *   name: 'Lua',
 *   extensions: ['.lua'],
 *   grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-lua.wasm' },
 *   queries: [new URL('./queries/lua/tags.scm', import.meta.url)],
 *   docComments: { line: ['---'] },
 * });
 * registry.register(lua);
 * ```
 */
export function defineLanguage(definition: LanguageDefinition): LanguageDefinition {
  if (!/^[a-z][a-z0-9_+-]*$/.test(definition.id)) {
    throw new TypeError(`Language id ${JSON.stringify(definition.id)} must be lower case letters, digits, _, + or -`);
  }
  for (const extension of definition.extensions) {
    if (!extension.startsWith('.') || extension !== extension.toLowerCase()) {
      throw new TypeError(
        `Extension ${JSON.stringify(extension)} of language ${definition.id} must start with "." and be lower case`,
      );
    }
  }
  return definition;
}
