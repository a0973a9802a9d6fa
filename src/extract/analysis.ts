/**
 * Facts -> the seed 000 data types: functions, classes, interfaces, constants, imports, exports, signatures,
 * and the outline of data and document languages.
 *
 * @module
 */
import type { SignatureStyle } from '../languages/define.js';
import type { Node } from '../runtime/tree-sitter.js';
import type {
  OutlineItem,
  ClassInfo,
  CodeBlockInfo,
  ConstantInfo,
  ExportInfo,
  FileAnalysis,
  FunctionInfo,
  HeadingInfo,
  ImportInfo,
  KeyInfo,
  LinkInfo,
  ParameterInfo,
  ParsedSymbol,
  PropertyInfo,
  SignatureInfo,
  SymbolDefinition,
  SymbolReference,
  TypeInfo,
} from '../types.js';
import { type DefinitionFact, type FileFacts, type OutlineFact, type ParameterFact, sourceSpan, spanText } from './facts.js';
import { foldWhitespace, shorten } from './text.js';

/** The structural part of a {@link FileAnalysis} (everything but file, language, errors and warnings). */
export type AnalysisBody = Omit<FileAnalysis, 'file' | 'language' | 'errors' | 'warnings'>;

const CLASS_KINDS = new Set(['class', 'struct', 'trait', 'object', 'impl']);
// Maps, not object literals: a kind named `constructor` must not find Object.prototype.constructor.
const TYPE_KINDS = new Map<string, TypeInfo['kind']>([
  ['interface', 'interface'],
  ['type', 'type'],
  ['enum', 'enum'],
]);
const MAX_KEYS = 2000;
const MAX_KEY_DEPTH = 2;

function lineOf(def: DefinitionFact): number {
  return (def.nameNode ?? def.node).startPosition.row + 1;
}

function columnOf(def: DefinitionFact): number {
  return (def.nameNode ?? def.node).startPosition.column + 1;
}

function endLineOf(node: Node): number {
  return node.endPosition.column === 0 && node.endPosition.row > node.startPosition.row
    ? node.endPosition.row
    : node.endPosition.row + 1;
}

function contentText(node: Node): string {
  // A clause node (`extends A<T>`) reads as its named children; any other node as its text.
  const named = node.namedChildren;
  const firstChild = named[0];
  const lastChild = named.at(-1);
  if (!firstChild || !lastChild || node.firstChild?.isNamed) return foldWhitespace(node.text);
  const text = node.text;
  return foldWhitespace(text.slice(firstChild.startIndex - node.startIndex, lastChild.endIndex - node.startIndex));
}

function parameterInfo(param: ParameterFact): ParameterInfo {
  const name = foldWhitespace((param.name ?? param.node).text);
  const info: ParameterInfo = { name, optional: param.optional || param.rest || param.defaultValue !== undefined };
  if (param.type) info.type = spanText(param.type, param.typeParts);
  if (param.defaultValue) info.defaultValue = shorten(param.defaultValue.text);
  if (param.rest) info.isRest = true;
  return info;
}

function parameterText(param: ParameterInfo, style: SignatureStyle, raw: ParameterFact): string {
  const modifiers = raw.modifiers.length > 0 ? `${raw.modifiers.join(' ')} ` : '';
  const marker = raw.optional && !param.defaultValue ? '?' : '';
  const type = param.type ? `${style.typeSeparator ?? ': '}${param.type}` : '';
  const value = param.defaultValue !== undefined ? ` = ${param.defaultValue}` : '';
  // A keyword prefix takes a space (Kotlin `vararg xs`), a symbol does not (`*args`, `...xs`).
  const prefix = raw.prefix?.text;
  const rest = prefix !== undefined ? (/\w$/.test(prefix) ? `${prefix} ` : prefix) : param.isRest ? '...' : '';
  return `${modifiers}${rest}${param.name}${marker}${type}${value}`;
}

/**
 * A parameter as written: the source from its first to its last captured part, which may lie outside the
 * parameter node (Kotlin's `= 4` default and `vararg` modifier; C#'s bare `params T[] xs`).
 */
function parameterSource(param: ParameterFact): string {
  return sourceSpan([param.node, param.prefix, param.name, param.type, ...param.typeParts, param.defaultValue]);
}

