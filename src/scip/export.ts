/**
 * The index as SCIP, streamed: a metadata record, then one document record per indexed file, in path order, each
 * made from that file's stored facts and dropped before the next (so memory stays bounded on any tree: what is kept
 * is the symbols of the files the last lookups reached, and the package of each folder).
 *
 * A document holds an occurrence for every definition (role Definition, with the definition's span as its enclosing
 * range), every parameter, type parameter and local the file binds, and every reference binding resolves to a
 * definition (role ReadAccess, or Import for the names an import brings in); names that bind to nothing are left out,
 * never guessed. A name imported from a package outside the tree (npm, Python, Go) is that package's external symbol,
 * listed with what is known of it in the index's external symbols. Each definition gets its SymbolInformation: kind,
 * display name, signature, documentation, and the types a class implements or extends as relationships.
 *
 * @module
 */
import { pathToFileURL } from 'node:url';
import { fileIndex } from '../binding/file-index.js';
import type { ModuleResolver } from '../binding/modules.js';
import type { Resolver, Target } from '../binding/resolver.js';
import type { Workspace } from '../engine/workspace.js';
import { listTree, readConfigText } from '../engine/files.js';
import type { LanguageDefinition } from '../languages/define.js';
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import { declarationSpace, kindInfo } from '../model/kinds.js';
import { scopeInsideRoot } from '../operations/target.js';
import {
  documentRecord,
  type DocumentInit,
  externalSymbolRecord,
  metadataRecord,
  type OccurrenceInit,
  PositionEncoding,
  ProtocolVersion,
  SymbolInformation_Kind,
  type SymbolInformationInit,
  SymbolRole,
  TextEncoding,
} from './encode.js';
import { type PackageIdentity, PackageResolver, packagePart } from './packages.js';
import { escapeName, escapePackagePart, type FileSymbols, fileSymbols, lineStarts, SCIP_SCHEME } from './symbols.js';

/** Options of `CodeIndex.exportScip`. */
export interface ScipExportOptions {
  /** Only the files under this root-relative folder (all by default). */
  path?: string;
  /** Stops the export: the generator throws the signal's reason before the next document. */
  signal?: AbortSignal;
  /** Called after each document, with the documents done and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Called for each file the index could not analyze (it has no document), with the reason (`CODE: message`). */
  onSkipped?: (file: string, reason: string) => void;
}

/** What the export reads. */
export interface ScipContext {
  root: string;
  workspace: Workspace;
  resolver: Resolver;
  toolVersion: string;
  /** A registered language by id. */
  language(id: string): LanguageDefinition | undefined;
  /** Which files an import's source names. */
  modules: Pick<ModuleResolver, 'filesOf'>;
  /** The files the index could not analyze, with why (`CODE: message`). */
  skipped(): ReadonlyMap<string, string>;
}

/** External symbols kept for the index's external_symbols (past it, references still name them). */
const MAX_EXTERNAL_SYMBOLS = 100_000;

/** Files whose symbols are kept for the lookups of the next documents. */
const SYMBOL_CACHE_FILES = 256;

/**
 * The exports (of a module, under a name) one binding question remembers before the export starts another: documents
 * share a question, so that a header reached from a thousand files is walked once per name, not once per file.
 */
const MAX_REMEMBERED = 200_000;

/**
 * The SCIP index of the tree, as records whose concatenation is one `Index` message (write them to a file in order).
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a `path` outside the root; the signal's reason when it aborts.
 */
