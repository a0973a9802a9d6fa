/**
 * Compact renderings of a file's structure for a model to read: one line per fact, in source order, members
 * indented under their class, the first line of each doc comment, nothing empty and nothing said twice (an export
 * is the `export` word on its definition; a constructor's parameter properties are its signature).
 *
 * ```text
 * import ./db: Database (type)
 * 12 export async function login(email: string, password: string): Promise<User>  — Logs a user in.
 * 30 export class Session
 *   31 constructor(readonly user: User)
 *   35 refresh(): Promise<void>
 * ```
 *
 * Pure functions of the library's result types: the JSON form of a tool result is that result itself.
 *
 * @module
 */
import { ErrorCode } from '../errors.js';
import { addTo } from '../model/multimap.js';
import type {
  ClassInfo,
  ConstantInfo,
  ExportInfo,
  FileAnalysis,
  FunctionInfo,
  ImportInfo,
  OutlineItem,
  PropertyInfo,
  SignatureInfo,
  TypeInfo,
} from '../types.js';
import { type Detail, docBody, docSuffix, position, words } from './text.js';

/** One top-level entry of the rendering: its span (to nest entries in namespaces) and a renderer per indent. */
interface Block {
  line: number;
  endLine?: number;
  /** Outline items (namespaces, modules, SQL tables) hold the blocks inside their span. */
  container: boolean;
  render(indent: string): string[];
}

/** Modifiers already said another way: by the `export` word, or by `async`. */
const IMPLIED_MODIFIERS = new Set(['pub', 'public', 'export', 'async']);

function modifiers(list: string[] | undefined): string | undefined {
  const shown = (list ?? []).filter((m) => !IMPLIED_MODIFIERS.has(m));
  return shown.length > 0 ? shown.join(' ') : undefined;
}

function decorators(detail: Detail, list: string[] | undefined): string | undefined {
  return detail === 'full' && list && list.length > 0 ? list.join(' ') : undefined;
}

/** What makes a definition public: the `export` word (and `default`). */
interface Exported {
  names: Set<string>;
  defaults: Set<string>;
}

function exportWords(exported: Exported, name: string, isExported: boolean | undefined): string | undefined {
  if (exported.defaults.has(name)) return 'export default';
  return isExported || exported.names.has(name) ? 'export' : undefined;
}

function functionLines(f: FunctionInfo, detail: Detail, indent: string, keyword: string | undefined, exported?: string, lined = true): string[] {
  if (detail === 'outline') return [`${indent}${f.line} ${words(keyword ?? (f.name === 'constructor' ? undefined : 'method'), f.name)}`];
  const star = f.isGenerator ? '*' : '';
  // An anonymous `export default function (a, b)` is named `default`: `export default function(a, b)`, not twice.
  const signature = exported === 'export default' && f.name === 'default' && f.signature.startsWith('default(') ? f.signature.slice('default'.length) : f.signature;
  const head = words(
    decorators(detail, f.decorators),
    exported,
    modifiers(f.modifiers),
    f.isAsync && 'async',
    keyword ? `${keyword}${star}${signature.startsWith('(') ? signature : ''}` : undefined,
    signature.startsWith('(') && keyword ? undefined : `${keyword ? '' : star}${signature}`,
  );
  const at = lined || detail === 'full' ? `${position(detail, f.line, f.column, f.endLine)} ` : '';
  return [`${indent}${at}${head}${docSuffix(detail, f.doc)}`, ...docBody(detail, f.doc, indent)];
}

function propertyLine(p: PropertyInfo, detail: Detail, indent: string, lined = true): string[] {
  if (detail === 'outline') return [`${indent}${p.line} ${p.name}`];
  const name = `${p.name}${p.optional ? '?' : ''}${p.type ? `: ${p.type}` : ''}${p.value ? ` = ${p.value}` : ''}`;
  const head = words(decorators(detail, p.decorators), modifiers(p.modifiers), name);
  const at = lined || detail === 'full' ? `${position(detail, p.line, p.column)} ` : '';
  return [`${indent}${at}${head}${docSuffix(detail, p.doc)}`, ...docBody(detail, p.doc, indent)];
}

