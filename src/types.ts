/**
 * The plain-data results of code-index: what `analyzeFile`, `getSignatures`, `listExports` and `parse` return.
 *
 * Shapes follow the Lace `code_analyze` spec (seed 000) field for field; everything beyond the spec is an
 * optional, documented addition. Paths are root-relative with `/`; lines and columns are 1-based; columns count
 * UTF-16 code units (JavaScript string indices), as editors do.
 *
 * @module
 */

/** A position in a file: 1-based line and 1-based column in UTF-16 code units. */
export interface Position {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
}

/** One parameter of a function, method or constructor. */
export interface ParameterInfo {
  /** The parameter's name; for a destructured parameter, the pattern as written (`{ id, name }`). */
  name: string;
  /** The declared type, when the source writes one. */
  type?: string;
  /** True for `x?: T`, for a parameter with a default value, and for a rest parameter. */
  optional: boolean;
  /** The default value as written (`10`, `"id"`). */
  defaultValue?: string;
  /** True for a rest parameter (`...args`). */
  isRest?: boolean;
}

/** A function, method or constructor. */
export interface FunctionInfo {
  /** The name; `default` for an anonymous `export default function`. */
  name: string;
  /** The parameters, in order. */
  parameters: ParameterInfo[];
  /** The declared return type, when written. */
  returnType?: string;
  /** True for `async` functions. */
  isAsync: boolean;
  /** True when the module exports it (`export`, `export default`, `export { f }`, `module.exports`). */
  isExported: boolean;
  /** Line of the name (not of a decorator or doc comment above it). */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the definition. */
  endLine?: number;
  /** The signature without the body, e.g. `login(email: string, password: string): Promise<User>`. */
  signature: string;
  /** Generic type parameters as written, e.g. `<T, K extends keyof T>`. */
  typeParameters?: string;
  /** Modifiers as written: `static`, `private`, `abstract`, `get`, `set`, `readonly`, `override`, ... */
  modifiers?: string[];
  /** True for generator functions (`function*`). */
  isGenerator?: boolean;
  /** True for a declaration without a body: an overload signature, an abstract or ambient declaration. */
  isDeclarationOnly?: boolean;
  /** Decorators as written, e.g. `@Get(':id')`. */
  decorators?: string[];
  /** The doc comment, cleaned: delimiters and `*` gutters removed, tags kept. */
  doc?: string;
  /** `macro` for a function-like macro (C's `#define MAX(a, b)`, Rust's `macro_rules!`). */
  kind?: 'macro';
}

