/**
 * hover: the signature and documentation of the definition of the identifier at a position, found as findDefinitions
 * finds it. An undocumented declaration takes the doc TypeScript and documentation tools would show: a sibling
 * overload's, a parameter's `@param` line, the doc of the member it overrides, or of the member a variable is taken
 * from.
 *
 * @module
 */
import { CodeIndexError, ErrorCode } from '../errors.js';
import type { FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';
import { tagOf } from '../model/views.js';
import type { HoverResult, PositionQuery } from '../types.js';
import { type DefinitionsContext, findDefinitions } from './definitions.js';

/** The MCP tree-sitter server spec's hover note. */
export const HOVER_NOTE = 'Documentation extracted from doc comments. No type inference available.';

/** What hover reads: what findDefinitions reads. */
export type HoverContext = DefinitionsContext;

/** Signature and documentation of the definition of the identifier at a position. */
export async function hover(context: HoverContext, query: PositionQuery): Promise<HoverResult> {
  const result = await findDefinitions(context, query);
  // On a declaration's own name (a C prototype, whose definition findDefinitions lists first), that declaration.
  const at = result.identifier;
  const own = at ? result.definitions.find((d) => d.file === at.file && d.line === at.line && d.column === at.column) : undefined;
  const first = own ?? result.definitions[0];
  if (!first) {
    throw new CodeIndexError(ErrorCode.TS_SYMBOL_NOT_FOUND, `No definition of "${result.symbol}" found in scope`, {
      symbol: result.symbol,
      ...(result.resolution === 'external' ? { resolution: 'external', note: result.note } : {}),
      suggestion: 'The name may come from a dependency outside the index, or be defined in an unsupported language',
    });
  }
  // The first documented one among the answers: overloads often document only one of their signatures.
  let signature: string | undefined;
  let documentation: string | undefined;
  for (const location of result.resolution === 'name_match' ? [first] : [first, ...result.definitions.filter((d) => d !== first)]) {
    const facts = await context.workspace.factsOf(location.file);
    const def = facts?.definitions.find((d) => d.line === location.line && d.column === location.column);
    if (!facts || !def) continue;
    const tag = tagOf(facts, def);
    signature ??= tag.signature;
    if (tag.doc) {
      documentation = tag.doc;
      break;
    }
  }
  // As TypeScript and documentation tools do: an undocumented overload or merged declaration takes the doc of another
  // declaration of the same name in the same container (the implementation first); a parameter, its `@param` line.
  if (!documentation) {
    const facts = await context.workspace.factsOf(first.file);
    if (facts) documentation = siblingDoc(facts, first.line, first.column) ?? parameterDoc(facts, result.symbol, first.line, first.column);
    if (!documentation && facts) documentation = await inheritedDoc(context, first.file, facts, first.line, first.column);
    if (!documentation && facts) documentation = await memberDoc(context, first.file, facts, result.symbol, first.line, first.column);
  }
  return {
    symbol: result.symbol,
    kind: first.kind,
    signature: signature ?? first.preview,
    ...(documentation ? { documentation } : {}),
    definitionLocation: { file: first.file, line: first.line },
    ...(result.identifier ? { identifier: result.identifier } : {}),
    otherDefinitions: result.total - 1,
    note: HOVER_NOTE,
  };
}

/** The doc of another declaration with the same name and container as the one at a position: bodies first. */
function siblingDoc(facts: FileFacts, line: number, column: number): string | undefined {
  const own = facts.definitions.find((d) => d.line === line && d.column === column);
  if (!own) return undefined;
  const siblings = facts.definitions.filter((d) => d !== own && d.name === own.name && d.parent === own.parent && d.doc);
  siblings.sort((a, b) => Number(a.declarationOnly === true) - Number(b.declarationOnly === true) || a.start - b.start);
  return siblings[0]?.doc;
}

/**
 * The `@param` text for a parameter `name` declared at a position: from the doc of the innermost function-like
 * definition whose span holds the position (JSDoc, TSDoc, PHPDoc, Javadoc write `@param [{type}] name text`).
 */
function parameterDoc(facts: FileFacts, name: string, line: number, column: number): string | undefined {
  let owner: FileFacts['definitions'][number] | undefined;
  for (const def of facts.definitions) {
    const holds = (def.line < line || (def.line === line && def.column <= column)) && line <= def.endLine;
    if (holds && kindInfo(def.kind).callable && (!owner || def.start >= owner.start)) owner = def;
  }
  if (!owner?.doc || !owner.parameters?.some((p) => p.name.replace(/^[.*&$]+/, '') === name)) return undefined;
  for (const docLine of owner.doc.split('\n')) {
    const words = docLine.trim().split(/\s+/);
    if (words[0] !== '@param') continue;
    let at = 1;
    // `{type}`, which may hold spaces.
    if (words[at]?.startsWith('{')) {
      while (at < words.length && !(words[at] as string).endsWith('}')) at++;
      at++;
    }
    // `[name=default]` for an optional one.
    const named = (words[at] ?? '').replace(/^\[|\]$/g, '').split('=')[0];
    if (named === name) return words.slice(at + 1).join(' ').replace(/^-\s*/, '') || undefined;
  }
  return undefined;
}

/**
 * The doc of the member a variable is taken from (`const { connector } = config`: `config.connector`'s), as
 * TypeScript's quick info shows it.
 */
async function memberDoc(
  context: HoverContext,
  file: string,
  facts: FileFacts,
  name: string,
  line: number,
  column: number,
): Promise<string | undefined> {
  const index = facts.bindings.findIndex((b) => b.line === line && b.column === column && b.name === name);
  const type = facts.bindings[index]?.type;
  if (index < 0 || type === undefined || !type.endsWith(`.${name}`)) return undefined;
  for (const target of await context.resolver.typesOfBinding(file, facts, index)) {
    if (!('def' in target)) continue;
    const def = (await context.workspace.factsOf(target.file))?.definitions[target.def];
    if (def?.name === name && def.doc) return def.doc;
  }
  return undefined;
}

/**
 * The doc of the member an undocumented method or property overrides or implements (as TypeScript and Javadoc's
 * `{@inheritDoc}` show it): the same name in the declared bases of its class, followed across files, nearest first.
 */
async function inheritedDoc(context: HoverContext, file: string, facts: FileFacts, line: number, column: number): Promise<string | undefined> {
  const index = facts.definitions.findIndex((d) => d.line === line && d.column === column);
  const own = facts.definitions[index];
  if (!own || own.parent === undefined) return undefined;
  const bases = await context.resolver.basesOf(file, facts, own.parent);
  for (const base of bases) {
    for (const member of await context.resolver.membersOf(base, own.name)) {
      if (!('def' in member)) continue;
      const doc = (await context.workspace.factsOf(member.file))?.definitions[member.def]?.doc;
      if (doc) return doc;
    }
  }
  return undefined;
}