/**
 * The members of a class or type, in source order. `lined`: with their line numbers (a type's members follow its
 * line, one per line, and go without them unless in full detail).
 */
function memberLines(
  members: { constructors: FunctionInfo[]; methods: FunctionInfo[]; properties: PropertyInfo[]; classes: ClassInfo[]; interfaces: TypeInfo[] },
  detail: Detail,
  indent: string,
  exported: Exported,
  lined = true,
): string[] {
  const entries: Array<{ line: number; lines: () => string[] }> = [
    ...members.constructors.map((c) => ({ line: c.line, lines: () => functionLines(c, detail, indent, undefined, undefined, lined) })),
    ...members.methods.map((m) => ({ line: m.line, lines: () => functionLines(m, detail, indent, undefined, undefined, lined) })),
    // A parameter property is in its constructor's signature already.
    ...members.properties.filter((p) => !p.isParameterProperty).map((p) => ({ line: p.line, lines: () => propertyLine(p, detail, indent, lined) })),
    ...members.classes.map((c) => ({ line: c.line, lines: () => classLines(c, detail, indent, exported) })),
    ...members.interfaces.map((t) => ({ line: t.line, lines: () => typeLines(t, detail, indent, exported) })),
  ];
  return entries.sort((a, b) => a.line - b.line).flatMap((entry) => entry.lines());
}

function constructorsOf(c: ClassInfo): FunctionInfo[] {
  // Not `c.constructor` alone: every object inherits one.
  if (c.constructors) return c.constructors;
  return Object.hasOwn(c, 'constructor') && c.constructor ? [c.constructor] : [];
}

function classLines(c: ClassInfo, detail: Detail, indent: string, exported: Exported): string[] {
  const kind = c.kind ?? 'class';
  const head =
    detail === 'outline'
      ? `${indent}${c.line} ${kind} ${c.name}`
      : `${indent}${position(detail, c.line, c.column, c.endLine)} ${words(
          decorators(detail, c.decorators),
          exportWords(exported, c.name, c.isExported),
          c.isAbstract && 'abstract',
          kind,
          `${c.name}${c.typeParameters ?? ''}`,
          c.extends && `extends ${c.extends}`,
          c.implements && c.implements.length > 0 && `implements ${c.implements.join(', ')}`,
        )}${docSuffix(detail, c.doc)}`;
  const members = memberLines(
    { constructors: constructorsOf(c), methods: c.methods, properties: c.properties, classes: c.classes ?? [], interfaces: c.interfaces ?? [] },
    detail,
    `${indent}  `,
    exported,
  );
  return [head, ...docBody(detail, c.doc, indent), ...members];
}

function typeLines(t: TypeInfo, detail: Detail, indent: string, exported: Exported): string[] {
  // An enum's values are one fact, on its line (in full detail, each on a line of its own, with its payload's type and
  // its doc); its methods are members, as a class's are, and keep their line numbers.
  const valuesInline = t.kind === 'enum' && detail !== 'full';
  const members = (lined: boolean) =>
    memberLines(
      { constructors: [], methods: t.methods ?? [], properties: valuesInline ? [] : (t.properties ?? []), classes: [], interfaces: [] },
      detail,
      `${indent}  `,
      exported,
      lined,
    );
  if (detail === 'outline') return [`${indent}${t.line} ${t.kind} ${t.name}`, ...members(true)];
  const at = position(detail, t.line, t.column, t.endLine);
  const name = `${t.name}${t.typeParameters ?? ''}`;
  const exportWord = exportWords(exported, t.name, t.isExported);
  if (valuesInline) {
    const values = (t.properties ?? []).map((p) => (p.value ? `${p.name} = ${p.value}` : p.name));
    const body = values.length > 0 ? ` { ${values.join(', ')} }` : '';
    const head = `${indent}${at} ${words(exportWord, 'enum', name)}${body}${docSuffix(detail, t.doc)}`;
    return [head, ...docBody(detail, t.doc, indent), ...members(true)];
  }
  const hasMembers = (t.properties?.length ?? 0) > 0 || (t.methods?.length ?? 0) > 0;
  const head = words(
    exportWord,
    t.kind,
    name,
    t.extends && t.extends.length > 0 && `extends ${t.extends.join(', ')}`,
    // An object type's members are listed below: its written value would say them twice.
    !hasMembers && t.value !== undefined && `= ${t.value}`,
  );
  return [`${indent}${at} ${head}${docSuffix(detail, t.doc)}`, ...docBody(detail, t.doc, indent), ...members(false)];
}

