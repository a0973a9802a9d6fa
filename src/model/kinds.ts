/**
 * The one table of definition kinds: what each kind of `@definition.<kind>` is to every view (the analysis, search,
 * exports, the scanner's and the graph tool's wire names). Adding a kind touches this file only; a kind a query
 * invents that is not listed here (`table`, `selector`, `element_id`, ...) is an outline item.
 *
 * @module
 */

/** Where `analyzeFile` lists a top-level definition of a kind. */
export type KindCategory =
  /** `functions` */
  | 'function'
  /** `classes` (class-like: class, struct, trait, object, impl) */
  | 'class'
  /** `interfaces` (interface, type alias, enum) */
  | 'type'
  /** `constants` */
  | 'constant'
  /** members of a class or type: properties, fields, methods, constructors */
  | 'member'
  /** macros: function-like ones in `functions`, object-like ones in `constants`, both with `kind: 'macro'` */
  | 'macro'
  /** bindings made by `require`: never listed */
  | 'import'
  /** `outline`: modules, variables, and whatever markup and data languages define */
  | 'outline';

/** The Lace `code_analyze` spec's `SymbolMatch.type` of a kind, widened with what the spec's four values cannot say. */
export type SearchType = 'function' | 'class' | 'interface' | 'constant' | 'variable' | 'property' | 'macro' | 'module' | 'other';

/** The Lace `code_analyze` spec's `ExportInfo.type` of a kind (exports of a definition). */
export type ExportType = 'function' | 'class' | 'interface' | 'constant';

/** The Code Scanner's `symbol_type`s, in the spec's order (ctags' kinds; `any` besides). */
export const SCANNER_TYPES = ['function', 'class', 'method', 'variable', 'constant'] as const;

/** The Code Scanner's `symbol_type` a kind answers to (ctags' kinds). */
export type ScannerType = (typeof SCANNER_TYPES)[number];

/** The Graph-It-Live contract's node type of a kind in a call graph. */
export type GraphType = 'class' | 'function' | 'method' | 'variable';

/** Everything the views need to know about one kind. */
export interface KindInfo {
  category: KindCategory;
  searchType: SearchType;
  exportType: ExportType;
  /** Filters of the Code Scanner's `symbol_type` this kind passes (besides `any`). */
  scannerTypes: readonly ScannerType[];
  /** Signed with a parameter list: functions, methods, constructors, function-like macros. */
  callable: boolean;
  /** Its body is a function body: definitions inside it are locals. */
  functionLike: boolean;
  /** Its node type in the Graph-It-Live contract's graph, when it is a node there. */
  graphType?: GraphType;
  /** With `category: 'type'`: the `TypeInfo.kind`. */
  typeKind?: 'interface' | 'type' | 'enum';
  /**
   * `false` when a definition of this kind names something declared elsewhere (an `impl T`, `extension T`,
   * `defimpl P, for: T` block): it holds members of `T` but does not declare the name `T`.
   */
  declaresName?: false;
  /**
   * What a definition of this kind is when it has no parameter list: an object-like macro (`#define SIZE 64`) is a
   * constant of kind `macro`, a function-like one (`#define MAX(a, b) ...`) is callable.
   */
  withoutParameters?: Partial<KindInfo>;
}

const classLike = (scannerTypes: readonly ScannerType[] = ['class']): KindInfo => ({
  category: 'class',
  searchType: 'class',
  exportType: 'class',
  scannerTypes,
  callable: false,
  functionLike: false,
  graphType: 'class',
});

const typeLike = (typeKind: 'interface' | 'type' | 'enum'): KindInfo => ({
  category: 'type',
  searchType: 'interface',
  exportType: 'interface',
  scannerTypes: ['class'],
  callable: false,
  functionLike: false,
  graphType: 'class',
  typeKind,
});

