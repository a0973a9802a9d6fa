/**
 * What a file exports, decided once: the definitions export statements declare, then the language's convention
 * (modifiers, name patterns; members follow their container), an explicit list of names overriding the convention
 * (Python's `__all__`), then the names export statements list, `module.exports`, default exports and re-exports.
 * Each step takes data and returns new data.
 *
 * @module
 */
import type { ExportRule, LanguageDefinition } from '../languages/define.js';
import { definitionKindInfo } from '../model/kinds.js';
import { addTo } from '../model/multimap.js';
import type { Node } from '../runtime/tree-sitter.js';
import type { ExportInfo } from '../types.js';
import type { RawCaptures, RawDefinition, RawExport } from './raw.js';
import { containerOf, listOfParameter, type Placed, spanOf } from './definitions.js';
import type { LineIndex } from './lines.js';
import { contentText, signatureOf, type Source } from './signatures.js';
import { innermost } from './spans.js';
import { foldWhitespace, shorten } from './text.js';

/** What a file exports. */
export interface Exports {
  /** The exports, in the order export statements (or the convention) give them, each name once. */
  entries: ExportInfo[];
  /** Indices of the exported definitions. */
  exported: Set<number>;
  /** Indices of the definitions exported as the default. */
  asDefault: Set<number>;
}

/** A convention: exports are what modifiers and names say (every rule but `declared`). */
type Convention = Exclude<ExportRule, 'declared'>;

/** What one part of an export statement says: its entries, and the definitions it names. */
interface Part {
  entries: ExportInfo[];
  exported: Placed[];
}

/** What the statements of a file are read against. */
interface Lookups {
  placed: readonly Placed[];
  /** The definitions each statement declares (`export class A`, `export const a = 1, b = 2`). */
  declaredBy: (fact: RawExport) => Placed[];
  /** Top-level definitions by name (the first of each). */
  topLevel: ReadonlyMap<string, Placed>;
  /** Imported names by their local name: the module and the name there. */
  importedNames: ReadonlyMap<string, { source: string; name: string }>;
  /** Definitions by node id. */
  byNode: ReadonlyMap<number, Placed>;
  /** The definition an exported value (`export { a }`'s `a` node) sits in, by the value's node id. */
  valueOwners: ReadonlyMap<number, Placed | undefined>;
  /** The line of a definition's name. */
  lineOf: (def: Placed) => number;
  /** The line of an offset. */
  lineAt: (offset: number) => number;
  /** A definition as an export. */
  fromDefinition: (def: Placed, name: string, isDefault: boolean, line: number) => ExportInfo;
  language: LanguageDefinition;
  source: Source;
}

/**
 * What the file exports. In: the placed definitions (parameters attached: signatures are written), the raw captures
 * (export statements, imports, type-only marks applied), the language's export rule. Out: the exports, and which
 * definitions are exported (as the default or not).
 */