/**
 * A type completed by C's declarator: `char` with `*name[4]` is `char *[4]`; a function's return type `T` with
 * `*f(int) const` is `T *` (the declarator minus the name and its parameter list).
 */
function declaredType(def: DefinitionFact, base: Node | undefined, ofFunction: boolean): string | undefined {
  if (!base) return undefined;
  const declarator = def.declarator;
  const parts = ofFunction ? def.returnTypeParts : def.typeParts;
  if (!declarator || !def.nameNode) return spanText(base, parts);
  let cut: Node = def.nameNode;
  const parameters = def.parameterLists[0];
  if (ofFunction && parameters) {
    // The smallest node holding both the name and the parameters (C's function_declarator).
    let node: Node | null = parameters;
    while (node && node.startIndex > def.nameNode.startIndex) node = node.parent;
    if (node && node.endIndex <= declarator.endIndex) cut = node;
  }
  const baseText = sourceSpan([base, ...parts]);
  if (cut.startIndex < declarator.startIndex || cut.endIndex > declarator.endIndex) return foldWhitespace(baseText);
  const text = declarator.text;
  const start = cut.startIndex - declarator.startIndex;
  const suffix = text.slice(0, start) + text.slice(start + (cut.endIndex - cut.startIndex));
  // `char name[4]` is `char[4]`; `char *name` is `char *`.
  const trimmed = suffix.trim();
  return foldWhitespace(trimmed.startsWith('[') ? `${baseText}${trimmed}` : `${baseText} ${trimmed}`);
}

/** One parameter list as written in a signature. */
function parameterListText(params: ParameterFact[], style: SignatureStyle): string {
  const list = style.parameterList ?? { open: '(', separator: ', ', close: ')' };
  let text: string;
  if (style.parameters === 'composed') {
    text = params.map((param) => parameterText(parameterInfo(param), style, param)).join(list.separator);
  } else {
    // As written; parameters that share a node (Go's `a, b int`) are written once.
    const written: string[] = [];
    let previous: number | undefined;
    for (const param of params) {
      if (param.node.id !== previous) written.push(shorten(parameterSource(param)));
      previous = param.node.id;
    }
    text = written.join(list.separator);
  }
  // A space-opened list (OCaml) writes nothing at all for no parameters.
  return text === '' && list.open.trim() === '' ? '' : `${list.open}${text}${list.close}`;
}

function signatureOf(def: DefinitionFact, style: SignatureStyle): string {
  const typeParameters = def.typeParameters ? foldWhitespace(def.typeParameters.text) : '';
  let parameterList: string;
  if (def.parameterLists.length > 1) {
    // Several lists (Scala's `(a: Int)(implicit ec: EC)`): each with its own parameters.
    const listOf = (param: ParameterFact) =>
      def.parameterLists.find((list) => list.id === param.node.id || list.id === param.node.parent?.id);
    parameterList = def.parameterLists
      .map((list) => parameterListText(def.params.filter((param) => listOf(param) === list), style))
      .join('');
  } else if (def.parameterLists.length === 0 && def.params.length === 0 && style.omitMissingParameterList) {
    parameterList = '';
  } else parameterList = parameterListText(def.params, style);
  const returnType = declaredType(def, def.returnType, true) ?? '';
  const name = def.qualifier ? `${foldWhitespace(def.qualifier.text)}.${def.name}` : def.name;
  if (style.typeIsWhole && returnType) return `${name}${style.returnSeparator ?? ' :: '}${returnType}`;
  if (style.returnTypeFirst) {
    const prefix = [style.typeParametersFirst ? typeParameters : '', returnType].filter(Boolean).join(' ');
    const generic = style.typeParametersFirst ? '' : typeParameters;
    // C writes the pointer with the name: `char *name(void)`.
    const space = prefix === '' || /[*&]$/.test(prefix) ? '' : ' ';
    return `${prefix}${space}${name}${generic}${parameterList}`;
  }
  const returns = returnType ? `${style.returnSeparator ?? ': '}${returnType}` : '';
  return `${name}${typeParameters}${parameterList}${returns}`;
}