// A Map, not an object literal: a kind named `constructor` must not find Object.prototype.constructor.
const KINDS = new Map<string, KindInfo>([
  ['function', { category: 'function', searchType: 'function', exportType: 'function', scannerTypes: ['function'], callable: true, functionLike: true, graphType: 'function' }],
  ['method', { category: 'member', searchType: 'function', exportType: 'function', scannerTypes: ['method'], callable: true, functionLike: true, graphType: 'method' }],
  ['constructor', { category: 'member', searchType: 'function', exportType: 'function', scannerTypes: ['method'], callable: true, functionLike: true, graphType: 'method' }],
  [
    'macro',
    {
      category: 'macro',
      searchType: 'macro',
      exportType: 'function',
      scannerTypes: ['function'],
      callable: true,
      functionLike: true,
      graphType: 'function',
      withoutParameters: { exportType: 'constant', scannerTypes: ['constant', 'variable'], callable: false, functionLike: false, graphType: 'variable' },
    },
  ],
  ['class', classLike()],
  ['struct', classLike()],
  ['trait', classLike()],
  ['object', classLike()],
  ['impl', { ...classLike(), declaresName: false }],
  ['interface', typeLike('interface')],
  ['type', typeLike('type')],
  ['enum', typeLike('enum')],
  ['constant', { category: 'constant', searchType: 'constant', exportType: 'constant', scannerTypes: ['constant', 'variable'], callable: false, functionLike: false, graphType: 'variable' }],
  ['variable', { category: 'outline', searchType: 'variable', exportType: 'constant', scannerTypes: ['variable'], callable: false, functionLike: false, graphType: 'variable' }],
  ['property', { category: 'member', searchType: 'property', exportType: 'constant', scannerTypes: ['variable'], callable: false, functionLike: false }],
  ['field', { category: 'member', searchType: 'property', exportType: 'constant', scannerTypes: ['variable'], callable: false, functionLike: false }],
  ['module', { category: 'outline', searchType: 'module', exportType: 'constant', scannerTypes: ['class'], callable: false, functionLike: false }],
  ['import', { category: 'import', searchType: 'variable', exportType: 'constant', scannerTypes: [], callable: false, functionLike: false }],
]);

const OTHER: KindInfo = {
  category: 'outline',
  searchType: 'other',
  exportType: 'constant',
  scannerTypes: [],
  callable: false,
  functionLike: false,
};

/** What a kind is to every view; kinds not in the table are outline items. */
export function kindInfo(kind: string): KindInfo {
  return KINDS.get(kind) ?? OTHER;
}

/**
 * The declaration space a definition or binding of a kind names, where a language names types and values apart
 * (TypeScript): a type only (an interface, a type alias, a type parameter), a value only (a function, a constant, a
 * variable, a member), or both (a class, an enum, a namespace, an import, and the kinds of no space: a parameter).
 */
export function declarationSpace(kind: string): 'type' | 'value' | 'both' {
  if (kind === 'type_parameter') return 'type';
  const info = kindInfo(kind);
  if (info.category === 'type') return info.typeKind === 'enum' ? 'both' : 'type';
  if (info.category === 'class' || info.category === 'import' || kind === 'module') return 'both';
  return info.category === 'outline' && kind !== 'variable' ? 'both' : 'value';
}

/** The kinds of the table a Code Scanner `symbol_type` answers to (a kind not in the table answers to none). */
export function kindsOfScannerType(type: ScannerType): string[] {
  return [...KINDS].filter(([, info]) => info.scannerTypes.includes(type)).map(([kind]) => kind);
}

/**
 * What one definition is: its kind's entry, or, for a kind whose parameter list decides (macros), what it is without
 * one.
 */
export function definitionKindInfo(kind: string, hasParameterList: boolean): KindInfo {
  const info = kindInfo(kind);
  return !hasParameterList && info.withoutParameters ? { ...info, ...info.withoutParameters } : info;
}

/**
 * The `kind` filters of `searchSymbols`, each accepting the kinds {@link kindMatchesFilter} says; a precise kind
 * (`enum`, `struct`, ...) is a filter too, accepting itself.
 */
export const KIND_FILTERS = ['function', 'method', 'class', 'interface', 'constant', 'variable', 'any'] as const;

/**
 * The kinds a Lace `code_analyze` / library `kind` filter (`function`, `method`, `class`, `interface`, `constant`, ...)
 * accepts.
 */
export function kindMatchesFilter(kind: string, filter: string): boolean {
  if (filter === 'any' || filter === kind) return true;
  const info = kindInfo(kind);
  switch (filter) {
    case 'function':
      return kind === 'function' || kind === 'macro';
    case 'method':
      return kind === 'constructor';
    case 'class':
      return info.category === 'class';
    case 'interface':
      return info.category === 'type';
    case 'constant':
    case 'variable':
      return kind === 'constant' || kind === 'variable';
    default:
      return false;
  }
}