export async function* exportScip(context: ScipContext, options: ScipExportOptions = {}): AsyncGenerator<Uint8Array> {
  const folder = scopeInsideRoot(options.path);
  const files = (await context.workspace.indexFolder(folder)).slice().sort();
  const packages = new PackageResolver(
    {
      read: (file) => readConfigText(context.root, file),
      list: async (dir) => (await listTree(context.root, dir, { maxDepth: 1 })).files.map((file) => file.slice(file.lastIndexOf('/') + 1)),
    },
    context.root.split('/').filter(Boolean).pop() ?? 'root',
  );
  const symbols = new SymbolCache(context, packages);
  yield metadataRecord({
    version: ProtocolVersion.UnspecifiedProtocolVersion,
    toolInfo: { name: 'code-index', version: context.toolVersion, arguments: [] },
    projectRoot: pathToFileURL(context.root).href.replace(/\/?$/, '/'),
    textDocumentEncoding: TextEncoding.UTF8,
  });
  let done = 0;
  let question = context.resolver.question();
  for (const file of files) {
    options.signal?.throwIfAborted();
    const facts = await context.workspace.factsOf(file);
    if (facts && facts.language !== 'unknown') {
      if (question.remembered > MAX_REMEMBERED) question = context.resolver.question();
      const document = await documentOf(context, symbols, file, facts, question);
      if (document) yield documentRecord(document);
    }
    options.onProgress?.(++done, files.length);
  }
  for (const info of symbols.externals.values()) yield externalSymbolRecord(info);
  if (options.onSkipped) {
    for (const [file, reason] of context.skipped()) if (folder === '' || file.startsWith(`${folder}/`)) options.onSkipped(file, reason);
  }
}


/** The symbols of files, computed once and kept for the files the last lookups reached. */
class SymbolCache {
  readonly #context: ScipContext;
  readonly #packages: PackageResolver;
  readonly #files = new Map<string, Promise<FileSymbols | undefined>>();

  constructor(context: ScipContext, packages: PackageResolver) {
    this.#context = context;
    this.#packages = packages;
  }

  /** The symbols of packages outside the tree that references named, with what is known of them. */
  readonly externals = new Map<string, SymbolInformationInit>();
  readonly #versions = new Map<string, Promise<string>>();

  /**
   * The symbol of `name` (undefined: the module itself) imported from `source`, a package outside the tree, as the
   * package's own index would name it as far as the import says: its manager, name and installed version, the
   * import's subpath as namespaces, the name as a term. Undefined for a language whose packages it cannot name, or a
   * relative source.
   */
  async external(language: string, source: string, name: string | undefined): Promise<string | undefined> {
    if (source === '' || source.startsWith('.') || source.startsWith('/') || source.includes('\\')) return undefined;
    const named = this.#context.language(language)?.scip?.externalPackage?.(source);
    if (!named) return undefined;
    const version = named.manager === 'npm' ? await this.#npmVersion(named.name) : '.';
    const prefix = `${escapePackagePart(SCIP_SCHEME)} ${packagePart({ manager: named.manager, name: named.name, version, root: '' })} `;
    const module = `${prefix}${named.path.map((part) => `${escapeName(part)}/`).join('') || `${escapeName(named.name)}/`}`;
    const symbol = name === undefined || name === '*' ? module : `${module}${escapeName(name)}.`;
    if (!this.externals.has(symbol) && this.externals.size < MAX_EXTERNAL_SYMBOLS) {
      this.externals.set(symbol, { symbol, displayName: name === undefined || name === '*' ? source : name });
    }
    return symbol;
  }

  /** The version of an npm package installed in the tree's node_modules, `.` when it is not there. */
  #npmVersion(name: string): Promise<string> {
    let found = this.#versions.get(name);
    if (!found) {
      found = readConfigText(this.#context.root, `node_modules/${name}/package.json`)
        .then((text) => {
          const version = text === undefined ? undefined : (JSON.parse(text) as { version?: unknown }).version;
          return typeof version === 'string' && version !== '' ? version : '.';
        })
        .catch(() => '.');
      this.#versions.set(name, found);
    }
    return found;
  }

  /** The package a file belongs to. */
  packageOf(file: string): Promise<PackageIdentity> {
    return this.#packages.packageOf(file);
  }

