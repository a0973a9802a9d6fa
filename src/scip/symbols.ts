/**
 * SCIP symbols of a file's facts: the string that names each definition (and each parameter, type parameter and
 * local) as SCIP's symbol grammar writes it, `scheme manager package version descriptors`, or `local N` for names a
 * file keeps to itself.
 *
 * Descriptors follow scip-typescript's layout, for every language: the file's path inside its package as namespaces
 * (`src/`a.ts`/`), then the definitions enclosing the name, each with the suffix of what it is: a namespace `/`, a
 * type `#`, a term `.`, a method `().`, a macro `!`, a parameter `(name)`, a type parameter `[name]`. So
 * `Circle.area` of `src/a.ts` in npm package `demo` 1.2.3 is `code-index npm demo 1.2.3 src/`a.ts`/Circle#area().`,
 * the same string an index of another repository writes for it.
 *
 * @module
 */
import type { Binding, Definition, FileFacts } from '../model/facts.js';
import { kindInfo } from '../model/kinds.js';

/** The scheme of every global symbol code-index writes. */
export const SCIP_SCHEME = 'code-index';

/** The characters of a simple identifier in SCIP's grammar. */
const SIMPLE = /^[A-Za-z0-9_+$-]+$/;

/** A name as SCIP writes it: as is when simple, else between backticks (a backtick doubled). */
export function escapeName(name: string): string {
  return SIMPLE.test(name) ? name : `\`${name.replaceAll('`', '``')}\``;
}

/** A part of the package (scheme, manager, name, version): spaces doubled, `.` when empty. */
export function escapePackagePart(part: string): string {
  return part === '' ? '.' : part.replaceAll(' ', '  ');
}

/** The descriptor suffix of a kind: what SCIP calls the thing a definition of that kind names. */
export type DescriptorSuffix = 'namespace' | 'type' | 'term' | 'method' | 'macro';

const NAMESPACES = new Set(['module', 'namespace', 'package']);
const TYPES = new Set(['class', 'struct', 'trait', 'object', 'impl', 'interface', 'type', 'enum', 'union', 'protocol', 'record', 'typedef', 'extension', 'mixin']);

/** What a definition of `kind` is among SCIP's descriptors. */
export function suffixOf(definition: Pick<Definition, 'kind' | 'parameters' | 'signature'>): DescriptorSuffix {
  const { kind } = definition;
  if (NAMESPACES.has(kind)) return 'namespace';
  if (TYPES.has(kind)) return 'type';
  if (kind === 'macro') return definition.parameters || definition.signature?.includes('(') ? 'macro' : 'term';
  return kindInfo(kind).callable ? 'method' : 'term';
}

function descriptor(name: string, suffix: DescriptorSuffix): string {
  const escaped = escapeName(name);
  switch (suffix) {
    case 'namespace':
      return `${escaped}/`;
    case 'type':
      return `${escaped}#`;
    case 'method':
      return `${escaped}().`;
    case 'macro':
      return `${escaped}!`;
    default:
      return `${escaped}.`;
  }
}

/** The namespaces of a file's path inside its package (`src/a.ts` -> ``src/`a.ts`/``). */
export function pathDescriptors(path: string): string {
  return path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => `${escapeName(part)}/`)
    .join('');
}

/** The SCIP symbols of one file's names. */
export interface FileSymbols {
  /** The file as a module: its path's namespaces. */
  module: string;
  /** By definition index: a global symbol, or `local N`. */
  definitions: string[];
  /** By binding index, for bindings that are not definitions nor imports: a parameter's or type parameter's global symbol, or `local N`. */
  bindings: Array<string | undefined>;
}

/**
 * The symbols of a file's definitions and bindings. `prefix` is `scheme manager name version ` (with its trailing
 * space) and `path` the file's path inside its package; `constructorName` names a constructor whose definition is
 * named `constructor` (the language's `scip.constructorName`).
 */