/** A property of a class, interface, type literal or enum. */
export interface PropertyInfo {
  /** The name (`#secret` keeps its `#`). */
  name: string;
  /** The declared type, when written. */
  type?: string;
  /** True for `name?: T`. */
  optional: boolean;
  /** The initializer or enum value as written (shortened when long). */
  value?: string;
  /** Modifiers as written: `static`, `readonly`, `private`, `protected`, `public`, `accessor`, `declare`, ... */
  modifiers?: string[];
  /** True when it was declared as a constructor parameter property (`constructor(private db: Db)`). */
  isParameterProperty?: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Decorators as written. */
  decorators?: string[];
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A class (or, in other languages, its equivalent). */
export interface ClassInfo {
  /** The name; `default` for an anonymous `export default class`. */
  name: string;
  /** Methods, in source order (the constructor is in `constructor`). */
  methods: FunctionInfo[];
  /** Fields and parameter properties, in source order. */
  properties: PropertyInfo[];
  /** The constructor, when declared: the implementation when there are overloads, else the first one. */
  constructor?: FunctionInfo;
  /**
   * Every constructor in source order, when there are several (Java/C#/C++ overloads, Kotlin secondary
   * constructors, TypeScript overload signatures).
   */
  constructors?: FunctionInfo[];
  /** The precise kind when it is not a plain class: `struct`, `trait`, `object`, `impl`, ... */
  kind?: string;
  /** Classes declared inside it (Java inner classes, C# nested types, Python nested classes). */
  classes?: ClassInfo[];
  /** Interfaces, type aliases and enums declared inside it. */
  interfaces?: TypeInfo[];
  /** The base class as written, e.g. `Base<T>`. */
  extends?: string;
  /** Implemented interfaces as written. */
  implements?: string[];
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the class. */
  endLine?: number;
  /** True for `abstract class`. */
  isAbstract?: boolean;
  /** Generic type parameters as written. */
  typeParameters?: string;
  /** Decorators as written. */
  decorators?: string[];
  /** The doc comment, cleaned. */
  doc?: string;
}

/** An interface, type alias or enum. */
export interface TypeInfo {
  /** The name. */
  name: string;
  /** What declares it. */
  kind: 'interface' | 'type' | 'enum';
  /** Properties (interface members, object-type members, enum members). */
  properties?: PropertyInfo[];
  /** Method signatures of an interface or object type. */
  methods?: FunctionInfo[];
  /** Extended interfaces as written. */
  extends?: string[];
  /** The aliased type of a `type` declaration, as written (shortened when long). */
  value?: string;
  /** Generic type parameters as written. */
  typeParameters?: string;
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** Last line of the declaration. */
  endLine?: number;
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A top-level constant: a `const` binding that is not a function or class. */
export interface ConstantInfo {
  /** The bound name. */
  name: string;
  /** The declared type, when written. */
  type?: string;
  /** The initializer as written (shortened when long). */
  value?: string;
  /** True when the module exports it. */
  isExported: boolean;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column?: number;
  /** The doc comment, cleaned. */
  doc?: string;
  /** `macro` for an object-like macro (C's `#define SIZE 64`). */
  kind?: 'macro';
}

/** One name brought in by an import. */
export interface ImportItem {
  /** The imported name (`default` for a default import, `*` for a namespace import). */
  name: string;
  /** The local name when it differs (`import { a as b }`, `import * as ns`, the default binding). */
  alias?: string;
  /** True for a default import. */
  isDefault: boolean;
  /** True for `import * as ns`. */
  isNamespace: boolean;
  /** True for a type-only import (`import type`, `import { type T }`). */
  isTypeOnly?: boolean;
}

/** One import statement or `require`/`import()` call. */
export interface ImportInfo {
  /** The module specifier as written, e.g. `./utils`. */
  source: string;
  /** The names it brings in; empty for a side-effect import. */
  imports: ImportItem[];
  /** How it imports. */
  kind?: 'static' | 'side-effect' | 'dynamic' | 'require';
  /** True for `import type ...`. */
  isTypeOnly?: boolean;
  /** Line of the statement. */
  line?: number;
}

/** One name in the public API of a file. */
export interface ExportInfo {
  /** The exported name (`default` for a default export, `*` for `export * from`). */
  name: string;
  /**
   * What it is, in the spec's words: `interface` covers interfaces, type aliases and enums; `constant` covers
   * exported variables; `default` is an anonymous default export of an expression; `reexport` is a name
   * re-exported from another module whose kind is known only there.
   */
  type: 'function' | 'class' | 'interface' | 'constant' | 'default' | 'reexport';
  /** The signature of a function, or a short declaration of anything else. */
  signature?: string;
  /** True for the default export. */
  isDefault: boolean;
  /** The precise kind, beyond the spec's categories (e.g. `type`, `enum`, `namespace`, `variable`). */
  kind?: string;
  /** The local name when exported under another (`export { a as b }` has localName `a`). */
  localName?: string;
  /** The module it is re-exported from (`export * from './models'`). */
  source?: string;
  /** True for type-only exports. */
  isTypeOnly?: boolean;
  /** Line of the export (or of the declaration it exports). */
  line?: number;
}

/** The signature of one function, method or constructor (seed 000 `SignatureInfo`). */
export interface SignatureInfo {
  /** The name; methods are qualified by their class (`UserService.login`). */
  name: string;
  /** The parameters, in order. */
  parameters: ParameterInfo[];
  /** The declared return type, when written. */
  returnType?: string;
  /** Line of the name. */
  line: number;
  /** e.g. `login(email: string, password: string): Promise<User>`. */
  signature: string;
  /** `function`, `method`, `constructor` or `macro`. */
  kind?: 'function' | 'method' | 'constructor' | 'macro';
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A syntax error found by the parser: where, and what the grammar expected or did not expect. */
export interface SyntaxErrorInfo {
  /** 1-based line of the error. */
  line: number;
  /** 1-based column of the error. */
  column: number;
  /** 1-based end line. */
  endLine: number;
  /** 1-based end column. */
  endColumn: number;
  /** e.g. `Missing ";"` or `Unexpected "}"`. */
  message: string;
}

/**
 * A problem found while analyzing a file that still yields a (possibly partial) result: an unsupported
 * language, syntax errors, a decoding fallback.
 */
export interface Diagnostic {
  /** Stable code, e.g. `TS_PARSE_ERRORS`, `TS_UNSUPPORTED_LANGUAGE`. */
  code: string;
  /** What happened and what to do about it. */
  message: string;
  /** Structured details (the fields of the spec's error object for that code). */
  details?: Record<string, unknown>;
}

/** A key of a data file (JSON), with the kind of its value. */
export interface KeyInfo {
  /** The key itself. */
  name: string;
  /** The dotted path from the top (`scripts.build`); equals `name` at the top level. */
  path: string;
  /** The kind of the value: `object`, `array`, `string`, `number`, `boolean`, `null`. */
  valueKind: string;
  /** The value as written, for scalars (shortened when long). */
  value?: string;
  /** 1 for a top-level key, 2 for a key inside a top-level object, ... */
  depth: number;
  /** Line of the key. */
  line: number;
}

/**
 * A definition outside the code categories: a module or namespace, or what a markup or data language defines
 * (an SQL table and its columns, a CSS selector, an HTML element id).
 */
export interface OutlineItem {
  /** What it is, in the language's terms: `module`, `table`, `view`, `index`, `selector`, `element_id`, ... */
  kind: string;
  /** Its name as written. */
  name: string;
  /** Line of the name. */
  line: number;
  /** Column of the name. */
  column: number;
  /** Last line of the definition. */
  endLine: number;
  /** The enclosing definition's name (a column's table). */
  container?: string;
  /** The declared type, when written (a column's type). */
  type?: string;
  /** The doc comment, cleaned. */
  doc?: string;
}

/** A heading of a document (Markdown). */
export interface HeadingInfo {
  /** 1 to 6. */
  level: number;
  /** The heading text without its markers. */
  text: string;
  /** Line of the heading text. */
  line: number;
}

/** A fenced or indented code block of a document (Markdown). */
export interface CodeBlockInfo {
  /** The info string's language (`ts`, `bash`), when given. */
  language?: string;
  /** First line of the block (the opening fence). */
  line: number;
  /** Last line of the block (the closing fence, when present). */
  endLine: number;
}

/** A link or image of a document (Markdown). */
export interface LinkInfo {
  /** The link text (or image alt text). */
  text: string;
  /** The destination as written. */
  url: string;
  /** `link`, `image`, `autolink` or `definition` (a reference definition `[x]: url`). */
  kind: string;
  /** Line of the link. */
  line: number;
}

/**
 * The complete structure of one file (seed 000 `FileAnalysis`), plus `errors` and `warnings`, plus the optional
 * outline fields of data and document languages.
 */
export interface FileAnalysis {
  /** Root-relative path with `/`. */
  file: string;
  /** Language id (`typescript`, `markdown`, ...), or `unknown` when no registered language matches. */
  language: string;
  /** Top-level functions (and functions of namespaces), in source order. */
  functions: FunctionInfo[];
  /** Classes, in source order. */
  classes: ClassInfo[];
  /** Interfaces, type aliases and enums. */
  interfaces: TypeInfo[];
  /** The file's public API. */
  exports: ExportInfo[];
  /** Its imports, in source order. */
  imports: ImportInfo[];
  /** Top-level constants. */
  constants: ConstantInfo[];
  /** Syntax errors; the rest of the analysis is still valid outside the damaged regions. */
  errors: SyntaxErrorInfo[];
  /** Non-fatal problems: `TS_PARSE_ERRORS`, `TS_UNSUPPORTED_LANGUAGE`, `NON_UTF8_CONTENT`, ... */
  warnings: Diagnostic[];
  /** Other definitions: modules and namespaces, SQL tables, CSS selectors, HTML element ids, ... */
  outline?: OutlineItem[];
  /** Keys of data files (JSON): the top level, and one level below it. */
  keys?: KeyInfo[];
  /** Headings of documents (Markdown). */
  headings?: HeadingInfo[];
  /** Code blocks of documents (Markdown). */
  codeBlocks?: CodeBlockInfo[];
  /** Links and images of documents (Markdown). */
  links?: LinkInfo[];
}

/** A symbol of the `parse` result. */
export interface ParsedSymbol {
  /** Name. */
  name: string;
  /** Kind from the tags vocabulary: `function`, `method`, `class`, `interface`, `type`, `enum`, ... */
  kind: string;
  /** 1-based line of the name. */
  line: number;
  /** 1-based column of the name. */
  column: number;
  /** Enclosing class/interface/namespace, when any. */
  scope?: string;
}

/** What `parse` returns (seed 001 `parse` response, camelCase). */
export interface ParseResult {
  /** Root-relative path with `/`. */
  file: string;
  /** Language id. */
  language: string;
  /** Type of the tree's root node (`program`, `document`, ...). */
  rootNode: string;
  /** Definitions found, in source order. */
  symbols: ParsedSymbol[];
  /** Syntax errors with positions. */
  errors: SyntaxErrorInfo[];
  /** Non-fatal problems (see {@link FileAnalysis.warnings}). */
  warnings: Diagnostic[];
  /** Parse time in milliseconds (parse only, not extraction). */
  parseTimeMs: number;
}

/** A definition in the navigation index (one tag of `tags.scm`'s `@definition.*`). */
export interface SymbolDefinition {
  /** Name. */
  name: string;
  /** Kind from the tags vocabulary: `function`, `method`, `class`, ... */
  kind: string;
  /** 1-based line of the name. */
  line: number;
  /** 1-based column of the name (UTF-16). */
  column: number;
  /** Last line of the definition. */
  endLine: number;
  /** Enclosing definition's name (`UserService` for its methods). */
  scope?: string;
  /** Signature of a function or method; otherwise the definition's first line. */
  signature: string;
  /** The definition's first line, trimmed. */
  preview: string;
  /** Doc comment, cleaned. */
  doc?: string;
  /** True when the file exports it. */
  isExported: boolean;
  /** True for definitions inside function bodies. */
  isLocal: boolean;
}

/** A reference in the navigation index (`@reference.*`, plus import and re-export names). */
export interface SymbolReference {
  /** Referenced name. */
  name: string;
  /** `call`, `class`, `type`, `implementation`, `interface`, `import`, `reexport`, ... */
  kind: string;
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16). */
  column: number;
  /** The line, trimmed. */
  preview: string;
}

/** Where `findDefinitions`/`findReferences` look: the file, its folder, or the whole root (seed 001). */
export type SearchScope = 'file' | 'directory' | 'project';

/**
 * What a navigation call is about. Models are poor at exact columns, so three forms are accepted:
 * `{ file, line, column }` (the identifier under the position), `{ file, line, symbol }` (the named identifier on
 * that line) and `{ symbol, container? }` (a name anywhere in scope; `UserService.create` or `container`
 * narrows it to a member).
 */
export interface PositionQuery {
  /** Root-relative or absolute (inside the root) path. */
  file?: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column in UTF-16 code units. */
  column?: number;
  /** The name to look for (on `line` when a file is given). */
  symbol?: string;
  /** The enclosing class/namespace of the symbol. */
  container?: string;
  /** Search scope. @defaultValue the index's `defaultScope` (project) */
  scope?: SearchScope;
}

/** The identifier a navigation call used (so the caller can check it was the intended one). */
export interface IdentifierAt {
  /** The identifier's text. */
  name: string;
  /** Its file, root-relative. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units). */
  column: number;
}

/** One definition site (seed 001 `definitions[]`). */
export interface DefinitionLocation {
  /** Root-relative path. */
  file: string;
  /** 1-based line of the name. */
  line: number;
  /** 1-based column of the name (UTF-16 code units). */
  column: number;
  /** The definition's kind (`function`, `class`, `method`, ...). */
  kind: string;
  /** The definition's first line. */
  preview: string;
  /** Enclosing class or namespace. */
  scope?: string;
  /**
   * How it was found: `bound` (through the file's scopes, or a member of what a qualifier names), `import` (an
   * imported name followed to the module that declares it), `name_match` (only its name matches: binding failed).
   */
  resolution?: Resolution;
  /** Set on the definitions listed beside references. */
  isDefinition?: true;
}

/** How a name was resolved (see {@link DefinitionLocation.resolution}); `external`: it comes from outside the index. */
export type Resolution = 'bound' | 'import' | 'name_match' | 'external';

/** What `findDefinitions` returns (seed 001 `definition`, camelCase). */
export interface DefinitionsResult {
  /** The name asked about. */
  symbol: string;
  /** The identifier at the position, when a position was given. */
  identifier?: IdentifierAt;
  /** Ranked: same file, the module it is imported from, same folder, the rest. */
  definitions: DefinitionLocation[];
  /** Definitions found, listed or not. */
  total: number;
  /**
   * How the first definition was found: `bound` or `import` (binding: normally the one answer, or the overloads of
   * one declaration), `external` (no definition: the name comes from a module outside the index), `name_match`
   * (binding failed: same-named definitions, ranked, the best 10; `total` counts them all).
   */
  resolution: Resolution;
  /** How to read the answer (the seed's note on name matching, or how binding went). */
  note: string;
}

/** One reference (seed 001 `references[]`). */
export interface ReferenceLocation {
  /** Root-relative path. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units). */
  column: number;
  /** `call`, `class`, `type`, `read`, `member`, `import`, `reexport`, `export`, ... */
  kind: string;
  /** The line of the reference. */
  preview: string;
  /** `bound`: it resolves to the definition asked about; `name_match`: it could not be resolved, its name matches. */
  resolution?: 'bound' | 'name_match';
}

/** What `findReferences` returns (seed 001 `references`, camelCase). */
export interface ReferencesResult {
  /** The name asked about. */
  symbol: string;
  /** The identifier at the position, when a position was given. */
  identifier?: IdentifierAt;
  /** The references, by file and position. */
  references: ReferenceLocation[];
  /** References found. */
  total: number;
  /** The definition sites, apart from the references. */
  definitions: DefinitionLocation[];
  /** `bound` when the name was resolved to its definition (the references are those that resolve to it). */
  resolution: Resolution;
  /** How to read the answer. */
  note: string;
}

/** What `hover` returns (seed 001 `hover`, camelCase). */
export interface HoverResult {
  /** The name asked about. */
  symbol: string;
  /** The definition's kind. */
  kind: string;
  /** Its signature (a callable) or its first line. */
  signature: string;
  /** The doc comment, cleaned; absent when the definition has none. */
  documentation?: string;
  /** Where it is defined. */
  definitionLocation: { file: string; line: number };
  /** The identifier at the position, when a position was given. */
  identifier?: IdentifierAt;
  /** How many other definitions share the name. */
  otherDefinitions: number;
  /** The seed's note: documentation comes from doc comments, with no type inference. */
  note: string;
}

/** Options of `searchSymbols` (seed 000 `search_symbols`, seed 002 pagination). */
export interface SymbolSearchOptions {
  /** A name (exact, case-insensitive, prefix, camelCase initials, fuzzy) or a pattern with `*` and `?`. */
  query: string;
  /** Folder (or file) to search, root-relative. @defaultValue the whole root */
  path?: string;
  /**
   * `function`, `method`, `class`, `interface`, `constant`, `variable` or `any` (each takes the kinds the kinds table
   * says: `class` takes structs and traits), or a precise kind (`enum`, `struct`, ...). @defaultValue 'any'
   */
  kind?: string;
  /** Results to skip. @defaultValue 0 */
  offset?: number;
  /** Page size, 1 to 1000. @defaultValue 50 */
  limit?: number;
}

/** One search hit (seed 000 `SymbolMatch`, plus kind, column and scope). */
export interface SymbolMatch {
  /** Root-relative path. */
  file: string;
  /** The definition's name. */
  symbol: string;
  /**
   * The seed's category (`function`, `class`, `interface`, `constant`), widened where those would mislead:
   * `variable`, `property` (fields, enum members), `macro`, `module`, `other` (SQL tables, CSS selectors, ...).
   */
  type: 'function' | 'class' | 'interface' | 'constant' | 'variable' | 'property' | 'macro' | 'module' | 'other';
  /** The precise kind (`method`, `enum`, ...). */
  kind: string;
  /** 1-based line of the name. */
  line: number;
  /** 1-based column of the name (UTF-16 code units). */
  column: number;
  /** Its signature (a callable) or its first line. */
  signature: string;
  /** The enclosing class or namespace. */
  scope?: string;
}

/** What `searchSymbols` returns (seed 000 `SymbolSearchResult` with seed 002 pagination). */
export interface SymbolSearchResult {
  /** This page of matches, best first. */
  matches: SymbolMatch[];
  /** Files searched. */
  totalFiles: number;
  /** Matches in all pages. */
  total: number;
  /** Matches skipped before this page. */
  offset: number;
  /** Matches on this page. */
  returnedCount: number;
  /** More matches follow: ask again with `offset: nextOffset`. */
  hasMore: boolean;
  /** The offset of the next page, when there is one. */
  nextOffset?: number;
}

/** What `stats` returns. */
export interface IndexStats {
  /** Files in the cache. */
  files: number;
  /** Definitions by kind. */
  symbolsByKind: Record<string, number>;
  /** Total definitions. */
  totalSymbols: number;
  /** Total references. */
  totalReferences: number;
  /** Files with the most definitions (top 10). */
  topFiles: Array<{ file: string; count: number }>;
  /**
   * Use of the index: files answered from their entry without a read (`hits`), files read because their stat
   * changed (`misses`), files parsed (`parses`), the memory bound, and where the on-disk index is.
   */
  cache: { hits: number; misses: number; parses: number; maxEntries: number; persistent: boolean; location?: string };
  /** Files discovery found but could not index, with why. */
  skipped: Array<{ file: string; reason: string }>;
  /** Problems with the on-disk index (rebuilt or kept in memory), and with module systems or their configuration (imports not bound). */
  warnings: Diagnostic[];
}

// ---- call graphs (seed 003, and across the project) ---------------------------------------------------------------

/** A node of a file's call graph. */
export interface CallGraphNode {
  /** `<file name>:<name>` (seed 003), or `<module>:<name>` for an external node. */
  id: string;
  /** The definition's name; methods are `Class.method`; calls at the top level come from `<top>`. */
  name: string;
  /** Seed 003's node type. */
  type: 'class' | 'function' | 'method' | 'variable';
  /** Line of the name (0 for an external node). */
  line: number;
  /** Imported from another module (with `includeExternal`). */
  isExternal: boolean;
  /** For an external node: the module it is imported from, as written. */
  module?: string;
}

/** An edge of a file's call graph: `source` calls or references `target` at `line`. */
export interface CallGraphEdge {
  /** The id of the caller or referrer. */
  source: string;
  /** The id of the callee or the referenced node. */
  target: string;
  /** A call, or another reference (a read, a `new`, a type use). */
  relation: 'calls' | 'references';
  /** 1-based line of the call or reference. */
  line: number;
  /** The edge lies on a cycle of calls. */
  isCycle: boolean;
}

/** How the functions of one file call each other (`callGraph`). */
export interface CallGraph {
  /** Root-relative path. */
  file: string;
  /** The file's definitions (and external names). */
  nodes: CallGraphNode[];
  /** Who calls or references whom. */
  edges: CallGraphEdge[];
  /** Closed paths of node ids (`[a, b, a]`), one per strongly connected component of calls. */
  cycles: string[][];
  /** Imported names the file uses, with their module (with `includeExternal`). */
  external: Array<{ name: string; module: string }>;
  /** True when the time budget ended the walk: what is listed is right, but edges may be missing. */
  isPartial: boolean;
}

/** Options of `callGraph`. */
export interface CallGraphOptions {
  /** List calls to imported names as external nodes and edges. @defaultValue false */
  includeExternal?: boolean;
  /** Time budget in milliseconds; past it the graph is returned with `isPartial: true`. @defaultValue 5000 */
  timeoutMs?: number;
}

/** Options of `callHierarchy`. */
export interface CallHierarchyOptions {
  /** `incoming`: who calls it; `outgoing`: what it calls. @defaultValue 'incoming' */
  direction?: 'incoming' | 'outgoing';
  /** Levels to follow, 1 to 5. @defaultValue 1 */
  depth?: number;
  /** Most items listed across levels. @defaultValue 200 */
  maxItems?: number;
}

/** A caller or callee, with its call sites and how it was found. */
export interface CallHierarchyItem {
  /** The caller's or callee's name (`Class.method` for a method). */
  name: string;
  /** Its kind (`function`, `method`, ...). */
  kind: string;
  /** Root-relative path of the definition (the importing file for an external callee). */
  file: string;
  /** 1-based line of its name. */
  line: number;
  /** 1-based column of its name. */
  column: number;
  /**
   * Where the calls are: in this item's file for an incoming call (the caller's body), in the parent's file for an
   * outgoing one.
   */
  callSites: Array<{ line: number; column: number }>;
  /** `bound` through scopes, imports and members; `name_match` when the call did not bind but the name is unique. */
  resolution: 'bound' | 'name_match' | 'external';
  /** For an external callee: the module it is imported from. */
  module?: string;
  /** The next level (callers of this caller, or callees of this callee), when `depth` reaches it. */
  calls?: CallHierarchyItem[];
}

/** Callers or callees of a function across the project (`callHierarchy`). */
export interface CallHierarchyResult {
  /** The name asked about. */
  symbol: string;
  /** The definition the hierarchy starts from. */
  root: { name: string; kind: string; file: string; line: number; column: number };
  /** `incoming`: the callers; `outgoing`: the callees. */
  direction: 'incoming' | 'outgoing';
  /** Levels followed. */
  depth: number;
  /** The first level, each item holding the next in `calls`. */
  items: CallHierarchyItem[];
  /** Items listed, across levels. */
  total: number;
  /** Calls whose target could not be bound nor matched to a single definition (not listed). */
  unresolved: number;
  /** True when `maxItems` cut the walk; ask again with a smaller depth or from a deeper item. */
  truncated: boolean;
  /** How the calls were bound. */
  note: string;
}