function visibleModifiers(def: DefinitionFact): string[] | undefined {
  const list = def.modifiers.filter((modifier) => modifier !== 'async' && modifier !== 'generator');
  return list.length > 0 ? list : undefined;
}

function functionInfo(def: DefinitionFact, style: SignatureStyle): FunctionInfo {
  const info: FunctionInfo = {
    name: def.name,
    parameters: def.params.map(parameterInfo),
    isAsync: def.modifiers.includes('async'),
    isExported: def.exported,
    line: lineOf(def),
    column: columnOf(def),
    endLine: endLineOf(def.node),
    signature: signatureOf(def, style),
  };
  const returnType = declaredType(def, def.returnType, true);
  if (returnType) info.returnType = returnType;
  if (def.typeParameters) info.typeParameters = foldWhitespace(def.typeParameters.text);
  const modifiers = visibleModifiers(def);
  if (modifiers) info.modifiers = modifiers;
  if (def.isGenerator) info.isGenerator = true;
  if (!def.body) info.isDeclarationOnly = true;
  if (def.decorators.length > 0) info.decorators = def.decorators.map((d) => foldWhitespace(d.text));
  if (def.doc) info.doc = def.doc;
  return info;
}

function propertyInfo(def: DefinitionFact): PropertyInfo {
  const info: PropertyInfo = { name: def.name, optional: def.optional, line: lineOf(def), column: columnOf(def) };
  const type = declaredType(def, def.type, false);
  if (type) info.type = type;
  if (def.value) info.value = shorten(def.value.text);
  const modifiers = visibleModifiers(def);
  if (modifiers) info.modifiers = modifiers;
  if (def.decorators.length > 0) info.decorators = def.decorators.map((d) => foldWhitespace(d.text));
  if (def.doc) info.doc = def.doc;
  return info;
}

function parameterProperties(ctor: DefinitionFact): PropertyInfo[] {
  return ctor.params
    .filter((param) => param.modifiers.length > 0)
    .map((param) => {
      const nameNode = param.name ?? param.node;
      const info: PropertyInfo = {
        name: foldWhitespace(nameNode.text),
        optional: param.optional,
        modifiers: [...param.modifiers],
        isParameterProperty: true,
        line: nameNode.startPosition.row + 1,
        column: nameNode.startPosition.column + 1,
      };
      if (param.type) info.type = foldWhitespace(param.type.text);
      return info;
    });
}

