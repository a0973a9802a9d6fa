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
export const FACTS_VERSION = 1;

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
  /** Constructors: the parameters declared with modifiers (`constructor(private db: Db)`), as properties. */
  parameterProperties?: PropertyInfo[];
  doc?: string;
}

/** One reference (`@reference.<kind>`, and the names of imports and exports). */
export interface Reference {
  name: string;
  /** `call`, `class`, `type`, `implementation`, `interface`, `import`, `reexport`, `export`, ... */
  kind: string;
  line: number;
  column: number;
  /** Index of the innermost definition the reference sits in (the caller of a call). */
  enclosing?: number;
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
  /** The trimmed text (at most 200 characters) of every line a definition or reference is on, by line. */
  previews: Record<number, string>;
  /** In source order. */
  definitions: Definition[];
  /** In source order. */
  references: Reference[];
  imports: ImportInfo[];
  exports: ExportInfo[];
  outline: OutlineFacts;
  /** Syntax errors (the first 50) and their exact count. */
  errors: SyntaxErrorInfo[];
  errorCount: number;
  /** Decoding and language warnings (not `TS_PARSE_ERRORS`, which the views derive from `errorCount`). */
  warnings: Diagnostic[];
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
  /** Every distinct name the file references. */
  references: string[];
  /** How many references (all of them, not distinct). */
  referenceCount: number;
}