export function fileSymbols(facts: FileFacts, prefix: string, path: string, constructorName?: string): FileSymbols {
  const module = `${prefix}${pathDescriptors(path)}`;
  const definitions: string[] = [];
  for (let i = 0; i < facts.definitions.length; i++) {
    const def = facts.definitions[i] as Definition;
    const parent = def.parent === undefined ? undefined : definitions[def.parent];
    if (def.local || def.name === '' || (parent !== undefined && parent.startsWith('local '))) {
      // A member set in a method (`self.items = []`, `this.x = 1`) belongs to the type, as one declared in its body.
      const type = (def.kind === 'property' || def.kind === 'field') && def.name !== '' ? enclosingType(facts, definitions, def) : undefined;
      definitions.push(type ? `${type}${escapeName(def.name)}.` : `local d${i}`);
      continue;
    }
    const name = def.kind === 'constructor' && constructorName !== undefined && def.name === 'constructor' ? constructorName : def.name;
    // A method declared apart from its type (Go's `func (s *T) M()`, Rust's `impl T`): under the type.
    const owner = parent ?? (def.receiver ? `${module}${escapeName(def.receiver)}#` : module);
    // A block that holds members of a type it does not declare (`impl T`) is the type itself.
    definitions.push(kindInfo(def.kind).declaresName === false ? `${module}${escapeName(def.name)}#` : `${owner}${descriptor(name, suffixOf(def))}`);
  }
  const bindings = facts.bindings.map((binding, i) => bindingSymbol(facts, definitions, binding, i));
  return { module, definitions, bindings };
}

/** The symbol of the nearest type enclosing a definition, when it has a global one. */
function enclosingType(facts: FileFacts, symbols: string[], def: Definition): string | undefined {
  let at = def.parent;
  for (let steps = 0; at !== undefined && steps < 64; steps++) {
    const parent = facts.definitions[at] as Definition;
    const symbol = symbols[at];
    if (TYPES.has(parent.kind)) return symbol && !symbol.startsWith('local ') ? symbol : undefined;
    at = parent.parent;
  }
  return undefined;
}

/** Line starts in UTF-16 offsets, line breaks counted as the facts say they are written (`crlf`: two units). */
export function lineStarts(facts: FileFacts): number[] {
  const starts: number[] = [];
  const breakWidth = facts.crlf ? 2 : 1;
  let offset = 0;
  for (const length of facts.lineLengths) {
    starts.push(offset);
    offset += length + breakWidth;
  }
  return starts;
}

/**
 * The innermost definition whose span holds a position (1-based line and column): the last definition starting at or
 * before it (definitions are in source order), or the nearest of its parents that holds it.
 */
function enclosingDefinition(facts: FileFacts, starts: number[], line: number, column: number): number | undefined {
  const offset = (starts[line - 1] ?? 0) + column - 1;
  const defs = facts.definitions;
  let low = 0;
  let high = defs.length - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((defs[middle] as Definition).start <= offset) {
      last = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  for (let at: number | undefined = last >= 0 ? last : undefined; at !== undefined; ) {
    const def = defs[at] as Definition;
    if (offset < def.end) return at;
    // A parent comes before its children: anything else is no parent (and no loop).
    at = def.parent !== undefined && def.parent < at ? def.parent : undefined;
  }
  return undefined;
}

function bindingSymbol(facts: FileFacts, definitions: string[], binding: Binding, index: number): string | undefined {
  if (binding.def !== undefined || binding.import) return undefined;
  if (binding.kind === 'parameter' || binding.kind === 'type_parameter') {
    const owner = enclosingDefinition(facts, lineStartsOf(facts), binding.line, binding.column);
    const symbol = owner === undefined ? undefined : definitions[owner];
    if (symbol && !symbol.startsWith('local ')) {
      const name = escapeName(binding.name);
      return binding.kind === 'parameter' ? `${symbol}(${name})` : `${symbol}[${name}]`;
    }
  }
  return `local b${index}`;
}

const startsCache = new WeakMap<FileFacts, number[]>();
function lineStartsOf(facts: FileFacts): number[] {
  let starts = startsCache.get(facts);
  if (!starts) {
    starts = lineStarts(facts);
    startsCache.set(facts, starts);
  }
  return starts;
}