/** The bare type name of a receiver or impl target: `*Server` and `Server[T]` name `Server`. */
function typeName(node: Node): string {
  return /[\p{L}_][\p{L}\p{N}_]*/u.exec(node.text.replace(/^[\s*&(]+/, ''))?.[0] ?? node.text;
}

function isTopLevel(def: DefinitionFact): boolean {
  return !def.isLocal && (!def.container || def.container.kind === 'module');
}

/** Builds the analysis body from a file's facts. */
export function buildAnalysis(facts: FileFacts, style: SignatureStyle = {}, conventionExports = false): AnalysisBody {
  const defs = facts.definitions;
  const members = new Map<DefinitionFact, DefinitionFact[]>();
  for (const def of defs) {
    if (!def.container || def.isLocal) continue;
    const list = members.get(def.container) ?? [];
    list.push(def);
    members.set(def.container, list);
  }

  const functions: FunctionInfo[] = [];
  const classes: ClassInfo[] = [];
  const interfaces: TypeInfo[] = [];
  const constants: ConstantInfo[] = [];
  // Members declared apart from their type: Rust `impl T { ... }` blocks and Go methods with a receiver `(s *T)`
  // join the class-like definition of that name in the file.
  const byName = new Map<string, DefinitionFact>();
  for (const def of defs) {
    const isType = CLASS_KINDS.has(def.kind) || TYPE_KINDS.has(def.kind);
    if (isTopLevel(def) && isType && def.kind !== 'impl' && !byName.has(def.name)) byName.set(def.name, def);
  }
  const attach = (owner: DefinitionFact, member: DefinitionFact) => {
    const list = members.get(owner) ?? [];
    list.push(member);
    members.set(owner, list);
  };
  const absorbed = new Set<DefinitionFact>();
  for (const def of defs) {
    if (def.kind === 'impl' && isTopLevel(def)) {
      const owner = byName.get(def.name);
      if (!owner) continue;
      for (const member of members.get(def) ?? []) attach(owner, member);
      for (const base of def.implements) owner.implements.push(base);
      absorbed.add(def);
    } else if (def.receiver && isTopLevel(def)) {
      const owner = byName.get(typeName(def.receiver));
      if (owner) {
        attach(owner, def);
        absorbed.add(def);
      }
    }
  }

  // Exports first: CommonJS `module.exports = Foo` marks `Foo` exported, which its entry below reports.
  const exports = buildExports(facts, style, conventionExports);
  for (const def of defs) {
    if (!isTopLevel(def) || absorbed.has(def)) continue;
    if (def.kind === 'function' || (def.kind === 'method' && def.receiver)) functions.push(functionInfo(def, style));
    else if (CLASS_KINDS.has(def.kind)) classes.push(classInfo(def, members.get(def) ?? [], style, members));
    else if (TYPE_KINDS.has(def.kind)) interfaces.push(typeInfo(def, members.get(def) ?? [], style));
    else if (def.kind === 'constant') constants.push(constantInfo(def));
  }
  const outline = buildOutline(defs);

  const body: AnalysisBody = {
    functions,
    classes,
    interfaces,
    exports,
    imports: buildImports(facts),
    constants,
  };
  if (outline.length > 0) body.outline = outline;
  addOutline(body, facts.outline);
  return body;
}

const MEMBER_KINDS = new Set(['property', 'field', 'method', 'function', 'constructor']);

function hasOwnCategory(kind: string): boolean {
  return (
    CLASS_KINDS.has(kind) || TYPE_KINDS.has(kind) || MEMBER_KINDS.has(kind) || kind === 'constant' || kind === 'import'
  );
}

/**
 * Definitions no other category holds: modules and namespaces, and what markup and data languages define (SQL
 * tables and views, CSS selectors, HTML element ids), with the members of such definitions (a table's columns).
 */
function buildOutline(defs: DefinitionFact[]): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (const def of defs) {
    if (def.isLocal) continue;
    // Its own kind has no category, or it is a member of such a definition (a table's column), not of a module.
    const container = def.container;
    const memberOfOther =
      MEMBER_KINDS.has(def.kind) && container && container.kind !== 'module' && !hasOwnCategory(container.kind);
    if (hasOwnCategory(def.kind) && !memberOfOther) continue;
    const item: OutlineItem = {
      kind: def.kind,
      name: def.name,
      line: lineOf(def),
      column: columnOf(def),
      endLine: endLineOf(def.node),
    };
    if (def.container) item.container = def.container.name;
    const type = declaredType(def, def.type, false);
    if (type) item.type = type;
    if (def.doc) item.doc = def.doc;
    items.push(item);
  }
  return items;
}

function classInfo(
  def: DefinitionFact,
  memberDefs: DefinitionFact[],
  style: SignatureStyle,
  membersOf: ReadonlyMap<DefinitionFact, DefinitionFact[]> = new Map(),
): ClassInfo {
  // `constructor` is set as an own property (undefined until found) so that it never reads as the inherited
  // Object.prototype.constructor; JSON leaves it out when undefined.
  const info = {
    constructor: undefined,
    name: def.name,
    methods: [],
    properties: [],
    isExported: def.exported,
    line: lineOf(def),
    column: columnOf(def),
    endLine: endLineOf(def.node),
  } as unknown as ClassInfo;
  if (def.kind !== 'class') info.kind = def.kind;
  const constructors: FunctionInfo[] = [];
  for (const member of memberDefs) {
    if (CLASS_KINDS.has(member.kind) && member.kind !== 'impl') {
      (info.classes ??= []).push(classInfo(member, membersOf.get(member) ?? [], style, membersOf));
    } else if (TYPE_KINDS.has(member.kind)) {
      (info.interfaces ??= []).push(typeInfo(member, membersOf.get(member) ?? [], style));
    } else if (member.kind === 'method') info.methods.push(functionInfo(member, style));
    else if (member.kind === 'constructor') {
      constructors.push(functionInfo(member, style));
      info.properties.push(...parameterProperties(member));
    } else if (member.kind === 'property' || member.kind === 'field') info.properties.push(propertyInfo(member));
  }
  info.properties.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  if (constructors.length > 0) {
    info.constructor = constructors.find((ctor) => !ctor.isDeclarationOnly) ?? constructors[0];
    if (constructors.length > 1) info.constructors = constructors;
  }
  const base = def.extends[0];
  if (base) info.extends = contentText(base);
  if (def.implements.length > 0) info.implements = def.implements.map(contentText);
  if (def.modifiers.includes('abstract')) info.isAbstract = true;
  if (def.typeParameters) info.typeParameters = foldWhitespace(def.typeParameters.text);
  if (def.decorators.length > 0) info.decorators = def.decorators.map((d) => foldWhitespace(d.text));
  if (def.doc) info.doc = def.doc;
  return info;
}

