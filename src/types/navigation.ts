/**
 * The navigation answers: positions and what a navigation call is about, the index's definitions and references,
 * and what `findDefinitions`, `findReferences`, `hover` and `searchSymbols` return (the shapes of the Lace
 * `code_analyze` and MCP tree-sitter server specs, camelCase).
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

/**
 * Where `findDefinitions`/`findReferences` look: the file, its folder, or the whole root (the MCP tree-sitter server's
 * `scope`).
 */
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

/** One definition site (the MCP tree-sitter server's `definitions[]`). */
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

/** What `findDefinitions` returns (the MCP tree-sitter server's `definition`, camelCase). */
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
  /** How to read the answer (the MCP tree-sitter server spec's note on name matching, or how binding went). */
  note: string;
}

/** One reference (the MCP tree-sitter server's `references[]`). */
export interface ReferenceLocation {
  /** Root-relative path. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column (UTF-16 code units). */
  column: number;
  /**
   * `call`, `class`, `type`, `read`, `member`, `import`, `reexport`, `export`, ...; `override`: the declaration of a
   * member of the same family in another type (one that overrides or implements the member asked about, or that it
   * overrides or implements).
   */
  kind: string;
  /** The line of the reference. */
  preview: string;
  /** `bound`: it resolves to the definition asked about; `name_match`: it could not be resolved, its name matches. */
  resolution?: 'bound' | 'name_match';
}

/** Options of `findReferences`. */
export interface ReferencesOptions {
  /**
   * Read the files from this one on (root-relative; files are read in path order): where a partial answer said to go
   * on (`partial.nextFile`).
   */
  fromFile?: string;
  /**
   * Time budget in milliseconds: past it, no more files are read and the answer is partial, saying where to go on.
   * @defaultValue 10000
   */
  timeoutMs?: number;
  /**
   * Also list the uses of the name whose binding could not be followed (a member of a receiver whose type is not
   * written), marked `resolution: 'name_match'` and listed after the bound ones. Uses bound to another declaration
   * are never listed.
   * @defaultValue false
   */
  includeNameMatches?: boolean;
}

/** How far a partial `findReferences` answer got (its time budget ran out), and where to go on. */
export interface ReferencesPartial {
  /** Files read (each with every reference of the name in it). */
  filesRead: number;
  /** Files left unread. */
  filesLeft: number;
  /** The first file left: pass it as `fromFile` to go on. */
  nextFile: string;
}

/** What `findReferences` returns (the MCP tree-sitter server's `references`, camelCase). */
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
  /** Present when the time budget ran out first: the references are those of the files read. */
  partial?: ReferencesPartial;
}

/** What `hover` returns (the MCP tree-sitter server's `hover`, camelCase). */
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
  /** The MCP tree-sitter server spec's note: documentation comes from doc comments, with no type inference. */
  note: string;
}

/** Options of `searchSymbols` (the Lace `code_analyze` spec's `search_symbols`, with the Code Scanner's pagination). */
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

/** One search hit (the Lace `code_analyze` spec's `SymbolMatch`, plus kind, column and scope). */
export interface SymbolMatch {
  /** Root-relative path. */
  file: string;
  /** The definition's name. */
  symbol: string;
  /**
   * The Lace `code_analyze` spec's category (`function`, `class`, `interface`, `constant`), widened where those
   * would mislead: `variable`, `property` (fields, enum members), `macro`, `module`, `other` (SQL tables, CSS
   * selectors, ...).
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

/**
 * What `searchSymbols` returns (the Lace `code_analyze` spec's `SymbolSearchResult`, with the Code Scanner's
 * pagination).
 */
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
