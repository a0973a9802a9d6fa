/**
 * The facts of one file as plain, immutable, serialisable data: what extraction produces, what the index stores on
 * disk and in memory, and what every view (analysis, signatures, symbols, navigation, graphs) is projected from.
 * No tree-sitter object lives here; positions are 1-based lines and UTF-16 columns, spans are UTF-16 offsets.
 *
 * @module
 */
import type {
  CodeBlockInfo,
  Diagnostic,
  ExportInfo,
  HeadingInfo,
  ImportInfo,
  KeyInfo,
  LinkInfo,
  ParameterInfo,
  PropertyInfo,
  SyntaxErrorInfo,
} from '../types.js';

/**
 * Version of what extraction stores. Bump it whenever extraction changes what it writes for the same source: stored
 * facts of another version are never served.
 */
export const FACTS_VERSION = 14;

/** One definition (`@definition.<kind>`), with everything its views need already written out as text. */
export interface Definition {
  /** Kind from the tags vocabulary (see `model/kinds.ts`). */
  kind: string;
  name: string;
  /** Position of the name (of the definition when it has no name node). */
  line: number;
  column: number;
  /** Last line of the definition. */
  endLine: number;
  /** The definition's span, in UTF-16 offsets: what encloses what, and what sits at a position. */
  start: number;
  end: number;
  /** Index of the nearest enclosing definition. */
  parent?: number;
  /** Inside the body of a function-like definition. */
  local?: true;
  /** Part of the file's public API. */
  exported?: true;
  /** Exported as the default export. */
  exportedAsDefault?: true;
  /** Callables: the signature as the language writes it. */
  signature?: string;
  parameters?: ParameterInfo[];
  returnType?: string;
  typeParameters?: string;
  /** Declared type (properties, constants, outline items). */
  type?: string;
  /** Initializer, enum value or aliased type, shortened. */
  value?: string;
  /** A union the value was shortened from: its parts, each shortened (`type Action = A | B | ... | Z`). */
  union?: string[];
  /**
   * A member declared in a type literal that is no definition (a part of a union, `{ type: "create"; object: T }`):
   * where the literal starts (`line:column`), which tells the members of one part from another's.
   */
  literal?: string;
  /** A method declared outside its type (Go `func (s *T) M()`): the type's name. */
  receiver?: string;
  modifiers?: string[];
  decorators?: string[];
  extends?: string[];
  implements?: string[];
  optional?: true;
  generator?: true;
  /** A function-like definition without a body (an overload, an abstract or ambient declaration). */
  declarationOnly?: true;
  /**
   * A C or C++ name defined in a branch of a preprocessor conditional that defines it in another branch too, or a
   * macro defined in a branch (an include guard is no conditional): which conditional (`group`: where its `#if`
   * starts), which branch (`branch`: 0 for the `#if`), and the test that branch is taken under (`when`: the tests of
   * the branches before it negated, and its own).
   */
  conditional?: { group: number; branch: number; when: Condition };
  /** Constructors: the parameters declared with modifiers (`constructor(private db: Db)`), as properties. */
  parameterProperties?: PropertyInfo[];
  doc?: string;
}

/**
 * One use of a name: a tagged reference (`@reference.<kind>`: a call, a type, ...), any other name the language's
 * locals query sees used, a member used through a qualifier (`Option.map`, `this.save`), and the names of imports
 * and exports.
 */
export interface Reference {
  name: string;
  /**
   * `call`, `class`, `type`, `implementation`, `interface` (tagged), `read` (a name used otherwise), `member` (a member
   * used otherwise), `import`, `reexport`, `export`.
   */
  kind: string;
  line: number;
  column: number;
  /** Index of the innermost definition the reference sits in (the caller of a call). */
  enclosing?: number;
  /** Index of the binding the name resolves to in this file (a local, a parameter, an import, a definition). */
  binding?: number;
  /**
   * For a member: what it is a member of, as written (`Option`, `this`, `a.b`; `f()`: what `f` returns; `''`: an
   * expression that is no name, `a[0].b`).
   */
  qualifier?: string;
  /** For a member: the binding of the qualifier's first name. */
  qualifierBinding?: number;
  /** A call's number of arguments (what picks among overloads, without type inference). */
  arity?: number;
  /** A call has a spread argument (`f(...xs)`): `arity` counts it as one, and only a rest parameter takes it. */
  spread?: true;
  /**
   * A call's arguments that are literals (or lambdas), by position: `string`, `char`, `integer`, `boolean`, `class`,
   * `function`, `''` for any other argument; absent when none is. Picks among overloads of one arity by their
   * parameters' declared types.
   */
  literals?: string[];
  /**
   * A call's arguments that are names with a value, by position: the index of the reference to the name (`x`, the `f`
   * of `a.f`, the `m` of `a.m()`, the type of `new T()`), `-1` for any other argument; absent when none is. What that
   * name is declared as picks among overloads of one arity (`at(tree.pos())` is `at(DiagnosticPosition)`).
   */
  arguments?: number[];
  /**
   * A key of an object literal whose type may be a union: the object's keys set to a literal or a name, its own too
   * (`type=UPDATE`, `kind="min"`), which pick the union's members that declare them so (a discriminated union).
   */
  discriminants?: string[];
}