function typeInfo(def: DefinitionFact, memberDefs: DefinitionFact[], style: SignatureStyle): TypeInfo {
  const info: TypeInfo = {
    name: def.name,
    kind: TYPE_KINDS.get(def.kind) ?? 'type',
    isExported: def.exported,
    line: lineOf(def),
    column: columnOf(def),
    endLine: endLineOf(def.node),
  };
  const properties = memberDefs.filter((m) => m.kind === 'property' || m.kind === 'field').map(propertyInfo);
  const methods = memberDefs.filter((m) => m.kind === 'method').map((m) => functionInfo(m, style));
  if (properties.length > 0 || def.kind === 'interface' || def.kind === 'enum') info.properties = properties;
  if (methods.length > 0) info.methods = methods;
  if (def.extends.length > 0) info.extends = def.extends.map(contentText);
  if (def.kind === 'type' && def.value) info.value = shorten(def.value.text);
  if (def.typeParameters) info.typeParameters = foldWhitespace(def.typeParameters.text);
  if (def.doc) info.doc = def.doc;
  return info;
}

function constantInfo(def: DefinitionFact): ConstantInfo {
  const info: ConstantInfo = { name: def.name, isExported: def.exported, line: lineOf(def), column: columnOf(def) };
  const type = declaredType(def, def.type, false);
  if (type) info.type = type;
  if (def.value) info.value = shorten(def.value.text);
  if (def.doc) info.doc = def.doc;
  return info;
}

function buildImports(facts: FileFacts): ImportInfo[] {
  const imports: ImportInfo[] = [];
  for (const fact of facts.imports) {
    if (fact.source === undefined) continue;
    const kind = (fact.kind as ImportInfo['kind']) ?? (fact.items.length === 0 ? 'side-effect' : 'static');
    const info: ImportInfo = {
      source: fact.source,
      imports: fact.items.map((item) => ({
        name: item.name,
        ...(item.alias !== undefined ? { alias: item.alias } : {}),
        isDefault: item.isDefault,
        isNamespace: item.isNamespace,
        ...(item.typeOnly || fact.typeOnly ? { isTypeOnly: true } : {}),
      })),
      kind,
      line: fact.node.startPosition.row + 1,
    };
    if (fact.typeOnly) info.isTypeOnly = true;
    imports.push(info);
  }
  // `const x = require('m')` is matched both as a bare call and as a binding: keep the binding.
  return imports.filter(
    (info, index) =>
      !(
        info.kind === 'require' &&
        info.imports.length === 0 &&
        imports.some(
          (other, j) =>
            j !== index && other.source === info.source && other.line === info.line && other.imports.length > 0,
        )
      ),
  );
}

const EXPORT_TYPES = new Map<string, ExportInfo['type']>([
  ['function', 'function'],
  ['method', 'function'],
  ['class', 'class'],
  ['struct', 'class'],
  ['trait', 'class'],
  ['object', 'class'],
  ['impl', 'class'],
  ['interface', 'interface'],
  ['type', 'interface'],
  ['enum', 'interface'],
  ['constant', 'constant'],
  ['variable', 'constant'],
  ['module', 'constant'],
]);

