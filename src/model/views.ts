/**
 * Views of a file's facts: the Lace `code_analyze` spec's analysis (functions, classes, interfaces, constants,
 * imports, exports, outline), signatures, the `parse` symbols and the navigation tags. Pure projections of plain
 * data: nothing here reads a file or a tree, and nothing is decided twice (exports were resolved by extraction).
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import type {
  ClassInfo,
  ConstantInfo,
  Diagnostic,
  FileAnalysis,
  FunctionInfo,
  OutlineItem,
  ParsedSymbol,
  PropertyInfo,
  SignatureInfo,
  SymbolDefinition,
  SymbolReference,
  TypeInfo,
} from '../types.js';
import type { Definition, FileFacts, FileSummary, Reference, SummaryDefinition } from './facts.js';
import { definitionKindInfo, kindInfo } from './kinds.js';

/** Top-level: not local, and not inside anything but a module. */
export function isTopLevel(facts: FileFacts, def: Definition): boolean {
  if (def.local) return false;
  const container = def.parent === undefined ? undefined : facts.definitions[def.parent];
  return !container || container.kind === 'module';
}

/** The name a definition is scoped by: its container (a class, a namespace) or its receiver type. */
export function scopeOf(facts: FileFacts, def: Definition): string | undefined {
  const container = def.parent === undefined ? undefined : facts.definitions[def.parent];
  return container?.name ?? def.receiver;
}

function visibleModifiers(def: Definition): string[] | undefined {
  const list = (def.modifiers ?? []).filter((modifier) => modifier !== 'async' && modifier !== 'generator');
  return list.length > 0 ? list : undefined;
}

function functionInfo(def: Definition): FunctionInfo {
  const info: FunctionInfo = {
    name: def.name,
    parameters: def.parameters ?? [],
    isAsync: def.modifiers?.includes('async') ?? false,
    isExported: def.exported === true,
    line: def.line,
    column: def.column,
    endLine: def.endLine,
    signature: def.signature ?? def.name,
  };
  if (def.kind === 'macro') info.kind = 'macro';
  if (def.returnType) info.returnType = def.returnType;
  if (def.typeParameters) info.typeParameters = def.typeParameters;
  const modifiers = visibleModifiers(def);
  if (modifiers) info.modifiers = modifiers;
  if (def.generator) info.isGenerator = true;
  if (def.declarationOnly) info.isDeclarationOnly = true;
  if (def.decorators) info.decorators = def.decorators;
  if (def.doc) info.doc = def.doc;
  return info;
}

function propertyInfo(def: Definition): PropertyInfo {
  const info: PropertyInfo = { name: def.name, optional: def.optional === true, line: def.line, column: def.column };
  if (def.type) info.type = def.type;
  if (def.value) info.value = def.value;
  const modifiers = visibleModifiers(def);
  if (modifiers) info.modifiers = modifiers;
  if (def.decorators) info.decorators = def.decorators;
  if (def.doc) info.doc = def.doc;
  return info;
}

function constantInfo(def: Definition): ConstantInfo {
  const info: ConstantInfo = { name: def.name, isExported: def.exported === true, line: def.line, column: def.column };
  if (def.kind === 'macro') info.kind = 'macro';
  if (def.type) info.type = def.type;
  if (def.value) info.value = def.value;
  if (def.doc) info.doc = def.doc;
  return info;
}

/** Members of each definition, and the extra bases of types that `impl` blocks gave them. */
interface Members {
  of: Map<number, number[]>;
  implementsOf: Map<number, string[]>;
  absorbed: Set<number>;
}

/**
 * Members by container; members declared apart from their type (Rust `impl T { ... }`, Go methods with a receiver
 * `(s *T)`) join the class-like definition of that name in the file.
 */