export function resolveExports(placed: readonly Placed[], raw: RawCaptures, language: LanguageDefinition, lines: LineIndex, source: Source): Exports {
  const facts = [...raw.exports.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  const declaredBy = declarations(placed);
  const declared = declaredExports(facts, declaredBy);
  const rule = language.exports;
  const convention = rule !== undefined && rule !== 'declared' ? rule : undefined;
  // An explicit list of names (Python's `__all__`) overrides the convention: only what it names is exported.
  const explicitList = facts.some((fact) => fact.items.length > 0 && fact.source === undefined);
  const exported = convention ? conventionalExports(placed, convention, declared.exported, explicitList) : declared.exported;
  const lookups = lookupsOf(placed, raw, facts, declaredBy, language, lines, source);
  // Languages whose exports are a convention (Go, Rust, Python, ...): every exported top-level definition.
  const byConvention = convention && !explicitList ? conventionEntries(placed, exported, lookups) : [];
  const listed = statementExports(facts, lookups, exported);
  return { entries: unique([...byConvention, ...listed.entries]), exported: listed.exported, asDefault: declared.asDefault };
}

/** A definition at the file's top level (or in a module of it), not a local nor a member. */
function isTopLevel(placed: readonly Placed[], def: Placed): boolean {
  return !def.isLocal && (def.container === undefined || containerOf(placed, def)?.raw.kind === 'module');
}

/** The definitions an export statement declares: by the node it declares, the definition's own or a wrapper of it. */
function declarations(placed: readonly Placed[]): (fact: RawExport) => Placed[] {
  const byDeclared = new Map<number, Placed[]>();
  for (const def of placed) {
    for (const id of [def.raw.node.id, ...def.wrappers.map((w) => w.id)]) {
      if (id === undefined || byDeclared.get(id)?.includes(def)) continue;
      addTo(byDeclared, id, def);
    }
  }
  return (fact) => {
    const found = new Set<Placed>();
    for (const declaration of fact.declarations) for (const def of byDeclared.get(declaration.id) ?? []) found.add(def);
    return [...found].sort((a, b) => a.index - b.index);
  };
}

/** Step 1: the definitions export statements declare, and those declared as the default. */
function declaredExports(facts: readonly RawExport[], declaredBy: (fact: RawExport) => Placed[]): { exported: Set<number>; asDefault: Set<number> } {
  const exported = new Set<number>();
  const asDefault = new Set<number>();
  for (const fact of facts) {
    for (const def of declaredBy(fact)) {
      exported.add(def.index);
      if (fact.isDefault) asDefault.add(def.index);
    }
  }
  return { exported, asDefault };
}

/**
 * Step 2: the language's convention, over what the statements declared. In source order, so that members follow
 * their container: a public method of a private class is not part of the file's API. With an explicit list of names,
 * no top-level definition is exported by the convention.
 */
function conventionalExports(placed: readonly Placed[], rule: Convention, declared: ReadonlySet<number>, explicitList: boolean): Set<number> {
  const name = rule.namePattern ? new RegExp(rule.namePattern, 'u') : undefined;
  const unlessName = rule.unlessNamePattern ? new RegExp(rule.unlessNamePattern, 'u') : undefined;
  const exported = new Set(declared);
  for (const def of placed) {
    const raw = def.raw;
    if (def.isLocal || raw.kind === 'import') continue;
    if (def.container !== undefined && !exported.has(def.container)) continue;
    let isExported = rule.modifiers ? rule.modifiers.some((m) => raw.modifiers.includes(m)) : true;
    if (rule.unlessModifiers?.some((m) => raw.modifiers.includes(m))) isExported = false;
    if (name && !name.test(raw.name)) isExported = false;
    if (unlessName?.test(raw.name)) isExported = false;
    if (isExported) exported.add(def.index);
    else exported.delete(def.index);
  }
  if (explicitList) for (const def of placed) if (isTopLevel(placed, def)) exported.delete(def.index);
  return exported;
}

/** The tables statements are read against. */
function lookupsOf(
  placed: readonly Placed[],
  raw: RawCaptures,
  facts: readonly RawExport[],
  declaredBy: (fact: RawExport) => Placed[],
  language: LanguageDefinition,
  lines: LineIndex,
  source: Source,
): Lookups {
  const topLevel = new Map<string, Placed>();
  for (const def of placed) if (isTopLevel(placed, def) && !topLevel.has(def.raw.name)) topLevel.set(def.raw.name, def);
  const importedNames = new Map<string, { source: string; name: string }>();
  for (const fact of raw.imports.values()) {
    if (fact.source === undefined) continue;
    for (const item of fact.items) importedNames.set(item.alias ?? item.name, { source: fact.source, name: item.name });
  }
  const defSpans = placed.map((def) => ({ ...spanOf(def.raw.node), def }));
  const values = facts.flatMap((fact) => fact.items.map((item) => item.value).filter((v): v is Node => v !== undefined));
  const valueOwners = new Map<number, Placed | undefined>();
  innermost(defSpans, values.map((value) => ({ start: value.startIndex, end: value.endIndex }))).forEach((found, i) =>
    valueOwners.set((values[i] as Node).id, found?.def),
  );
  const fromDefinition = (def: Placed, name: string, isDefault: boolean, line: number): ExportInfo => {
    const info: ExportInfo = {
      name,
      type: definitionKindInfo(def.raw.kind, def.raw.parameterLists.length > 0).exportType,
      signature: exportSignature(def.raw, language, source),
      isDefault,
      kind: def.raw.kind,
      line,
    };
    if (name !== def.raw.name) info.localName = def.raw.name;
    return info;
  };
  return {
    placed,
    declaredBy,
    topLevel,
    importedNames,
    byNode: new Map(placed.map((def) => [def.raw.node.id, def])),
    valueOwners,
    lineOf: (def) => lines.position((def.raw.nameNode ?? def.raw.node).startIndex).line,
    lineAt: (offset) => lines.position(offset).line,
    fromDefinition,
    language,
    source,
  };
}

/** Step 3, for a convention without an explicit list: every exported top-level definition (methods with a receiver left out). */
function conventionEntries(placed: readonly Placed[], exported: ReadonlySet<number>, at: Lookups): ExportInfo[] {
  return placed
    .filter((def) => exported.has(def.index) && isTopLevel(placed, def) && !def.raw.receiver)
    .map((def) => at.fromDefinition(def, def.raw.name, false, at.lineOf(def)));
}

/**
 * Step 4: what each export statement of the file says (statements inside a namespace belong to the namespace, not to
 * the file), in source order. Out: the entries, and the exported definitions with those the statements name.
 */
function statementExports(facts: readonly RawExport[], at: Lookups, exported: ReadonlySet<number>): { entries: ExportInfo[]; exported: Set<number> } {
  const enclosing = innermost(
    at.placed.map((def) => ({ ...spanOf(def.raw.node), def })),
    facts.map((fact) => spanOf(fact.node)),
  );
  const entries: ExportInfo[] = [];
  const all = new Set(exported);
  facts.forEach((fact, i) => {
    if (enclosing[i]) return;
    const found = statementEntries(fact, at, all);
    entries.push(...found.entries);
    for (const def of found.exported) all.add(def.index);
  });
  return { entries, exported: all };
}

/** One export statement's entries, and the definitions it names. */
function statementEntries(fact: RawExport, at: Lookups, exported: ReadonlySet<number>): Part {
  const line = at.lineAt(fact.node.startIndex);
  const declared = at
    .declaredBy(fact)
    .filter((def) => exported.has(def.index) && !def.isLocal && def.container === undefined)
    .map((def) => ({ ...at.fromDefinition(def, def.raw.name, fact.isDefault, at.lineOf(def)), ...(fact.typeOnly ? { isTypeOnly: true } : {}) }));
  const parts = [
    fact.isDefault && declared.length === 0 ? defaultExport(fact, at, line) : undefined,
    fact.all || fact.namespace !== undefined ? { entries: [namespaceExport(fact, line)], exported: [] } : undefined,
    // `module.exports = { a, b }` lists its names as items; the object itself is not a separate export.
    fact.assignment && fact.items.length === 0 ? assignmentExport(fact.assignment, at, line) : undefined,
    ...fact.items.map((item) => itemExport(fact, item, at, line)),
  ];
  return {
    entries: [...declared, ...parts.flatMap((part) => part?.entries ?? [])],
    exported: parts.flatMap((part) => part?.exported ?? []),
  };
}

/** `export default name` (a top-level definition), or a default export of an expression. */
function defaultExport(fact: RawExport, at: Lookups, line: number): Part {
  const value = fact.declarations[0];
  const local = value ? at.topLevel.get(value.text) : undefined;
  if (local) return { entries: [at.fromDefinition(local, local.raw.name, true, line)], exported: [local] };
  const entry: ExportInfo = { name: 'default', type: 'default', isDefault: true, line, ...(value ? { signature: shorten(value.text) } : {}) };
  return { entries: [entry], exported: [] };
}

/** `export * from 'm'`, `export * as ns from 'm'`. */
function namespaceExport(fact: RawExport, line: number): ExportInfo {
  return { name: fact.namespace ?? '*', type: 'reexport', isDefault: false, kind: 'namespace', source: fact.source ?? '', line };
}

/** `module.exports = name`, or a definition written in place (`module.exports = class Cursor { ... }`). */
function assignmentExport(assignment: Node, at: Lookups, line: number): Part {
  const local = at.topLevel.get(assignment.text) ?? at.byNode.get(assignment.id);
  const entry: ExportInfo = {
    name: 'export=',
    type: local ? definitionKindInfo(local.raw.kind, local.raw.parameterLists.length > 0).exportType : 'default',
    isDefault: true,
    kind: local?.raw.kind ?? 'value',
    ...(local
      ? { localName: local.raw.name, signature: exportSignature(local.raw, at.language, at.source) }
      : { signature: shorten(assignment.text) }),
    line,
  };
  return { entries: [entry], exported: local ? [local] : [] };
}

/** A name an export statement lists: re-exported from its source, a local definition, an import, or a value. */
function itemExport(fact: RawExport, item: RawExport['items'][number], at: Lookups, line: number): Part {
  const name = item.alias ?? item.name;
  const isDefault = name === 'default';
  if (fact.source !== undefined) {
    const entry: ExportInfo = {
      name,
      type: 'reexport',
      isDefault,
      source: fact.source,
      ...(item.alias ? { localName: item.name } : {}),
      ...(fact.typeOnly ? { isTypeOnly: true } : {}),
      line,
    };
    return { entries: [entry], exported: [] };
  }
  const local = (item.value && at.valueOwners.get(item.value.id)) ?? at.topLevel.get(item.value?.text ?? item.name);
  if (local) {
    const entry = { ...at.fromDefinition(local, name, isDefault, line), ...(fact.typeOnly ? { isTypeOnly: true } : {}) };
    return { entries: [entry], exported: [local] };
  }
  const imported = at.importedNames.get(item.value?.text ?? item.name);
  // An imported name exported again (`from .service import X` listed in `__all__`, `export { X }` of an import).
  const entry: ExportInfo = imported
    ? { name, type: 'reexport', isDefault, source: imported.source, ...(imported.name !== name ? { localName: imported.name } : {}), line }
    : {
        name,
        type: 'constant',
        isDefault,
        ...(item.alias ? { localName: item.name } : {}),
        ...(item.value ? { signature: shorten(item.value.text) } : {}),
        line,
      };
  return { entries: [entry], exported: [] };
}

/** Each export once (by name, source and default-ness), the first one kept. */
function unique(entries: readonly ExportInfo[]): ExportInfo[] {
  const seen = new Set<string>();
  return entries.filter((info) => {
    const key = `${info.name}\u0000${info.source ?? ''}\u0000${info.isDefault}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The signature of a function, or a short declaration of anything else (`class Box<T> extends Base`). */
export function exportSignature(def: RawDefinition, language: LanguageDefinition, source: Source): string {
  if (definitionKindInfo(def.kind, def.parameterLists.length > 0).callable) {
    return signatureOf(source, def, language.signature ?? {}, listOfParameter(def));
  }
  const typeParameters = def.typeParameters ? foldWhitespace(def.typeParameters.text) : '';
  const base = def.extends.length > 0 ? ` extends ${def.extends.map(contentText).join(', ')}` : '';
  return `${def.kind} ${def.name}${typeParameters}${base}`;
}