function exportSignature(def: DefinitionFact, style: SignatureStyle): string {
  if (def.kind === 'function' || def.kind === 'method') return signatureOf(def, style);
  const typeParameters = def.typeParameters ? foldWhitespace(def.typeParameters.text) : '';
  const base = def.extends.length > 0 ? ` extends ${def.extends.map(contentText).join(', ')}` : '';
  return `${def.kind} ${def.name}${typeParameters}${base}`;
}

function buildExports(facts: FileFacts, style: SignatureStyle, conventionExports: boolean): ExportInfo[] {
  const result: ExportInfo[] = [];
  const topLevel = new Map<string, DefinitionFact>();
  for (const def of facts.definitions) if (isTopLevel(def) && !topLevel.has(def.name)) topLevel.set(def.name, def);
  const importedNames = new Map<string, { source: string; name: string }>();
  for (const fact of facts.imports) {
    if (fact.source === undefined) continue;
    for (const item of fact.items) importedNames.set(item.alias ?? item.name, { source: fact.source, name: item.name });
  }
  const seen = new Set<string>();
  const push = (info: ExportInfo) => {
    const key = `${info.name}\u0000${info.source ?? ''}\u0000${info.isDefault}`;
    if (seen.has(key)) return;
    seen.add(key);
    result.push(info);
  };
  const fromDefinition = (def: DefinitionFact, name: string, isDefault: boolean, line: number): ExportInfo => {
    const info: ExportInfo = {
      name,
      type: EXPORT_TYPES.get(def.kind) ?? 'constant',
      signature: exportSignature(def, style),
      isDefault,
      kind: def.kind,
      line,
    };
    if (name !== def.name) info.localName = def.name;
    return info;
  };

  // An explicit list of names (Python's `__all__`) overrides the convention: only what it names is exported.
  const explicitList = facts.exports.some((fact) => fact.items.length > 0 && fact.source === undefined);
  if (conventionExports && explicitList) {
    for (const def of facts.definitions) if (isTopLevel(def)) def.exported = false;
  }
  // Languages whose exports are a convention (Go, Rust, Python, ...): every exported top-level definition.
  if (conventionExports && !explicitList) {
    for (const def of facts.definitions) {
      if (def.exported && isTopLevel(def) && !def.receiver) push(fromDefinition(def, def.name, false, lineOf(def)));
    }
  }

  for (const fact of facts.exports) {
    // Exports inside a namespace belong to the namespace, not to the file.
    if (enclosingDefinition(fact.node, facts)) continue;
    const line = fact.node.startPosition.row + 1;
    let declared = false;
    for (const def of facts.definitions) {
      if (!def.exported || def.isLocal || def.container) continue;
      if (!fact.declarations.some((d) => d.id === def.node.id || def.wrappers.some((w) => w.id === d.id))) continue;
      declared = true;
      def.exported = true;
      push({
        ...fromDefinition(def, def.name, fact.isDefault, lineOf(def)),
        ...(fact.typeOnly ? { isTypeOnly: true } : {}),
      });
    }
    if (fact.isDefault && !declared) {
      const value = fact.declarations[0];
      const local = value ? topLevel.get(value.text) : undefined;
      if (local) {
        local.exported = true;
        push(fromDefinition(local, local.name, true, line));
      } else
        push({
          name: 'default',
          type: 'default',
          isDefault: true,
          line,
          ...(value ? { signature: shorten(value.text) } : {}),
        });
    }
    if (fact.all) {
      push({
        name: fact.namespace ?? '*',
        type: 'reexport',
        isDefault: false,
        kind: 'namespace',
        source: fact.source ?? '',
        line,
      });
    } else if (fact.namespace !== undefined) {
      push({
        name: fact.namespace,
        type: 'reexport',
        isDefault: false,
        kind: 'namespace',
        source: fact.source ?? '',
        line,
      });
    }
    // `module.exports = { a, b }` lists its names as items; the object itself is not a separate export.
    if (fact.assignment && fact.items.length === 0) {
      // `module.exports = name`, or a definition written in place (`module.exports = class Cursor { ... }`).
      const local = topLevel.get(fact.assignment.text) ?? facts.definitionsByNode.get(fact.assignment.id);
      if (local) local.exported = true;
      push({
        name: 'export=',
        type: local ? (EXPORT_TYPES.get(local.kind) ?? 'constant') : 'default',
        isDefault: true,
        kind: local?.kind ?? 'value',
        ...(local
          ? { localName: local.name, signature: exportSignature(local, style) }
          : { signature: shorten(fact.assignment.text) }),
        line,
      });
    }
    for (const item of fact.items) {
      const exported = item.alias ?? item.name;
      const isDefault = exported === 'default';
      if (fact.source !== undefined) {
        push({
          name: exported,
          type: 'reexport',
          isDefault,
          source: fact.source,
          ...(item.alias ? { localName: item.name } : {}),
          ...(fact.typeOnly ? { isTypeOnly: true } : {}),
          line,
        });
        continue;
      }
      const local = (item.value && definitionAt(item.value, facts)) ?? topLevel.get(item.value?.text ?? item.name);
      const imported = local ? undefined : importedNames.get(item.value?.text ?? item.name);
      if (local) {
        local.exported = true;
        push({ ...fromDefinition(local, exported, isDefault, line), ...(fact.typeOnly ? { isTypeOnly: true } : {}) });
      } else if (imported) {
        // An imported name exported again (`from .service import X` listed in `__all__`, `export { X }` of an import).
        push({
          name: exported,
          type: 'reexport',
          isDefault,
          source: imported.source,
          ...(imported.name !== exported ? { localName: imported.name } : {}),
          line,
        });
      } else {
        push({
          name: exported,
          type: 'constant',
          isDefault,
          ...(item.alias ? { localName: item.name } : {}),
          ...(item.value ? { signature: shorten(item.value.text) } : {}),
          line,
        });
      }
    }
  }
  return result;
}

