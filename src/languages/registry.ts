/**
 * The language registry: definitions by id and by extension, grammars and queries loaded lazily, once per
 * registry, with load failures reported per language (one broken grammar never costs the others).
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CodeIndexError, ErrorCode } from '../errors.js';
import {
  compileQuery,
  splitQuery,
  createParser,
  type Language,
  loadGrammar,
  type Parser,
  type Query,
  type WasmInput,
} from '../runtime/tree-sitter.js';
import type { Diagnostic } from '../types.js';
import type { GrammarSource, LanguageDefinition, PackageFile, QuerySource } from './define.js';

/** A language whose grammar and query are loaded and ready to parse and extract with. */
export interface LoadedLanguage {
  /** The definition it was loaded from. */
  readonly definition: LanguageDefinition;
  /** The tree-sitter language. */
  readonly language: Language;
  /**
   * The compiled query (all the definition's query files, concatenated), without the patterns that `cuts` runs.
   */
  readonly query: Query;
  /**
   * The patterns that capture what the grammar misread (`@macro`, `@misread`: queries/README.md), as a query of
   * their own: it runs first, and the file is parsed again without what it captures before `query` runs.
   * `needsErrors`: it can only match a tree with syntax errors. Absent when the language has no such pattern.
   */
  readonly cuts?: { readonly query: Query; readonly needsErrors: boolean };
  /**
   * The patterns that read a preprocessor test as data (`@test.*`: queries/README.md), as a query of their own, run
   * over each test a definition's branch depends on rather than over the file. Absent when the language has none.
   */
  readonly tests?: Query;
  /** A parser set to this language, reused for every parse (parsing is synchronous). */
  readonly parser: Parser;
}

/** The outcome of {@link LanguageRegistry.detectLanguage}. */
export interface LanguageDetection {
  /** The language id, when one matches. */
  language?: string;
  /** The file's extension, lower case with the dot (empty when it has none). */
  extension: string;
  /** Why no language matched: a `TS_UNSUPPORTED_LANGUAGE` diagnostic with the supported extensions. */
  warning?: Diagnostic;
}

/** Health of one registered language, as {@link LanguageRegistry.languages} reports it. */
export interface LanguageStatus {
  /** Language id. */
  id: string;
  /** Human name. */
  name: string;
  /** Its extensions. */
  extensions: string[];
  /** `loaded`, `not-loaded` (not needed yet) or `failed`. */
  state: 'loaded' | 'not-loaded' | 'failed';
  /** Why loading failed. */
  error?: string;
}

/** Options of a {@link LanguageRegistry}. */
export interface LanguageRegistryOptions {
  /**
   * Resolves a file inside an installed npm package to a path. Defaults to Node's module resolution from this
   * package's location.
   */
  resolvePackageFile?: (file: PackageFile) => string;
}

const defaultRequire = createRequire(import.meta.url);

/** Captures of what the grammar misread, run before the rest of the query (see {@link LoadedLanguage.cuts}). */
export const CUT_CAPTURES = ['macro', 'misread'] as const;

/** Captures of the forms a preprocessor test is read into, run over each test (see {@link LoadedLanguage.tests}). */
export const TEST_CAPTURES = ['test.name', 'test.number', 'test.defined', 'test.group', 'test.not', 'test.binary'] as const;

function resolveWithNode(file: PackageFile): string {
  const specifier = `${file.package}/${file.file}`;
  try {
    return defaultRequire.resolve(specifier);
  } catch {
    // Packages with an `exports` map hide their files: find the package folder along Node's lookup paths.
    for (const folder of defaultRequire.resolve.paths(file.package) ?? []) {
      const candidate = `${folder}/${specifier}`;
      try {
        return defaultRequire.resolve(candidate);
      } catch {
        // keep looking
      }
    }
    throw new Error(`Cannot find ${specifier}: is the package ${file.package} installed?`);
  }
}

/**
 * Holds language definitions and loads their grammars and queries on first use.
 *
 * @example
 * ```ts
 * const registry = createDefaultRegistry();
 * registry.register(defineLanguage({ id: 'toy', name: 'Toy', extensions: ['.toy'], grammar, queries }));
 * registry.detectLanguage('src/a.toy'); // { language: 'toy', extension: '.toy' }
 * ```
 */
export class LanguageRegistry {
  readonly #definitions = new Map<string, LanguageDefinition>();
  readonly #byExtension = new Map<string, string>();
  readonly #byFilename = new Map<string, string>();
  readonly #loads = new Map<string, Promise<LoadedLanguage>>();
  readonly #loaded = new Map<string, LoadedLanguage>();
  readonly #failures = new Map<string, string>();
  readonly #sharedQueries = new Set<string>();
  readonly #portable = new Map<string, Promise<LanguageDefinition>>();
  readonly #fingerprints = new Map<string, Promise<string>>();
  readonly #resolvePackageFile: (file: PackageFile) => string;