function constantLines(c: ConstantInfo, detail: Detail, indent: string, exported: Exported): string[] {
  const keyword = c.kind === 'macro' ? 'macro' : 'const';
  if (detail === 'outline') return [`${indent}${c.line} ${keyword} ${c.name}`];
  const head = words(exportWords(exported, c.name, c.isExported), keyword, `${c.name}${c.type ? `: ${c.type}` : ''}${c.value ? ` = ${c.value}` : ''}`);
  return [`${indent}${position(detail, c.line, c.column)} ${head}${docSuffix(detail, c.doc)}`, ...docBody(detail, c.doc, indent)];
}

function outlineItemLines(o: OutlineItem, detail: Detail, indent: string, exported: Exported): string[] {
  if (detail === 'outline') return [`${indent}${o.line} ${o.kind} ${o.name}`];
  // A table's columns read as members do: `id: bigserial`, no `property` word.
  const kind = o.container !== undefined && (o.kind === 'property' || o.kind === 'field') && detail !== 'full' ? undefined : o.kind;
  const head = words(exportWords(exported, o.name, false), kind, `${o.name}${o.type ? `: ${o.type}` : ''}`);
  return [`${indent}${position(detail, o.line, o.column, o.endLine)} ${head}${docSuffix(detail, o.doc)}`, ...docBody(detail, o.doc, indent)];
}

