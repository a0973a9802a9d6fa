/**
 * code-index: structured code understanding for AI agents, from tree-sitter grammars running as WASM.
 *
 * The public API, listed by hand (no `export *`): the facade, the language registry, the error class, and the
 * result types. The agent tools are `code-index/tools` (and the host adapters, `code-index/mcp`, `code-index/vercel`,
 * ...): a script that only indexes and asks does not load them, nor zod, which they are built with (~60-70 ms of
 * every start).
 *
 * @packageDocumentation
 */

// Errors
export { CodeIndexError, ErrorCode, isCodeIndexError } from './errors.js';
// The facade
export {
  CodeIndex,
  type CodeIndexOptions,
  DEFAULT_MAX_FILE_SIZE,
  DEFAULT_PARSE_TIMEOUT_MS,
} from './code-index.js';
export type { WatchOptions } from './engine/watcher.js';
export {
  DEFAULT_MAP_TOKENS,
  MAX_MAP_TOKENS,
  type RepoMap,
  type RepoMapDefinition,
  type RepoMapFile,
  type RepoMapOptions,
} from './operations/repo-map.js';
export {
  DEFAULT_LIST_LIMIT,
  type DefinitionList,
  type DefinitionListOptions,
  MAX_LIST_LIMIT,
} from './operations/list-definitions.js';
// Structural queries (CodeIndex.query)
export type { QueryCapture } from './engine/query-file.js';
export type { StructuralMatch, StructuralQueryOptions, StructuralQueryResult } from './operations/query.js';
// SCIP export (CodeIndex.exportScip)
export type { ScipExportOptions } from './scip/export.js';
// The user cache: one store folder per root, listed and collected
export type { CacheFolder } from './engine/cache-folders.js';
export { type CacheCleanOptions, type CacheCleanResult, type CacheRemovalReason, cleanCaches, listCaches } from './engine/cache-collect.js';
export { bundledLanguages, createDefaultRegistry } from './languages/bundled.js';
// Languages
export {
  type AlternativeLanguage,
  type BindingVocabulary,
  type DocCommentStyle,
  type ExportRule,
  type ExternalPackage,
  defineLanguage,
  type GrammarSource,
  type LanguageDefinition,
  type PackageFile,
  type QuerySource,
  type ScipLanguage,
  type SignatureStyle,
} from './languages/define.js';
// Module systems: how a language's imports name files (a definition's `moduleSystem`)
export {
  type ArgumentTypes,
  type DeclarationPath,
  defineModuleSystem,
  type ModuleContext,
  type ModuleDeclaration,
  type ModuleSystem,
  type ModuleSystemDefinition,
} from './languages/module-system.js';
export type { Condition } from './model/facts.js';
export {
  type LanguageDetection,
  LanguageRegistry,
  type LanguageRegistryOptions,
  type LanguageStatus,
  type LoadedLanguage,
} from './languages/registry.js';

// Results
export type {
  CallGraph,
  CallGraphEdge,
  CallGraphNode,
  CallGraphOptions,
  CallHierarchyItem,
  CallHierarchyOptions,
  CallHierarchyResult,
  ChangedFile,
  ChangeImpact,
  ChangesOptions,
  ChangesResult,
  ClassInfo,
  CodeBlockInfo,
  ConstantInfo,
  DefinitionChange,
  DefinitionChangeKind,
  DefinitionLocation,
  DefinitionsResult,
  Diagnostic,
  ExportInfo,
  FileAnalysis,
  FunctionInfo,
  HeadingInfo,
  HoverResult,
  IdentifierAt,
  ImpactCaller,
  ImpactFile,
  ImpactUse,
  ImportInfo,
  IndexStats,
  ImportItem,
  KeyInfo,
  OutlineItem,
  LinkInfo,
  ParameterInfo,
  ParsedSymbol,
  ParseResult,
  Position,
  PositionQuery,
  PropertyInfo,
  ReferenceLocation,
  ReferencesOptions,
  ReferencesPartial,
  ReferencesResult,
  Resolution,
  SearchScope,
  SignatureInfo,
  SymbolDefinition,
  SymbolMatch,
  SymbolReference,
  SymbolSearchOptions,
  SymbolSearchResult,
  SyntaxErrorInfo,
  TypeInfo,
} from './types.js';
// What a change touches, rendered for an agent (CodeIndex.changes)
export { type RenderChangesOptions, renderChanges } from './render/changes.js';
// Graphs drawn: call graphs and hierarchies as Mermaid or Graphviz DOT
export { type DiagramFormat, drawGraph } from './render/diagram.js';
export { countTokens, TOKEN_ENCODING } from './tokens.js';
export { VERSION } from './version.js';