  constructor(definitions: Iterable<LanguageDefinition> = [], options: LanguageRegistryOptions = {}) {
    this.#resolvePackageFile = options.resolvePackageFile ?? resolveWithNode;
    for (const definition of definitions) this.register(definition);
  }

  /**
   * Adds a language, or replaces the one with the same id (its loaded grammar and query are dropped). Its
   * extensions and file names now map to it.
   */
  register(definition: LanguageDefinition): this {
    const previous = this.#definitions.get(definition.id);
    if (previous) this.#forget(previous);
    this.#definitions.set(definition.id, definition);
    for (const extension of definition.extensions) this.#byExtension.set(extension.toLowerCase(), definition.id);
    for (const filename of definition.filenames ?? []) this.#byFilename.set(filename, definition.id);
    return this;
  }

  /** The definition with this id. */
  get(id: string): LanguageDefinition | undefined {
    return this.#definitions.get(id);
  }

  /** Every registered definition, in registration order. */
  list(): LanguageDefinition[] {
    return [...this.#definitions.values()];
  }

  /** Every extension some language handles, sorted. */
  supportedExtensions(): string[] {
    return [...this.#byExtension.keys()].sort();
  }

  /**
   * The language of a path, by file name first, then by extension (case-insensitive). Never throws: an unknown
   * extension yields a `TS_UNSUPPORTED_LANGUAGE` warning listing the supported extensions.
   */
  detectLanguage(path: string): LanguageDetection {
    // (as basename and extname, without their checks: a walk through a C file's includes asks thousands of times)
    const slash = path.lastIndexOf('/');
    const name = slash >= 0 ? path.slice(slash + 1) : path;
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
    const language = this.#byFilename.get(name) ?? (extension ? this.#byExtension.get(extension) : undefined);
    if (language) return { language, extension };
    const shown = extension || name;
    return {
      extension,
      warning: {
        code: ErrorCode.TS_UNSUPPORTED_LANGUAGE,
        message: `No tree-sitter parser available for ${extension ? `${shown} files` : `"${shown}" (no extension)`}`,
        details: { file_path: path, extension, supported_extensions: this.supportedExtensions() },
      },
    };
  }

  /**
   * Loads a language's grammar and query once; later calls share the result.
   *
   * @throws CodeIndexError `LANGUAGE_LOAD_FAILED` when the grammar or a query cannot be loaded or compiled,
   * `TS_UNSUPPORTED_LANGUAGE` for an unknown id.
   */
  load(id: string): Promise<LoadedLanguage> {
    let pending = this.#loads.get(id);
    if (!pending) {
      const definition = this.#definitions.get(id);
      if (!definition) {
        return Promise.reject(
          new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `Language "${id}" is not registered`, {
            language: id,
            supported_languages: [...this.#definitions.keys()],
          }),
        );
      }
      pending = this.#loadDefinition(definition);
      this.#loads.set(id, pending);
    }
    return pending;
  }

  /** The loaded language, if it has been loaded already (synchronous). */
  getLoaded(id: string): LoadedLanguage | undefined {
    return this.#loaded.get(id);
  }

  /** Health of every registered language: loaded, not needed yet, or failed and why. */
  languages(): LanguageStatus[] {
    return this.list().map((definition) => {
      const error = this.#failures.get(definition.id);
      const state = this.#loaded.has(definition.id) ? 'loaded' : error ? 'failed' : 'not-loaded';
      return {
        id: definition.id,
        name: definition.name,
        extensions: definition.extensions,
        state,
        ...(error ? { error } : {}),
      };
    });
  }

  /**
   * Frees every loaded parser and query (WASM memory). The registry can load them again afterwards. Never throws:
   * a parser left unusable by a fault inside WASM cannot be freed, and is left behind (a few kilobytes).
   */
  dispose(): void {
    for (const definition of this.#definitions.values()) this.#forget(definition);
  }

  /**
   * The definition with its grammar resolved to a file path (or bytes) and its queries read into text: plain data
   * that crosses to a worker thread, which loads exactly what this registry would. Its module system and its SCIP
   * vocabulary stay here (objects of functions, which do not cross; binding and the SCIP export run on this thread).
   * Memoized.
   */
  portable(id: string): Promise<LanguageDefinition> {
    let pending = this.#portable.get(id);
    if (!pending) {
      const definition = this.#definitions.get(id);
      if (!definition) return Promise.reject(new CodeIndexError(ErrorCode.TS_UNSUPPORTED_LANGUAGE, `Language "${id}" is not registered`, { language: id }));
      pending = (async () => {
        const input = await this.#grammarInput(definition.grammar);
        const grammar = typeof input === 'string' ? input : input instanceof URL ? fileURLToPath(input) : new Uint8Array(input);
        const queries = await Promise.all(definition.queries.map(async (source) => ({ text: await readQuerySource(source) })));
        return { ...definition, grammar, queries, moduleSystem: undefined, scip: undefined };
      })();
      pending.catch(() => this.#portable.delete(id));
      this.#portable.set(id, pending);
    }
    return pending;
  }

  /**
   * A fingerprint of everything a language's facts depend on besides the source: the grammar's bytes and the query
   * texts. Stored facts carry it, so an upgraded grammar or an edited query never serves stale facts. Memoized.
   */
  fingerprint(id: string): Promise<string> {
    let pending = this.#fingerprints.get(id);
    if (!pending) {
      pending = this.portable(id).then(async (definition) => {
        const hash = createHash('sha256');
        const grammar = definition.grammar;
        hash.update(typeof grammar === 'string' ? await readFile(grammar) : (grammar as Uint8Array));
        for (const query of definition.queries) hash.update((query as { text: string }).text);
        // The rest of the definition shapes extraction too (doc styles, signature style, export rule, ...); its module
        // system counts by its name (the object holds functions, which JSON leaves out). Which files are tests does not.
        const moduleSystem = this.#definitions.get(id)?.moduleSystem?.name;
        hash.update(JSON.stringify({ ...definition, grammar: undefined, queries: undefined, testFiles: undefined, moduleSystem }));
        return hash.digest('hex').slice(0, 16);
      });
      pending.catch(() => this.#fingerprints.delete(id));
      this.#fingerprints.set(id, pending);
    }
    return pending;
  }

  #forget(definition: LanguageDefinition): void {
    this.#portable.delete(definition.id);
    this.#fingerprints.delete(definition.id);
    const loaded = this.#loaded.get(definition.id);
    if (loaded) {
      try {
        loaded.parser.delete();
        if (!this.#sharedQueries.has(definition.id)) {
          loaded.query.delete();
          loaded.cuts?.query.delete();
          loaded.tests?.delete();
        }
      } catch {
        // A fault left it broken (`memory access out of bounds` in ts_parser_reset): drop it, a new one is made.
      }
    }
    this.#loaded.delete(definition.id);
    this.#loads.delete(definition.id);
    this.#failures.delete(definition.id);
  }

  async #loadDefinition(definition: LanguageDefinition): Promise<LoadedLanguage> {
    let stage = 'grammar';
    try {
      const input = await this.#grammarInput(definition.grammar);
      const language = await loadGrammar(input);
      stage = 'queries';
      const sources = await Promise.all(definition.queries.map((source) => readQuerySource(source)));
      // Grammars from files are shared process-wide (see loadGrammar), and so are their compiled queries.
      const shareable = typeof input === 'string' || input instanceof URL;
      const source = sources.join('\n');
      const { query, shared } = compileQuery(language, source, shareable);
      if (shared) this.#sharedQueries.add(definition.id);
      else this.#sharedQueries.delete(definition.id);
      const cuts = splitQuery(language, query, source, CUT_CAPTURES, shareable);
      const tests = splitQuery(language, query, source, TEST_CAPTURES, shareable)?.query;
      const parser = createParser(language);
      const loaded: LoadedLanguage = { definition, language, query, parser, ...(cuts ? { cuts } : {}), ...(tests ? { tests } : {}) };
      this.#loaded.set(definition.id, loaded);
      return loaded;
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.name : String(error);
      const message = `Could not load the ${stage} of language "${definition.id}": ${reason}`;
      this.#failures.set(definition.id, message);
      throw new CodeIndexError(
        ErrorCode.LANGUAGE_LOAD_FAILED,
        message,
        { language: definition.id, stage },
        {
          cause: error,
        },
      );
    }
  }

  async #grammarInput(source: GrammarSource): Promise<WasmInput> {
    if (typeof source === 'function') return this.#grammarInput(await source());
    if (typeof source === 'string' || source instanceof URL) return source;
    if (source instanceof Uint8Array || source instanceof ArrayBuffer) return source;
    return this.#resolvePackageFile(source);
  }
}

async function readQuerySource(source: QuerySource): Promise<string> {
  if (typeof source === 'string') return readFile(source, 'utf8');
  if (source instanceof URL) return readFile(fileURLToPath(source), 'utf8');
  return source.text;
}
