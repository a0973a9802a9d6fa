/**
 * A readable, line-per-fact rendering of analysis results: the CLI's default output and the fixture snapshots.
 * One line per fact: `function greet(name: string): string @3:10 [exported async]`.
 *
 * @module
 */
import type { ClassInfo, FileAnalysis, FunctionInfo, PropertyInfo, SignatureInfo, TypeInfo } from '../index.js';

function flags(pairs: Array<[boolean | undefined, string]>): string {
  const on = pairs.filter(([value]) => value).map(([, name]) => name);
  return on.length > 0 ? ` [${on.join(' ')}]` : '';
}

function fn(kind: string, f: FunctionInfo, indent = ''): string[] {
  const lines = [
    `${indent}${kind} ${f.signature} @${f.line}:${f.column}${flags([
      [f.isExported, 'exported'],
      [f.isAsync, 'async'],
      [f.isGenerator, 'generator'],
      [f.isDeclarationOnly, 'declaration-only'],
    ])}${f.modifiers ? ` {${f.modifiers.join(' ')}}` : ''}${f.decorators ? ` ${f.decorators.join(' ')}` : ''}`,
  ];
  for (const p of f.parameters) {
    lines.push(
      `${indent}  param ${p.isRest ? '...' : ''}${p.name}${p.type ? `: ${p.type}` : ''}${p.defaultValue ? ` = ${p.defaultValue}` : ''}${p.optional ? ' (optional)' : ''}`,
    );
  }
  if (f.doc) lines.push(`${indent}  doc ${JSON.stringify(f.doc)}`);
  return lines;
}

function prop(p: PropertyInfo, indent: string): string {
  return `${indent}property ${p.name}${p.optional ? '?' : ''}${p.type ? `: ${p.type}` : ''}${p.value ? ` = ${p.value}` : ''} @${p.line}${p.modifiers ? ` {${p.modifiers.join(' ')}}` : ''}${p.isParameterProperty ? ' (parameter property)' : ''}${p.decorators ? ` ${p.decorators.join(' ')}` : ''}${p.doc ? ` doc ${JSON.stringify(p.doc)}` : ''}`;
}

function classLines(c: ClassInfo, indent: string): string[] {
  const lines = [
    `${indent}${c.kind ?? 'class'} ${c.name}${c.typeParameters ?? ''}${c.extends ? ` extends ${c.extends}` : ''}${c.implements ? ` implements ${c.implements.join(', ')}` : ''} @${c.line}:${c.column}${flags(
      [
        [c.isExported, 'exported'],
        [c.isAbstract, 'abstract'],
      ],
    )}${c.decorators ? ` ${c.decorators.join(' ')}` : ''}`,
  ];
  const inner = `${indent}  `;
  if (c.doc) lines.push(`${inner}doc ${JSON.stringify(c.doc)}`);
  // Not `c.constructor` alone: every object inherits one.
  const single = Object.hasOwn(c, 'constructor') && c.constructor ? [c.constructor] : [];
  for (const ctor of c.constructors ?? single)
    lines.push(...fn(ctor === c.constructor && c.constructors ? 'constructor*' : 'constructor', ctor, inner));
  for (const p of c.properties) lines.push(prop(p, inner));
  for (const m of c.methods) lines.push(...fn('method', m, inner));
  for (const nested of c.classes ?? []) lines.push(...classLines(nested, inner));
  for (const nested of c.interfaces ?? []) lines.push(...typeLines(nested, inner));
  return lines;
}

function typeLines(t: TypeInfo, indent: string): string[] {
  const lines = [
    `${indent}${t.kind} ${t.name}${t.typeParameters ?? ''}${t.extends ? ` extends ${t.extends.join(', ')}` : ''}${t.value ? ` = ${t.value}` : ''} @${t.line}:${t.column}${flags([[t.isExported, 'exported']])}`,
  ];
  const inner = `${indent}  `;
  if (t.doc) lines.push(`${inner}doc ${JSON.stringify(t.doc)}`);
  for (const p of t.properties ?? []) lines.push(prop(p, inner));
  for (const m of t.methods ?? []) lines.push(...fn('method', m, inner));
  return lines;
}

/** Renders a file analysis as one fact per line. */
export function formatAnalysis(a: FileAnalysis): string {
  const lines: string[] = [`language ${a.language}`];
  for (const i of a.imports) {
    const items = i.imports
      .map(
        (it) =>
          `${it.isNamespace ? '* as ' : ''}${it.isDefault ? 'default as ' : ''}${it.isNamespace || it.isDefault ? (it.alias ?? '') : it.name}${!it.isNamespace && !it.isDefault && it.alias ? ` as ${it.alias}` : ''}${it.isTypeOnly ? ' (type)' : ''}`,
      )
      .join(', ');
    lines.push(`import ${JSON.stringify(i.source)} {${items}} ${i.kind}${i.isTypeOnly ? ' type-only' : ''} @${i.line}`);
  }
  for (const f of a.functions) lines.push(...fn('function', f));
  for (const c of a.classes) lines.push(...classLines(c, ''));
  for (const t of a.interfaces) lines.push(...typeLines(t, ''));
  for (const c of a.constants) {
    lines.push(
      `const ${c.name}${c.type ? `: ${c.type}` : ''}${c.value ? ` = ${c.value}` : ''} @${c.line}:${c.column}${flags([[c.isExported, 'exported']])}`,
    );
  }
  for (const e of a.exports) {
    lines.push(
      `export ${e.name} ${e.type}${e.kind ? `/${e.kind}` : ''}${e.isDefault ? ' default' : ''}${e.localName ? ` local=${e.localName}` : ''}${e.source ? ` from ${JSON.stringify(e.source)}` : ''}${e.isTypeOnly ? ' type-only' : ''}${e.signature ? ` :: ${e.signature}` : ''}`,
    );
  }
  for (const o of a.outline ?? [])
    lines.push(
      `${o.kind} ${o.container ? `${o.container}.` : ''}${o.name}${o.type ? `: ${o.type}` : ''} @${o.line}:${o.column}${o.doc ? ` doc ${JSON.stringify(o.doc)}` : ''}`,
    );
  for (const k of a.keys ?? []) lines.push(`key ${k.path} ${k.valueKind}${k.value ? ` = ${k.value}` : ''} @${k.line}`);
  for (const h of a.headings ?? []) lines.push(`heading h${h.level} ${JSON.stringify(h.text)} @${h.line}`);
  for (const b of a.codeBlocks ?? []) lines.push(`code ${b.language ?? '(none)'} @${b.line}-${b.endLine}`);
  for (const l of a.links ?? []) lines.push(`${l.kind} ${JSON.stringify(l.text)} -> ${l.url} @${l.line}`);
  for (const e of a.errors) lines.push(`error ${e.line}:${e.column} ${e.message}`);
  for (const w of a.warnings) lines.push(`warning ${w.code}: ${w.message}`);
  return `${lines.join('\n')}\n`;
}

/** Renders signatures as one line each. */
export function formatSignatures(signatures: SignatureInfo[]): string {
  return `${signatures.map((s) => `${s.kind} ${s.name} :: ${s.signature} @${s.line}`).join('\n')}\n`;
}