function enclosingDefinition(node: Node, facts: FileFacts): DefinitionFact | undefined {
  return node.parent ? definitionAt(node.parent, facts) : undefined;
}

function definitionAt(node: Node, facts: FileFacts): DefinitionFact | undefined {
  for (let current: Node | null = node; current; current = current.parent) {
    const def = facts.definitionsByNode.get(current.id);
    if (def) return def;
  }
  return undefined;
}

/** Signatures of every function, method and constructor outside function bodies (seed 000 `SignatureInfo`). */
export function buildSignatures(facts: FileFacts, style: SignatureStyle = {}): SignatureInfo[] {
  const result: SignatureInfo[] = [];
  for (const def of facts.definitions) {
    if (def.isLocal || !(def.kind === 'function' || def.kind === 'method' || def.kind === 'constructor')) continue;
    if (def.kind !== 'function' && !def.container && !def.receiver) continue;
    const info = functionInfo(def, style);
    const owner =
      def.container && def.container.kind !== 'module'
        ? def.container.name
        : def.receiver
          ? typeName(def.receiver)
          : undefined;
    const qualified = owner ? `${owner}.${def.name}` : def.name;
    const signature: SignatureInfo = {
      name: qualified,
      parameters: info.parameters,
      line: info.line,
      signature: info.signature,
      kind: def.kind as 'function' | 'method' | 'constructor',
    };
    if (info.returnType) signature.returnType = info.returnType;
    if (info.doc) signature.doc = info.doc;
    result.push(signature);
  }
  return result;
}

/** Definitions for the `parse` result: everything outside function bodies. */
export function buildSymbols(facts: FileFacts): ParsedSymbol[] {
  return facts.definitions
    .filter((def) => !def.isLocal && def.kind !== 'import')
    .map((def) => ({
      name: def.name,
      kind: def.kind,
      line: lineOf(def),
      column: columnOf(def),
      ...(def.container ? { scope: def.container.name } : {}),
    }));
}

function capturedText(item: OutlineFact, name: string): string | undefined {
  const node = item.captures.get(name)?.[0];
  if (!node) return undefined;
  const strip = item.properties[`strip.${name}`];
  return strip ? node.text.replace(new RegExp(strip, 'g'), '') : node.text;
}