function membersOf(facts: FileFacts): Members {
  const defs = facts.definitions;
  const of = new Map<number, number[]>();
  const add = (owner: number, member: number) => {
    const list = of.get(owner);
    if (list) list.push(member);
    else of.set(owner, [member]);
  };
  defs.forEach((def, i) => {
    if (def.parent !== undefined && !def.local) add(def.parent, i);
  });
  const byName = new Map<string, number>();
  defs.forEach((def, i) => {
    const category = kindInfo(def.kind).category;
    if (isTopLevel(facts, def) && (category === 'class' || category === 'type') && def.kind !== 'impl' && !byName.has(def.name)) {
      byName.set(def.name, i);
    }
  });
  const implementsOf = new Map<number, string[]>();
  const absorbed = new Set<number>();
  defs.forEach((def, i) => {
    if (!isTopLevel(facts, def)) return;
    if (def.kind === 'impl') {
      const owner = byName.get(def.name);
      if (owner === undefined) return;
      for (const member of of.get(i) ?? []) add(owner, member);
      if (def.implements) implementsOf.set(owner, [...(implementsOf.get(owner) ?? []), ...def.implements]);
      absorbed.add(i);
    } else if (def.receiver) {
      const owner = byName.get(def.receiver);
      if (owner === undefined) return;
      add(owner, i);
      absorbed.add(i);
    }
  });
  return { of, implementsOf, absorbed };
}

function classInfo(facts: FileFacts, index: number, members: Members): ClassInfo {
  const def = facts.definitions[index] as Definition;
  // `constructor` is set as an own property (undefined until found) so that it never reads as the inherited
  // Object.prototype.constructor; JSON leaves it out when undefined.
  const info = {
    constructor: undefined,
    name: def.name,
    methods: [],
    properties: [],
    isExported: def.exported === true,
    line: def.line,
    column: def.column,
    endLine: def.endLine,
  } as unknown as ClassInfo;
  if (def.kind !== 'class') info.kind = def.kind;
  const constructors: FunctionInfo[] = [];
  for (const m of members.of.get(index) ?? []) {
    const member = facts.definitions[m] as Definition;
    const category = kindInfo(member.kind).category;
    if (category === 'class' && member.kind !== 'impl') (info.classes ??= []).push(classInfo(facts, m, members));
    else if (category === 'type') (info.interfaces ??= []).push(typeInfo(facts, m, members));
    else if (member.kind === 'method') info.methods.push(functionInfo(member));
    else if (member.kind === 'constructor') {
      constructors.push(functionInfo(member));
      info.properties.push(...(member.parameterProperties ?? []));
    } else if (member.kind === 'property' || member.kind === 'field') info.properties.push(propertyInfo(member));
  }
  info.properties.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  if (constructors.length > 0) {
    info.constructor = constructors.find((ctor) => !ctor.isDeclarationOnly) ?? constructors[0];
    if (constructors.length > 1) info.constructors = constructors;
  }
  const base = def.extends?.[0];
  if (base) info.extends = base;
  const implemented = [...(def.implements ?? []), ...(members.implementsOf.get(index) ?? [])];
  if (implemented.length > 0) info.implements = implemented;
  if (def.modifiers?.includes('abstract')) info.isAbstract = true;
  if (def.typeParameters) info.typeParameters = def.typeParameters;
  if (def.decorators) info.decorators = def.decorators;
  if (def.doc) info.doc = def.doc;
  return info;
}

function typeInfo(facts: FileFacts, index: number, members: Members): TypeInfo {
  const def = facts.definitions[index] as Definition;
  const info: TypeInfo = {
    name: def.name,
    kind: kindInfo(def.kind).typeKind ?? 'type',
    isExported: def.exported === true,
    line: def.line,
    column: def.column,
    endLine: def.endLine,
  };
  const memberDefs = (members.of.get(index) ?? []).map((m) => facts.definitions[m] as Definition);
  const properties = memberDefs.filter((m) => m.kind === 'property' || m.kind === 'field').map(propertyInfo);
  const methods = memberDefs.filter((m) => m.kind === 'method').map(functionInfo);
  if (properties.length > 0 || def.kind === 'interface' || def.kind === 'enum') info.properties = properties;
  if (methods.length > 0) info.methods = methods;
  if (def.extends) info.extends = def.extends;
  if (def.kind === 'type' && def.value) info.value = def.value;
  if (def.typeParameters) info.typeParameters = def.typeParameters;
  if (def.doc) info.doc = def.doc;
  return info;
}

