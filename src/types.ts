/**
 * The plain-data results of code-index: what `analyzeFile`, `getSignatures`, `listExports` and `parse` return.
 *
 * Shapes follow the Lace `code_analyze` spec field for field; everything beyond the spec is an optional, documented
 * addition. Paths are root-relative with `/`; lines and columns are 1-based; columns count UTF-16 code units
 * (JavaScript string indices), as editors do.
 *
 * The shapes live by kind in src/types/: definitions, analysis (imports, exports, signatures, the whole file),
 * navigation, stats and call graphs. This module names each of them once, for the library's entry and its helpers.
 *
 * @module
 */
export type {
  ClassInfo,
  ConstantInfo,
  FunctionInfo,
  ParameterInfo,
  PropertyInfo,
  TypeInfo,
} from './types/definitions.js';
export type {
  CodeBlockInfo,
  Diagnostic,
  ExportInfo,
  FileAnalysis,
  HeadingInfo,
  ImportInfo,
  ImportItem,
  KeyInfo,
  LinkInfo,
  OutlineItem,
  ParsedSymbol,
  ParseResult,
  SignatureInfo,
  SyntaxErrorInfo,
} from './types/analysis.js';
export type {
  DefinitionLocation,
  DefinitionsResult,
  HoverResult,
  IdentifierAt,
  Position,
  PositionQuery,
  ReferenceLocation,
  ReferencesOptions,
  ReferencesPartial,
  ReferencesResult,
  Resolution,
  SearchScope,
  SymbolDefinition,
  SymbolMatch,
  SymbolReference,
  SymbolSearchOptions,
  SymbolSearchResult,
} from './types/navigation.js';
export type { IndexStats } from './types/stats.js';
export type {
  ChangedFile,
  ChangeImpact,
  ChangesOptions,
  ChangesResult,
  DefinitionChange,
  DefinitionChangeKind,
  ImpactCaller,
  ImpactFile,
  ImpactUse,
} from './types/changes.js';
export type {
  CallGraph,
  CallGraphEdge,
  CallGraphNode,
  CallGraphOptions,
  CallHierarchyItem,
  CallHierarchyOptions,
  CallHierarchyResult,
} from './types/call-graph.js';