function addOutline(body: AnalysisBody, outline: OutlineFact[]): void {
  if (outline.length === 0) return;
  const keys: KeyInfo[] = [];
  const headings: HeadingInfo[] = [];
  const codeBlocks: CodeBlockInfo[] = [];
  const links: LinkInfo[] = [];
  const keyPaths = new Map<number, { path: string; depth: number }>();
  for (const item of outline) {
    const line = item.node.startPosition.row + 1;
    if (item.family === 'key') {
      const name = capturedText(item, 'key.name') ?? '';
      let parent: { path: string; depth: number } | undefined;
      for (let current = item.node.parent; current && !parent; current = current.parent)
        parent = keyPaths.get(current.id);
      const path = parent ? `${parent.path}.${name}` : name;
      const depth = (parent?.depth ?? 0) + 1;
      keyPaths.set(item.node.id, { path, depth });
      if (depth > MAX_KEY_DEPTH || keys.length >= MAX_KEYS) continue;
      const valueKind = item.properties.kind ?? 'value';
      const key: KeyInfo = { name, path, valueKind, depth, line };
      const value = item.captures.get('key.value')?.[0];
      if (value && valueKind !== 'object' && valueKind !== 'array') key.value = shorten(value.text);
      keys.push(key);
    } else if (item.family === 'heading') {
      headings.push({
        level: Number(item.properties.level ?? 1),
        text: foldWhitespace(capturedText(item, 'heading.text') ?? ''),
        line: (item.captures.get('heading.text')?.[0] ?? item.node).startPosition.row + 1,
      });
    } else if (item.family === 'code_block') {
      const language = capturedText(item, 'code_block.language');
      codeBlocks.push({ ...(language ? { language } : {}), line, endLine: endLineOf(item.node) });
    } else if (item.family === 'link') {
      links.push({
        text: foldWhitespace(capturedText(item, 'link.text') ?? ''),
        url: (capturedText(item, 'link.url') ?? '').trim(),
        kind: item.properties.kind ?? 'link',
        line,
      });
    }
  }
  if (keys.length > 0) body.keys = keys;
  if (headings.length > 0) body.headings = headings;
  if (codeBlocks.length > 0) body.codeBlocks = codeBlocks;
  if (links.length > 0) body.links = links;
}

const MAX_PREVIEW = 200;

function lineText(lines: string[], row: number): string {
  const text = (lines[row] ?? '').trim();
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1)}…` : text;
}

/** Splits source into lines once, for previews. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** The navigation tags of a file: every definition (locals too) and every reference, with previews. */
export function buildTags(
  facts: FileFacts,
  lines: string[],
  style: SignatureStyle = {},
): { definitions: SymbolDefinition[]; references: SymbolReference[] } {
  const definitions: SymbolDefinition[] = [];
  for (const def of facts.definitions) {
    if (def.kind === 'import') continue;
    const row = (def.nameNode ?? def.node).startPosition.row;
    const preview = lineText(lines, row);
    const isCallable = def.kind === 'function' || def.kind === 'method' || def.kind === 'constructor';
    const entry: SymbolDefinition = {
      name: def.name,
      kind: def.kind,
      line: row + 1,
      column: columnOf(def),
      endLine: endLineOf(def.node),
      signature: isCallable ? signatureOf(def, style) : preview,
      preview,
      isExported: def.exported,
      isLocal: def.isLocal,
    };
    if (def.container) entry.scope = def.container.name;
    else if (def.receiver) entry.scope = typeName(def.receiver);
    if (def.doc) entry.doc = def.doc;
    definitions.push(entry);
  }
  const references: SymbolReference[] = [];
  const add = (name: string, kind: string, node: Node) =>
    references.push({
      name,
      kind,
      line: node.startPosition.row + 1,
      column: node.startPosition.column + 1,
      preview: lineText(lines, node.startPosition.row),
    });
  for (const ref of facts.references) add(ref.name, ref.kind, ref.nameNode);
  for (const fact of facts.imports) {
    for (const item of fact.items) {
      if (item.isDefault || item.isNamespace || !item.node) continue;
      const nameNode = item.node.namedChildren[0] ?? item.node;
      add(item.name, 'import', nameNode);
    }
  }
  for (const fact of facts.exports) {
    for (const item of fact.items) add(item.name, fact.source !== undefined ? 'reexport' : 'export', item.node);
  }
  references.sort((a, b) => a.line - b.line || a.column - b.column);
  return { definitions, references };
}