/** Kinds listed as members (of a class, or of an outline definition such as a table). */
function isMemberKind(kind: string): boolean {
  const category = kindInfo(kind).category;
  return category === 'member' || category === 'function';
}

/**
 * Definitions no other category holds: modules and namespaces, and what markup and data languages define (SQL
 * tables and views, CSS selectors, HTML element ids), with the members of such definitions (a table's columns).
 */
function outlineOf(facts: FileFacts): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (const def of facts.definitions) {
    if (def.local) continue;
    const container = def.parent === undefined ? undefined : facts.definitions[def.parent];
    const ownCategory = kindInfo(def.kind).category !== 'outline';
    const memberOfOther =
      isMemberKind(def.kind) && container && container.kind !== 'module' && kindInfo(container.kind).category === 'outline';
    if (ownCategory && !memberOfOther) continue;
    const item: OutlineItem = { kind: def.kind, name: def.name, line: def.line, column: def.column, endLine: def.endLine };
    if (container) item.container = container.name;
    if (def.type) item.type = def.type;
    if (def.doc) item.doc = def.doc;
    items.push(item);
  }
  return items;
}

/** The warnings of a file: decoding and language warnings, and `TS_PARSE_ERRORS` when it has syntax errors. */
export function warningsOf(facts: FileFacts): Diagnostic[] {
  const warnings = [...facts.warnings];
  const count = facts.errorCount;
  if (count > 0) {
    warnings.push({
      code: ErrorCode.TS_PARSE_ERRORS,
      message: `File parsed with ${count} syntax error${count === 1 ? '' : 's'} (results may be incomplete)`,
      details: { error_count: count, errors: facts.errors },
    });
  }
  return warnings;
}

const analyses = new WeakMap<FileFacts, FileAnalysis>();

/** The complete structure of a file (the Lace `code_analyze` spec's `FileAnalysis`). Computed once per facts object. */
export function analysisOf(file: string, facts: FileFacts): FileAnalysis {
  const cached = analyses.get(facts);
  if (cached && cached.file === file) return cached;
  const members = membersOf(facts);
  const functions: FunctionInfo[] = [];
  const classes: ClassInfo[] = [];
  const interfaces: TypeInfo[] = [];
  const constants: ConstantInfo[] = [];
  facts.definitions.forEach((def, i) => {
    if (!isTopLevel(facts, def) || members.absorbed.has(i)) return;
    const category = kindInfo(def.kind).category;
    if (def.kind === 'function' || (def.kind === 'method' && def.receiver)) functions.push(functionInfo(def));
    else if (def.kind === 'macro') {
      if (def.parameters) functions.push(functionInfo(def));
      else constants.push(constantInfo(def));
    }
    else if (category === 'class') classes.push(classInfo(facts, i, members));
    else if (category === 'type') interfaces.push(typeInfo(facts, i, members));
    else if (category === 'constant') constants.push(constantInfo(def));
  });
  const outline = outlineOf(facts);
  const analysis: FileAnalysis = {
    file,
    language: facts.language,
    functions,
    classes,
    interfaces,
    exports: facts.exports,
    imports: facts.imports,
    constants,
    ...(outline.length > 0 ? { outline } : {}),
    ...facts.outline,
    errors: facts.errors,
    warnings: warningsOf(facts),
  };
  analyses.set(facts, analysis);
  return analysis;
}

/**
 * Signatures of every function, method, constructor and macro outside function bodies (the Lace `code_analyze`
 * spec's `SignatureInfo`).
 */