/**
 * A name bound in a scope of the file: a parameter, a variable, a type parameter, a function or class (then `def` is
 * its definition), or an imported name (then `import` says from where).
 */
export interface Binding {
  name: string;
  /** `parameter`, `variable`, `type_parameter`, `import`, or the kind of its definition. */
  kind: string;
  line: number;
  column: number;
  /** Index of the definition it binds, when it is one. */
  def?: number;
  /** In the file's own scope (a module-level name). */
  top?: true;
  /**
   * Its declared type or constructor, as a name path (`Db`, `ns.Db`): its members are that type's. A path ending in
   * `[]` is an element of what the path names (`xs[]` of `for (const x of xs)`).
   */
  type?: string;
  /** The binding the type's first name resolves to in this file. */
  typeBinding?: number;
  /** An imported name: the module as written and the name imported there (`default`, `*` for a namespace). */
  import?: { source: string; name: string };
}

/** Keys, headings, code blocks and links of data and document languages. */
export interface OutlineFacts {
  keys?: KeyInfo[];
  headings?: HeadingInfo[];
  codeBlocks?: CodeBlockInfo[];
  links?: LinkInfo[];
}

/** Everything code-index keeps of one file. */
export interface FileFacts {
  /** Language id the file was analyzed as (`unknown` when no language handles it). */
  language: string;
  /** Type of the tree's root node. */
  rootNode: string;
  /** Milliseconds spent parsing (not extracting). */
  parseTimeMs: number;
  /** Length of each line in UTF-16 code units (line breaks excluded): positions are checked without the text. */
  lineLengths: number[];
  /** Every line break is `\r\n`: a line starts at the sum of the lengths before it, plus two per break (else one). */
  crlf?: true;
  /** The trimmed text (at most 200 characters) of every line a definition or reference is on, by line. */
  previews: Record<number, string>;
  /** In source order. */
  definitions: Definition[];
  /** In source order. */
  references: Reference[];
  /** Names bound in the file's scopes. */
  bindings: Binding[];
  imports: ImportInfo[];
  exports: ExportInfo[];
  /** Where imports and re-exports write the modules they name (`'./a'` of `import { a } from './a'`), in source order. */
  moduleSources?: ModuleSource[];
  outline: OutlineFacts;
  /** Syntax errors (the first 50) and their exact count. */
  errors: SyntaxErrorInfo[];
  errorCount: number;
  /** Decoding and language warnings (not `TS_PARSE_ERRORS`, which the views derive from `errorCount`). */
  warnings: Diagnostic[];
}

/**
 * Where an import or a re-export writes the module it names: the string literal with its quotes where the source is
 * one (`'./a'`), else the source's own words (`a::b`, `github.com/x/y`). Line and columns are 1-based, columns in
 * UTF-16 code units, `endColumn` past the last (on the line the source starts on).
 */
export interface ModuleSource {
  /** The source as the import's `source` gives it. */
  source: string;
  line: number;
  column: number;
  endColumn: number;
}

/** A definition as the name table keeps it: where it is, what it is, and how it reads. */
export interface SummaryDefinition {
  name: string;
  kind: string;
  line: number;
  column: number;
  endLine: number;
  /** Its first line, trimmed. */
  preview: string;
  /** Callables: the signature (anything else reads as its preview). */
  signature?: string;
  /** The enclosing definition's name, or the receiver type. */
  scope?: string;
  isExported: boolean;
}

/** What the name table keeps of a file: its definitions outside function bodies and the names it references. */
export interface FileSummary {
  /** Definitions outside function bodies (not `require` bindings). */
  definitions: SummaryDefinition[];
  /** Every distinct name the file references, sorted by code unit (the name table looks names up by binary search). */
  references: string[];
  /** How many references (all of them, not distinct). */
  referenceCount: number;
}


/**
 * A preprocessor test as data: `['defined', name]`, `['id', name]` (a macro's value), `['num', n]`, `['!', c]`,
 * `[operator, a, b]` (`&&`, `||`, comparisons, arithmetic), `['?']` (what cannot be read: a function-like macro).
 */
export type Condition =
  | readonly ['defined' | 'id', string]
  | readonly ['num', number]
  | readonly ['!', Condition]
  | readonly ['?']
  | readonly [string, Condition, Condition];