function importItems(i: ImportInfo): string {
  // `import os` binds the module's own name: the source says it (`import asyncio`, not `asyncio: * as asyncio`).
  const own = i.source.replace(/^["'<]|[">']$/g, '').split(/[./:\\]/).filter(Boolean).at(-1);
  return i.imports
    .filter((item) => !(i.imports.length === 1 && (item.isNamespace ? item.alias : !item.alias && item.name) === own))
    .map((item) => {
      const name = item.isNamespace ? `* as ${item.alias ?? item.name}` : item.isDefault ? `default as ${item.alias ?? item.name}` : item.alias ? `${item.name} as ${item.alias}` : item.name;
      return item.isTypeOnly && !i.isTypeOnly ? `type ${name}` : name;
    })
    .join(', ');
}

function importLines(imports: ImportInfo[], detail: Detail): string[] {
  if (imports.length === 0) return [];
  if (detail === 'outline') return [`imports: ${[...new Set(imports.map((i) => i.source))].join(', ')}`];
  return imports.map((i) => {
    const items = importItems(i);
    const how = i.kind === 'dynamic' || i.kind === 'require' ? i.kind : i.isTypeOnly ? 'type' : undefined;
    const at = detail === 'full' && i.line !== undefined ? `${i.line} ` : '';
    return `${at}import ${i.source}${items ? `: ${items}` : ''}${how ? ` (${how})` : ''}`;
  });
}

/** The names the definitions' `export` words cover: exported under their own name, from this file. */
function exportedNames(exports: ExportInfo[]): Exported {
  const names = new Set<string>();
  const defaults = new Set<string>();
  for (const e of exports) {
    if (e.source !== undefined || (e.localName !== undefined && e.localName !== e.name)) continue;
    if (e.isDefault) defaults.add(e.name);
    else names.add(e.name);
  }
  return { names, defaults };
}

/** Exports no definition's `export` word says: re-exports (one line per module), renamed exports, expressions. */
function otherExportLines(exports: ExportInfo[], defined: Set<string>): string[] {
  const entries: Array<{ text: string } | { source: string; names: string[] }> = [];
  const fromModule = new Map<string, string[]>();
  for (const e of exports) {
    const plain = e.source === undefined && (e.localName === undefined || e.localName === e.name);
    if (plain && defined.has(e.name)) continue;
    const type = e.isTypeOnly ? 'type ' : '';
    if (e.source !== undefined) {
      const what = e.name === '*' ? '*' : e.kind === 'namespace' ? `* as ${e.name}` : e.localName && e.localName !== e.name ? `${e.localName} as ${e.name}` : e.name;
      // One line per module, where its first name was: the entry shares the list the later names go to.
      const first = !fromModule.has(e.source);
      const names = addTo(fromModule, e.source, `${type}${what}`);
      if (first) entries.push({ source: e.source, names });
    } else if (e.localName !== undefined && e.localName !== e.name) {
      entries.push({ text: `export ${type}${e.localName} as ${e.name}` });
    } else {
      entries.push({ text: `export ${e.isDefault ? 'default ' : type}${e.signature ?? e.name}` });
    }
  }
  return entries.map((entry) => ('text' in entry ? entry.text : `export ${entry.names.join(', ')} from ${entry.source}`));
}

function warningLines(a: FileAnalysis, detail: Detail): string[] {
  const lines: string[] = [];
  for (const w of a.warnings) {
    if (w.code !== ErrorCode.TS_PARSE_ERRORS) {
      lines.push(`⚠️ ${w.code}: ${w.message}`);
      continue;
    }
    const count = Number(w.details?.error_count ?? a.errors.length);
    const shown = detail === 'full' ? [] : a.errors.slice(0, detail === 'outline' ? 0 : 3);
    const where = shown.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ');
    lines.push(`⚠️ ${count} syntax error${count === 1 ? '' : 's'}, results may be incomplete${where ? `: ${where}` : ''}${count > shown.length && shown.length > 0 ? '; …' : ''}`);
  }
  if (detail === 'full') for (const e of a.errors) lines.push(`error ${e.line}:${e.column}-${e.endLine}:${e.endColumn} ${e.message}`);
  return lines;
}

/** Nests blocks inside the containers whose span holds them, and renders them in source order. */
function nest(blocks: Block[]): string[] {
  const sorted = [...blocks].sort((a, b) => a.line - b.line);
  const out: string[] = [];
  const open: Block[] = [];
  for (const block of sorted) {
    while (open.length > 0 && !(block.line > (open.at(-1) as Block).line && block.line <= ((open.at(-1) as Block).endLine ?? 0))) open.pop();
    out.push(...block.render('  '.repeat(open.length)));
    if (block.container && block.endLine !== undefined && block.endLine > block.line) open.push(block);
  }
  return out;
}

function documentLines(a: FileAnalysis, detail: Detail): string[] {
  const lines: string[] = [];
  for (const k of a.keys ?? []) {
    const indent = '  '.repeat(Math.max(0, k.depth - 1));
    if (detail === 'outline') lines.push(`${indent}${k.line} ${k.name}`);
    else {
      const value = k.value !== undefined ? ` = ${k.value}` : k.valueKind === 'object' ? ': {}' : k.valueKind === 'array' ? ': []' : `: ${k.valueKind}`;
      lines.push(`${indent}${k.line} ${k.name}${value}`);
    }
  }
  const sections: Array<{ line: number; text: string }> = [
    ...(a.headings ?? []).map((h) => ({ line: h.line, text: `${h.line} ${'#'.repeat(h.level)} ${h.text}` })),
    ...(detail === 'outline' ? [] : (a.codeBlocks ?? []).map((b) => ({ line: b.line, text: `${b.line}-${b.endLine} code${b.language ? ` ${b.language}` : ''}` }))),
    ...(detail === 'full' ? (a.links ?? []).map((l) => ({ line: l.line, text: `${l.line} ${l.kind} ${l.text} -> ${l.url}` })) : []),
  ];
  lines.push(...sections.sort((x, y) => x.line - y.line).map((s) => s.text));
  const links = a.links?.length ?? 0;
  if (detail === 'signatures' && links > 0) lines.push(`${links} link${links === 1 ? '' : 's'} (detail "full" lists them)`);
  return lines;
}

/**
 * A file's structure as compact text: warnings, imports, then every definition in source
 * order (members indented under their class, namespace members under their namespace), the exports no definition
 * shows, and the keys, headings and code blocks of data and document files.
 *
 * @param detail - how much to say (default `signatures`).
 */
export function renderAnalysis(a: FileAnalysis, detail: Detail = 'signatures'): string {
  const exported = exportedNames(a.exports);
  const defined = new Set<string>();
  const blocks: Block[] = [];
  const add = (line: number, render: (indent: string) => string[], endLine?: number, container = false) =>
    blocks.push({ line, ...(endLine !== undefined ? { endLine } : {}), container, render });
  for (const f of a.functions) {
    defined.add(f.name);
    add(f.line, (indent) => functionLines(f, detail, indent, f.kind === 'macro' ? 'macro' : 'function', exportWords(exported, f.name, f.isExported)), f.endLine);
  }
  for (const c of a.classes) {
    defined.add(c.name);
    add(c.line, (indent) => classLines(c, detail, indent, exported), c.endLine);
  }
  for (const t of a.interfaces) {
    defined.add(t.name);
    add(t.line, (indent) => typeLines(t, detail, indent, exported), t.endLine);
  }
  for (const c of a.constants) {
    defined.add(c.name);
    add(c.line, (indent) => constantLines(c, detail, indent, exported));
  }
  for (const o of a.outline ?? []) {
    defined.add(o.name);
    add(o.line, (indent) => outlineItemLines(o, detail, indent, exported), o.endLine, true);
  }
  // No `file (language)` header: the caller named the file, and its extension says the language.
  const lines = [
    ...warningLines(a, detail),
    ...importLines(a.imports, detail),
    ...nest(blocks),
    ...otherExportLines(a.exports, defined),
    ...documentLines(a, detail),
  ];
  return lines.length > 0 ? lines.join('\n') : `no definitions found (${a.language})`;
}

/** Signatures, one per line: `12 UserService.login(email: string): Promise<User>  — Logs a user in.` */
export function renderSignatures(signatures: SignatureInfo[], detail: Detail = 'signatures'): string {
  if (signatures.length === 0) return 'no functions or methods';
  return signatures
    .flatMap((s) => {
      const dot = s.name.lastIndexOf('.');
      const owner = dot > 0 ? s.name.slice(0, dot) : undefined;
      const short = dot > 0 ? s.name.slice(dot + 1) : s.name;
      if (detail === 'outline') return [`${s.line} ${s.kind ?? 'function'} ${s.name}`];
      const text = owner ? (s.signature.startsWith(short) ? `${owner}.${s.signature}` : `[${owner}] ${s.signature}`) : s.signature;
      const kind = detail === 'full' && s.kind ? `${s.kind} ` : '';
      return [`${s.line} ${kind}${text}${docSuffix(detail, s.doc)}`, ...docBody(detail, s.doc, '')];
    })
    .join('\n');
}

/** A file's public API, one export per line: `12 function login(email: string): Promise<User>`. */
export function renderExports(exports: ExportInfo[]): string {
  if (exports.length === 0) return 'no exports';
  return exports
    .map((e) => {
      const at = e.line !== undefined ? `${e.line} ` : '';
      const type = e.isTypeOnly ? 'type ' : '';
      const def = e.isDefault ? 'default ' : '';
      if (e.source !== undefined) {
        const what = e.name === '*' ? '*' : e.kind === 'namespace' ? `* as ${e.name}` : e.localName && e.localName !== e.name ? `${e.localName} as ${e.name}` : e.name;
        return `${at}${type}${what} from ${e.source}`;
      }
      const declared = e.type === 'function' && e.signature ? `function ${e.signature}` : (e.signature ?? `${e.kind ?? e.type} ${e.name}`);
      const renamed = e.localName !== undefined && e.localName !== e.name ? `${e.name} = ` : '';
      // `type Role` needs no second `type`.
      const typeWord = /^(type|interface|enum) /.test(declared) ? '' : type;
      return `${at}${def}${typeWord}${renamed}${declared}`;
    })
    .join('\n');
}