  /** A file's symbols, with its facts when the caller has them. */
  of(file: string, facts?: FileFacts): Promise<FileSymbols | undefined> {
    let found = this.#files.get(file);
    if (found) {
      // Most recently used last.
      this.#files.delete(file);
      this.#files.set(file, found);
      return found;
    }
    found = (async () => {
      const own = facts ?? (await this.#context.workspace.factsOf(file));
      if (!own) return undefined;
      const identity = await this.#packages.packageOf(file);
      const prefix = `${escapePackagePart(SCIP_SCHEME)} ${packagePart(identity)} `;
      const inPackage = identity.root && file.startsWith(`${identity.root}/`) ? file.slice(identity.root.length + 1) : file;
      return fileSymbols(own, prefix, inPackage, this.#context.language(own.language)?.scip?.constructorName);
    })();
    this.#files.set(file, found);
    if (this.#files.size > SYMBOL_CACHE_FILES) this.#files.delete(this.#files.keys().next().value as string);
    return found;
  }

  /** The symbol a target names. */
  async ofTarget(target: Target, from: string, own: FileSymbols): Promise<string | undefined> {
    const symbols = target.file === from ? own : await this.of(target.file);
    if (!symbols) return undefined;
    if ('def' in target) {
      const symbol = symbols.definitions[target.def];
      // A local of another file is no name this file can use.
      return symbol && (target.file === from || !symbol.startsWith('local ')) ? symbol : undefined;
    }
    if ('binding' in target) return target.file === from ? symbols.bindings[target.binding] : undefined;
    return symbols.module;
  }
}

/** One file's document, or undefined when it has nothing to say. */
async function documentOf(
  context: ScipContext,
  cache: SymbolCache,
  file: string,
  facts: FileFacts,
  question: ReturnType<Resolver['question']>,
): Promise<DocumentInit | undefined> {
  const own = await cache.of(file, facts);
  if (!own) return undefined;
  const starts = lineStarts(facts);
  const occurrences: OccurrenceInit[] = [];
  const infos: SymbolInformationInit[] = [];
  const lastLine = Math.max(0, facts.lineLengths.length - 1);

  // The file itself, as scip-typescript writes a module: at its first character, enclosing all of it.
  occurrences.push({
    range: [0, 0, 0],
    symbol: own.module,
    symbolRoles: SymbolRole.Definition,
    enclosingRange: [0, 0, lastLine, facts.lineLengths[lastLine] ?? 0],
  });
  infos.push({ symbol: own.module, kind: SymbolInformation_Kind.Module, displayName: file.split('/').pop() ?? file });

  for (let i = 0; i < facts.definitions.length; i++) {
    const def = facts.definitions[i] as Definition;
    const symbol = own.definitions[i];
    if (!symbol) continue;
    occurrences.push({
      range: nameRange(facts, def.line, def.column, def.kind === 'constructor' && symbol.endsWith('`<constructor>`().') ? 'constructor' : def.name),
      symbol,
      symbolRoles: SymbolRole.Definition,
      enclosingRange: enclosingRange(facts, starts, def),
    });
    infos.push(await symbolInformation(context, cache, file, facts, own, i, symbol));
  }

  for (let i = 0; i < facts.bindings.length; i++) {
    const symbol = own.bindings[i];
    const binding = facts.bindings[i];
    if (!symbol || !binding) continue;
    occurrences.push({ range: nameRange(facts, binding.line, binding.column, binding.name), symbol, symbolRoles: SymbolRole.Definition });
    infos.push({
      symbol,
      kind: binding.kind === 'parameter' ? SymbolInformation_Kind.Parameter : binding.kind === 'type_parameter' ? SymbolInformation_Kind.TypeParameter : SymbolInformation_Kind.Variable,
      displayName: binding.name,
      ...(binding.type ? { signatureDocumentation: { language: facts.language, text: `${binding.name}: ${binding.type}`, relativePath: file } } : {}),
    });
  }

  for (const ref of facts.references) {
    for (const symbol of await referenceSymbols(context, cache, file, facts, own, ref, question)) {
      occurrences.push({
        range: nameRange(facts, ref.line, ref.column, ref.name),
        symbol,
        symbolRoles: ref.kind === 'import' ? SymbolRole.Import : SymbolRole.ReadAccess,
      });
    }
  }

  // The modules imports and re-exports name, where they write them (`'./a'`): the module's symbol, in the tree or
  // of a package outside it.
  const written: number[][] = [];
  for (const source of facts.moduleSources ?? []) {
    const symbol = await moduleSymbol(context, cache, file, facts, own, source.source);
    if (!symbol) continue;
    const row = source.line - 1;
    const length = facts.lineLengths[row] ?? 0;
    const start = Math.min(source.column - 1, length);
    const range = [row, start, Math.max(start, Math.min(source.endColumn - 1, length))];
    occurrences.push({ range, symbol, symbolRoles: SymbolRole.Import });
    written.push(range);
  }
  // A namespace import's name (`A` of `import * as A from './a'`) names the module too, unless the name is the source
  // itself (Go's `import "fmt"` binds `fmt` there).
  const insideSource = (line: number, column: number) => written.some(([row, start = 0, end = 0]) => row === line - 1 && column - 1 >= start && column - 1 < end);
  for (const binding of facts.bindings) {
    if (binding.import?.name !== '*' || binding.def !== undefined || insideSource(binding.line, binding.column)) continue;
    const symbol = await moduleSymbol(context, cache, file, facts, own, binding.import.source);
    if (symbol) occurrences.push({ range: nameRange(facts, binding.line, binding.column, binding.name), symbol, symbolRoles: SymbolRole.Import });
  }

  occurrences.sort((a, b) => compareRanges(a.range as number[], b.range as number[]));
  const definition = context.language(facts.language);
  const language = definition?.scip?.language ?? definition?.name.replace(/[^A-Za-z0-9]/g, '') ?? facts.language;
  return { relativePath: file, language, occurrences, symbols: infos, positionEncoding: PositionEncoding.UTF16CodeUnitOffsetFromLineStart };
}

/** The module an import's source names from a file: its symbol, in the tree (its first file) or of a package outside it. */
async function moduleSymbol(context: ScipContext, cache: SymbolCache, file: string, facts: FileFacts, own: FileSymbols, source: string): Promise<string | undefined> {
  const [target] = await context.modules.filesOf(file, source);
  if (target === undefined) return cache.external(facts.language, source, undefined);
  return (target === file ? own : await cache.of(target))?.module;
}

/**
 * What a reference leads to, when binding finds its definition (a name that binds to nothing gives nothing): one
 * symbol, or one per declaration of a merged name (see {@link mergedWith}).
 */
async function referenceSymbols(
  context: ScipContext,
  cache: SymbolCache,
  file: string,
  facts: FileFacts,
  own: FileSymbols,
  ref: Reference,
  question: ReturnType<Resolver['question']>,
): Promise<string[]> {
  // A name bound in the file to a parameter or local: its own symbol, no lookup needed.
  if (ref.binding !== undefined && ref.qualifier === undefined) {
    const binding = facts.bindings[ref.binding];
    if (binding && binding.def === undefined && !binding.import) {
      const symbol = own.bindings[ref.binding];
      return symbol ? [symbol] : [];
    }
  }
  let lookup;
  try {
    lookup = await context.resolver.lookupOf(file, facts, ref, question);
  } catch {
    return [];
  }
  if (lookup.how === 'external') {
    const symbol = await externalReference(cache, facts, ref);
    return symbol ? [symbol] : [];
  }
  if (lookup.how !== 'bound') return [];
  const target = lookup.targets.length > 1 ? await inSpace(context, ref, lookup.targets) : lookup.targets[0];
  if (!target) return [];
  // `new C()` (a class reference with arguments) calls C's constructor when it declares one, as compilers say.
  if (ref.kind === 'class' && ref.arity !== undefined && 'def' in target) {
    const constructor = await constructorOf(context, target);
    const symbol = constructor && (await cache.ofTarget(constructor, file, own));
    if (symbol) return [symbol];
  }
  const symbols: string[] = [];
  for (const each of [target, ...(await mergedWith(context, target))]) {
    const symbol = await cache.ofTarget(each, file, own);
    if (symbol && !symbols.includes(symbol)) symbols.push(symbol);
  }
  return symbols;
}

/** Other declarations of one merged name an occurrence names at most. */
const MAX_MERGED = 3;

/**
 * The other declarations a target's name merges with, in a language whose names have declaration spaces
 * (TypeScript's `interface Check` beside `const Check`, `interface Effect` beside `namespace Effect`, interfaces
 * declared twice): the declarations of that name in the same scope of the same file. The name is each of them, in a
 * type position as in a value position, and scip-typescript writes an occurrence for each.
 */
async function mergedWith(context: ScipContext, target: Target): Promise<Target[]> {
  if (!('def' in target)) return [];
  const facts = await context.workspace.factsOf(target.file);
  const def = facts?.definitions[target.def];
  if (!facts || !def || def.local || context.language(facts.language)?.binding?.declarationSpaces !== true) return [];
  const partners: Target[] = [];
  for (const i of fileIndex(facts).named.get(def.name) ?? []) {
    const other = facts.definitions[i];
    if (i !== target.def && other && !other.local && other.parent === def.parent && partners.length < MAX_MERGED) partners.push({ file: target.file, def: i });
  }
  return partners;
}

/**
 * The external symbol of a reference binding found outside the tree, when an import of the file says from where: a
 * name imported from a package (`Observable` of `import { Observable } from 'rxjs'`), or a member of a namespace
 * import (`np.array` of `import numpy as np`). Builtins and deeper chains give nothing.
 */
async function externalReference(cache: SymbolCache, facts: FileFacts, ref: Reference): Promise<string | undefined> {
  // The import a name is bound to: the reference's binding, else the file's own import of that name (binding said
  // the name leads outside the tree, so it is bound to an import).
  const importOf = (index: number | undefined, name: string) => (index === undefined ? topImports(facts).get(name) : facts.bindings[index]?.import);
  if (ref.qualifier === undefined) {
    const imported = importOf(ref.binding, ref.name);
    return imported ? cache.external(facts.language, imported.source, imported.name === 'default' ? undefined : imported.name) : undefined;
  }
  const imported = importOf(ref.qualifierBinding, ref.qualifier);
  if (imported?.name === '*') return cache.external(facts.language, imported.source, ref.name);
  return undefined;
}

const topImportsCache = new WeakMap<FileFacts, Map<string, { source: string; name: string }>>();

/** A file's own imports by the name they bind, made once per file (not searched for each reference). */
function topImports(facts: FileFacts): Map<string, { source: string; name: string }> {
  let found = topImportsCache.get(facts);
  if (!found) {
    found = new Map();
    for (const binding of facts.bindings) if (binding.top && binding.import && !found.has(binding.name)) found.set(binding.name, binding.import);
    topImportsCache.set(facts, found);
  }
  return found;
}

/**
 * Of several targets (a type and a value of one name, `type T = ...` beside `const T = ...`), the first in the
 * declaration space the reference is in: a type reference names a type, any other use a value. SCIP gives an
 * occurrence one symbol.
 */
async function inSpace(context: ScipContext, ref: Reference, targets: Target[]): Promise<Target | undefined> {
  const wanted = ref.kind === 'type' || ref.kind === 'interface' || ref.kind === 'implementation' ? 'type' : 'value';
  const spaces: Array<'type' | 'value' | 'both'> = [];
  for (const target of targets) {
    const def = 'def' in target ? (await context.workspace.factsOf(target.file))?.definitions[target.def] : undefined;
    spaces.push(def ? declarationSpace(def.kind) : 'both');
  }
  // A declaration of that space alone first (the interface `Effect` of `Effect.Effect<A>`, not the namespace of the
  // same name beside it), then one of both spaces.
  const at = spaces.indexOf(wanted);
  return targets[at >= 0 ? at : Math.max(0, spaces.indexOf('both'))];
}

/** The constructor declared in a class a target names, when the reference constructs it. */
async function constructorOf(context: ScipContext, target: Extract<Target, { def: number }>): Promise<Target | undefined> {
  const facts = await context.workspace.factsOf(target.file);
  const def = facts?.definitions[target.def];
  if (!facts || !def || kindInfo(def.kind).category !== 'class') return undefined;
  for (let i = target.def + 1; i < facts.definitions.length; i++) {
    const member = facts.definitions[i] as Definition;
    if (member.start >= def.end) break;
    if (member.parent === target.def && member.kind === 'constructor') return { file: target.file, def: i };
  }
  return undefined;
}

/** SymbolInformation of a definition. */
async function symbolInformation(
  context: ScipContext,
  cache: SymbolCache,
  file: string,
  facts: FileFacts,
  own: FileSymbols,
  index: number,
  symbol: string,
): Promise<SymbolInformationInit> {
  const def = facts.definitions[index] as Definition;
  const info: SymbolInformationInit = { symbol, kind: symbolKind(def), displayName: def.name };
  const signature = def.signature ?? (def.type ? `${def.name}: ${def.type}` : undefined);
  if (signature) info.signatureDocumentation = { language: facts.language, text: signature, relativePath: file };
  if (def.doc) info.documentation = [def.doc];
  const parent = def.parent === undefined ? undefined : own.definitions[def.parent];
  if (parent && !symbol.startsWith('local ')) info.enclosingSymbol = parent;
  if ((def.extends?.length || def.implements?.length) && !symbol.startsWith('local ')) {
    try {
      const bases = await context.resolver.basesOf(file, facts, index);
      const relationships = [];
      for (const base of bases.slice(0, 32)) {
        const baseSymbol = await cache.ofTarget(base, file, own);
        if (baseSymbol && !baseSymbol.startsWith('local ')) relationships.push({ symbol: baseSymbol, isImplementation: true });
      }
      if (relationships.length) info.relationships = relationships;
    } catch {
      // A base that cannot be followed is no relationship.
    }
  }
  return info;
}

const KINDS: Record<string, SymbolInformation_Kind> = {
  function: SymbolInformation_Kind.Function,
  method: SymbolInformation_Kind.Method,
  constructor: SymbolInformation_Kind.Constructor,
  macro: SymbolInformation_Kind.Macro,
  class: SymbolInformation_Kind.Class,
  struct: SymbolInformation_Kind.Struct,
  trait: SymbolInformation_Kind.Trait,
  object: SymbolInformation_Kind.Object,
  impl: SymbolInformation_Kind.Class,
  interface: SymbolInformation_Kind.Interface,
  type: SymbolInformation_Kind.TypeAlias,
  enum: SymbolInformation_Kind.Enum,
  union: SymbolInformation_Kind.Union,
  constant: SymbolInformation_Kind.Constant,
  variable: SymbolInformation_Kind.Variable,
  property: SymbolInformation_Kind.Property,
  field: SymbolInformation_Kind.Field,
  module: SymbolInformation_Kind.Module,
  namespace: SymbolInformation_Kind.Namespace,
  package: SymbolInformation_Kind.Package,
  protocol: SymbolInformation_Kind.Protocol,
  typedef: SymbolInformation_Kind.TypeAlias,
};

function symbolKind(def: Definition): SymbolInformation_Kind {
  return KINDS[def.kind] ?? SymbolInformation_Kind.UnspecifiedKind;
}

/** The range of a name at a 1-based line and UTF-16 column: `[line, start, end]`, 0-based, inside the line. */
function nameRange(facts: FileFacts, line: number, column: number, name: string): number[] {
  const row = Math.max(0, line - 1);
  const length = facts.lineLengths[row] ?? 0;
  const start = Math.min(Math.max(0, column - 1), length);
  return [row, start, Math.min(start + name.length, length)];
}

/**
 * A definition's span as `[startLine, startColumn, endLine, endColumn]`: from its start offset (line breaks counted
 * as the file writes them where they are all alike, else as one unit, and never after its name) to the end of its
 * last line.
 */
function enclosingRange(facts: FileFacts, starts: number[], def: Definition): number[] | undefined {
  if (def.endLine < def.line) return undefined;
  let low = 0;
  let high = starts.length - 1;
  let row = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= def.start) {
      row = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  let column = def.start - (starts[row] as number);
  // A file with mixed breaks puts an offset later than counted: never past the name.
  if (row > def.line - 1 || (row === def.line - 1 && column > def.column - 1)) {
    row = def.line - 1;
    column = def.column - 1;
  }
  column = Math.min(column, facts.lineLengths[row] ?? 0);
  const endRow = Math.min(def.endLine - 1, facts.lineLengths.length - 1);
  return [row, column, endRow, facts.lineLengths[endRow] ?? 0];
}

function compareRanges(a: number[], b: number[]): number {
  return (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0);
}
