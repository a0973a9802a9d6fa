/**
 * What `analyzeFile`, `getSignatures`, `listExports` and `parse` return: a file's imports, exports, signatures,
 * syntax errors and diagnostics, the outline of data and document files, and the whole {@link FileAnalysis}.
 *
 * @module
 */
import type { ClassInfo, ConstantInfo, FunctionInfo, ParameterInfo, TypeInfo } from './definitions.js';

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

/** The signature of one function, method or constructor (the Lace `code_analyze` spec's `SignatureInfo`). */
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
 * The complete structure of one file (the Lace `code_analyze` spec's `FileAnalysis`), plus `errors` and `warnings`,
 * plus the optional outline fields of data and document languages.
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

/** What `parse` returns (the MCP tree-sitter server's `parse` response, camelCase). */
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