export function signaturesOf(facts: FileFacts): SignatureInfo[] {
  const result: SignatureInfo[] = [];
  for (const def of facts.definitions) {
    if (def.local || !definitionKindInfo(def.kind, def.parameters !== undefined).callable) continue;
    if (def.kind !== 'function' && def.kind !== 'macro' && def.parent === undefined && !def.receiver) continue;
    const container = def.parent === undefined ? undefined : facts.definitions[def.parent];
    const owner = container && container.kind !== 'module' ? container.name : def.receiver;
    const signature: SignatureInfo = {
      name: owner ? `${owner}.${def.name}` : def.name,
      parameters: def.parameters ?? [],
      line: def.line,
      signature: def.signature ?? def.name,
      kind: def.kind as SignatureInfo['kind'],
    };
    if (def.returnType) signature.returnType = def.returnType;
    if (def.doc) signature.doc = def.doc;
    result.push(signature);
  }
  return result;
}

/** Definitions for the `parse` result: everything outside function bodies. */
export function symbolsOf(facts: FileFacts): ParsedSymbol[] {
  return facts.definitions
    .filter((def) => !def.local && def.kind !== 'import')
    .map((def) => {
      const container = def.parent === undefined ? undefined : facts.definitions[def.parent];
      return { name: def.name, kind: def.kind, line: def.line, column: def.column, ...(container ? { scope: container.name } : {}) };
    });
}

/** One definition as a navigation tag. */
export function tagOf(facts: FileFacts, def: Definition): SymbolDefinition {
  const preview = facts.previews[def.line] ?? '';
  const tag: SymbolDefinition = {
    name: def.name,
    kind: def.kind,
    line: def.line,
    column: def.column,
    endLine: def.endLine,
    signature: kindInfo(def.kind).callable ? (def.signature ?? preview) : preview,
    preview,
    isExported: def.exported === true,
    isLocal: def.local === true,
  };
  const scope = scopeOf(facts, def);
  if (scope) tag.scope = scope;
  if (def.doc) tag.doc = def.doc;
  return tag;
}

/** Every definition (locals too, not `require` bindings) as navigation tags. */
export function definitionTagsOf(facts: FileFacts): SymbolDefinition[] {
  return facts.definitions.filter((def) => def.kind !== 'import').map((def) => tagOf(facts, def));
}

/** Every reference as a navigation tag. */
export function referenceTagsOf(facts: FileFacts): SymbolReference[] {
  return facts.references.map((ref) => ({
    name: ref.name,
    kind: ref.kind,
    line: ref.line,
    column: ref.column,
    preview: facts.previews[ref.line] ?? '',
  }));
}

/** What the name table keeps of a file's facts: definitions outside function bodies, and referenced names. */
export function summaryOf(facts: FileFacts): FileSummary {
  const definitions: SummaryDefinition[] = [];
  for (const def of facts.definitions) {
    if (!def.local && def.kind !== 'import') definitions.push(summaryDefinitionOf(facts, def));
  }
  // A name bound to a local (a parameter, a variable in a body) refers to nothing outside the file.
  const names = new Set<string>();
  for (const ref of facts.references) if (!isLocalUse(facts, ref)) names.add(ref.name);
  return { definitions, references: [...names].sort(), referenceCount: facts.references.length };
}

function isLocalUse(facts: FileFacts, ref: Reference): boolean {
  if (ref.binding === undefined) return false;
  const binding = facts.bindings[ref.binding];
  // A parameter or a variable of a body; a member of a class (bound bare inside its class body) is no local.
  return binding !== undefined && !binding.top && binding.import === undefined && (binding.def === undefined || facts.definitions[binding.def]?.local === true);
}

/** One definition as the name table keeps it. */
export function summaryDefinitionOf(facts: FileFacts, def: Definition): SummaryDefinition {
  const summary: SummaryDefinition = {
    name: def.name,
    kind: def.kind,
    line: def.line,
    column: def.column,
    endLine: def.endLine,
    preview: facts.previews[def.line] ?? '',
    isExported: def.exported === true,
  };
  if (kindInfo(def.kind).callable && def.signature !== undefined) summary.signature = def.signature;
  const scope = scopeOf(facts, def);
  if (scope) summary.scope = scope;
  return summary;
}
