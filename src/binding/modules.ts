/**
 * Which files an import names. A language carries its module system (`moduleSystem` in its definition: an object
 * defined beside the family's definitions, `languages/node/modules.ts`, or a user's own); each system is created over
 * the tree from what the index knows of it (its files) and the configuration files that shape it (`tsconfig.json`,
 * `package.json`, `go.mod`, ...), read through the root check. Languages without a system fall back to matching the
 * import's path against file paths (`paths.ts`), and what that finds is said to be approximate.
 *
 * This module imports no language family: the systems reach it through the definitions.
 *
 * @module
 */
import type { LanguageDefinition } from '../languages/define.js';
import {
  type ArgumentTypes,
  type DeclarationPath,
  folderOf,
  type ModuleContext,
  type ModuleSystem,
  type ModuleSystemDefinition,
  ModuleWarning,
} from '../languages/module-system.js';
import type { Condition, FileFacts } from '../model/facts.js';
import type { Diagnostic } from '../types.js';
import { moduleFilesByPath } from './paths.js';
import { NO_WORDS, type Vocabulary, vocabularyOf } from './vocabulary.js';

/** What the module resolver reads: the tree's files and configuration, and its languages. */
export interface ModuleResolverContext {
  /** The text of a small configuration file inside the root (see `ModuleContext.readText`). */
  readText(file: string): Promise<string | undefined>;
  /** Every indexed or listed file (root-relative). */
  files(): ReadonlySet<string>;
  /** Changes when files are added or removed (what was resolved before is forgotten). */
  membership(): number;
  /** Definition of a file's language (undefined when none handles it). */
  language(file: string): LanguageDefinition | undefined;
  /** The definition of a registered language (the binding words of the language a file was analyzed as). */
  languageNamed(id: string): LanguageDefinition | undefined;
  /** The facts of a file of the tree (analyzing it when it was not); optional. */
  facts?(file: string): Promise<FileFacts | undefined>;
}

/** Most warnings kept (each is kept once). */
const MAX_WARNINGS = 100;

/** A file's language and the module system it carries, as one question about the file finds them. */
interface SystemOf {
  language: LanguageDefinition | undefined;
  system: ModuleSystem | undefined;
  /** The system's name (for warnings). */
  name: string;
  /** The system's part of cache keys (the language's id for a language without one). */
  key: string;
}

/** Which module system was asked what, for whom (what a warning about its failure says). */
interface Asked {
  name: string;
  what: string;
  from: string;
}

/** What a module system answers when it cannot be created: nothing. */
const FAILED_SYSTEM: ModuleSystem = { resolve: () => Promise.resolve([]) };

/** Files whose answers {@link ModuleResolver.filesOf} keeps by file (past it, they are forgotten and asked again). */
const MAX_FILES_ASKING = 20_000;

/** Resolves imports to the files of the tree, per module system; answers are cached until files come or go. */
export class ModuleResolver {
  readonly #context: ModuleResolverContext;
  /** What the systems are given. */
  readonly #systemContext: ModuleContext;
  readonly #vocabularies = new WeakMap<LanguageDefinition, Vocabulary>();
  /** One system per definition object, as long as the tree's file list stays (languages sharing one share it). */
  #systems = new Map<ModuleSystemDefinition, ModuleSystem>();
  /** A number per definition object, for cache keys (two systems may have one name). */
  readonly #keys = new Map<ModuleSystemDefinition, string>();
  #membership: number;
  readonly #cache = new Map<string, Promise<string[]>>();
  /** {@link ModuleResolver.filesOf}'s answers by the asking file, then the source. */
  readonly #filesOfFile = new Map<string, Map<string, Promise<string[]>>>();
  readonly #declarations = new Map<string, Promise<DeclarationPath | undefined>>();
  readonly #warnings = new Map<string, Diagnostic>();

  constructor(context: ModuleResolverContext) {
    this.#context = context;
    this.#membership = context.membership();
    const facts = context.facts?.bind(context);
    this.#systemContext = {
      readText: (file) => context.readText(file),
      files: () => context.files(),
      membership: () => context.membership(),
      systemOf: (file) => context.language(file)?.moduleSystem,
      ...(facts ? { declarations: async (file: string) => (await facts(file))?.definitions } : {}),
      warn: (warning) => this.#warn(warning),
    };
  }

  /** The problems the module systems met (a configuration file that does not parse, a system that failed), once each. */
  get warnings(): readonly Diagnostic[] {
    return [...this.#warnings.values()];
  }

  /** Whether the language of `from` has an exact module system (else imports are matched against file paths). */
  exact(from: string): boolean {
    return this.#context.language(from)?.moduleSystem !== undefined;
  }

  /** The files an import of `source` in `from` names (none when it is outside the tree). Do not change the list. */
  filesOf(from: string, source: string): Promise<string[]> {
    this.#refresh();
    // (a walk through a C file's includes asks this a few thousand times: answered without making a key)
    let ofFile = this.#filesOfFile.get(from);
    if (!ofFile) {
      if (this.#filesOfFile.size >= MAX_FILES_ASKING) this.#filesOfFile.clear();
      ofFile = new Map();
      this.#filesOfFile.set(from, ofFile);
    }
    let files = ofFile.get(source);
    if (!files) {
      files = this.#filesOf(from, source);
      ofFile.set(source, files);
    }
    return files;
  }

  /** {@link ModuleResolver.filesOf}, computed (once per folder and source, unless its system resolves per file). */
  #filesOf(from: string, source: string): Promise<string[]> {
    const { language, system, name, key } = this.#systemOf(from);
    // The answer is kept for the folder (its files import alike), so `from` itself is left out after it: a list kept
    // without the file that asked first would lack that file for its neighbours (javac's `JCTree.java` missing from
    // `com.sun.tools.javac.tree` for every other file of the package, depending on which asked first).
    const cacheKey = `i\u0000${key}\u0000${system?.perFile ? from : folderOf(from)}\u0000${source}`;
    const files = this.#cached(cacheKey, { name, what: 'resolve', from }, async () => {
      if (system) return system.resolve(from, source);
      return moduleFilesByPath(this.#context.files(), from, source, language?.modulePaths).filter((file) => this.#sameFamily(language, file));
    });
    const selfImports = system?.selfImports === true;
    return files.then((list) => (selfImports ? list : list.filter((file) => file !== from)));
  }

  /** Files whose top-level declarations `from` sees without an import (its package's other files), when its system says. */
  implicit(from: string): Promise<string[]> {
    this.#refresh();
    const { system, name, key } = this.#systemOf(from);
    if (!system?.implicit) return Promise.resolve([]);
    const implicit = system.implicit.bind(system);
    const asked = { name, what: 'implicit', from };
    return this.#cached(`p\u0000${key}\u0000${from}`, asked, async () => (await implicit(from)).filter((file) => file !== from));
  }

  /** Where to look for an item a source names inside a module, when the source names no module file (`split`). */
  split(from: string, source: string): { parent: string; name: string } | undefined {
    const { system, name } = this.#systemOf(from);
    return this.#guarded({ name, what: 'split', from }, () => system?.split?.(source), undefined);
  }

  /** Whether the module system of `from` reads preprocessor conditions (see `ModuleSystem.conditionMayHold`). */
  preprocessed(from: string): boolean {
    return this.#systemOf(from).system?.conditionMayHold !== undefined;
  }

  /** Whether a preprocessor condition of `from` may hold in a common build (true without a preprocessor). */
  conditionMayHold(from: string, condition: Condition, definedInTree: (name: string) => Promise<boolean | undefined>): Promise<boolean> {
    const { system, name } = this.#systemOf(from);
    const hook = system?.conditionMayHold?.bind(system);
    if (!hook) return Promise.resolve(true);
    // (a failure of the tree's name table is not the system's: it goes on to the caller)
    let tableFailed: { error: unknown } | undefined;
    const defined = (macro: string) =>
      definedInTree(macro).catch((error: unknown) => {
        tableFailed = { error };
        throw error;
      });
    return Promise.resolve()
      .then(() => hook(from, condition, defined))
      .catch((error: unknown) => {
        if (tableFailed) throw tableFailed.error;
        this.#failed({ name, what: 'conditionMayHold', from }, error);
        return true;
      });
  }

  /** Whether types of `from`'s module system have tags apart from their names (see `ModuleSystem.tagOf`). */
  hasTags(from: string): boolean {
    return this.#systemOf(from).system?.tagOf !== undefined;
  }

  /** The tag a type alias's value of `from` names (`node` of C's `struct node`), or undefined. */
  tagOf(from: string, aliasValue: string): string | undefined {
    const { system, name } = this.#systemOf(from);
    return this.#guarded({ name, what: 'tagOf', from }, () => system?.tagOf?.(aliasValue), undefined);
  }

  /** Which declared parameter types take which arguments in `from`'s language (see `ModuleSystem.argumentTypes`). */
  argumentTypes(from: string): ArgumentTypes | undefined {
    return this.#systemOf(from).system?.argumentTypes;
  }

  /** Whether `module`'s imports are its own (see `ModuleSystem.privateImports`). */
  privateImports(module: string): boolean {
    return this.#systemOf(module).system?.privateImports === true;
  }

  /** Whether qualifiers in `from`'s code may be module paths (`crate::a::f()`). */
  pathQualifiers(from: string): boolean {
    return this.#systemOf(from).system?.pathQualifiers === true;
  }

  /** Files that may add members to the types `from` declares (`companions`), `from` excluded. */
  companions(from: string): Promise<string[]> {
    this.#refresh();
    const { system, name, key } = this.#systemOf(from);
    if (!system?.companions) return Promise.resolve([]);
    const companions = system.companions.bind(system);
    const asked = { name, what: 'companions', from };
    return this.#cached(`c\u0000${key}\u0000${from}`, asked, async () => (await companions(from)).filter((file) => file !== from));
  }

  /** The module a namespace import of `source` in `from` binds `local` to (the source, unless its system says). */
  namespaceModule(from: string, source: string, local: string): string {
    const { system, name } = this.#systemOf(from);
    return this.#guarded({ name, what: 'namespaceModule', from }, () => system?.namespaceModule?.(source, local), undefined) ?? source;
  }

  /** The source of the submodule `name` of the module `source` imports in `from`, when its system has submodules. */
  submodule(from: string, source: string, name: string): string | undefined {
    const found = this.#systemOf(from);
    return this.#guarded({ name: found.name, what: 'submodule', from }, () => found.system?.submodule?.(source, name), undefined);
  }

  /** The files of the submodule `name` of the package whose file is `module`, when its system has submodules. */
  packageSubmodule(module: string, name: string): Promise<string[]> {
    this.#refresh();
    const found = this.#systemOf(module);
    const system = found.system;
    if (!system?.packageSubmodule) return Promise.resolve([]);
    const find = system.packageSubmodule.bind(system);
    const asked = { name: found.name, what: 'packageSubmodule', from: module };
    return this.#cached(`s\u0000${found.key}\u0000${module}\u0000${name}`, asked, () => find(module, name));
  }

  /**
   * The declaration a source names inside a module (`a.b.C` of `import static a.b.C.m`: `C` of module `a.b`), when
   * the source names no module and the system of `from` says.
   */
  declarationOf(from: string, source: string): Promise<DeclarationPath | undefined> {
    this.#refresh();
    const { system, name, key } = this.#systemOf(from);
    if (!system?.declaration) return Promise.resolve(undefined);
    const declaration = system.declaration.bind(system);
    const cacheKey = `${key}\u0000${folderOf(from)}\u0000${source}`;
    let pending = this.#declarations.get(cacheKey);
    if (!pending) {
      pending = Promise.resolve()
        .then(() => declaration(from, source))
        .catch((error: unknown) => {
          this.#failed({ name, what: 'declaration', from }, error);
          return undefined;
        });
      this.#declarations.set(cacheKey, pending);
    }
    return pending;
  }

  /**
   * Whether the language of `from` gives every file `name` from outside the tree (`java.lang.String`, Rust's prelude
   * `Vec`), when its system says.
   */
  builtin(from: string, name: string): boolean {
    const found = this.#systemOf(from);
    return this.#guarded({ name: found.name, what: 'builtin', from }, () => found.system?.builtin?.(from, name), undefined) ?? false;
  }

  /** Whether the module system of `from` defines functions apart from their declarations (C, C++). */
  definesApart(from: string): boolean {
    return this.#systemOf(from).system?.definesApart === true;
  }

  /**
   * Whether `file` is one other files include (a C or C++ header), for module systems that say (else true): what a
   * source file declares is its own translation unit's.
   */
  includable(file: string): boolean {
    const { system, name } = this.#systemOf(file);
    return this.#guarded({ name, what: 'includable', from: file }, () => system?.includable?.(file), undefined) ?? true;
  }

  /** Whether a bare name inside a method of `from` sees its class's members first (C++). */
  membersInScope(from: string): boolean {
    return this.#systemOf(from).system?.membersInScope === true;
  }

  /**
   * The binding words of a language (by id: the language a file was analyzed as, `FileFacts.language`), with those of
   * the languages it embeds.
   */
  vocabulary(language: string): Vocabulary {
    const definition = this.#context.languageNamed(language);
    if (!definition) return NO_WORDS;
    let words = this.#vocabularies.get(definition);
    if (!words) {
      words = vocabularyOf(definition, (id) => this.#context.languageNamed(id));
      this.#vocabularies.set(definition, words);
    }
    return words;
  }

  /** Forgets what was resolved when files came or went. */
  #refresh(): void {
    const membership = this.#context.membership();
    if (membership === this.#membership) return;
    this.#cache.clear();
    this.#filesOfFile.clear();
    this.#declarations.clear();
    this.#systems.clear();
    this.#membership = membership;
  }

  /** A list of files computed once per key; a failure to compute it is a warning and no files. */
  #cached(key: string, asked: Asked, compute: () => Promise<string[]>): Promise<string[]> {
    let pending = this.#cache.get(key);
    if (!pending) {
      pending = Promise.resolve()
        .then(compute)
        .catch((error: unknown) => {
          this.#failed(asked, error);
          return [];
        });
      this.#cache.set(key, pending);
    }
    return pending;
  }

  /** What a hook of a module system answers; its throwing is a warning and `fallback`. */
  #guarded<T, F>(asked: Asked, hook: () => T, fallback: F): T | F {
    try {
      return hook();
    } catch (error) {
      this.#failed(asked, error);
      return fallback;
    }
  }

  /** A module system's failure, as a warning: the imports it would have resolved are not bound. */
  #failed(asked: Asked, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    this.#warn({
      code: ModuleWarning.SYSTEM_FAILED,
      message: `The module system "${asked.name}" failed (${asked.what}: ${reason}): the imports it would resolve are not bound`,
      details: { system: asked.name, operation: asked.what, file: asked.from, reason },
    });
  }

  /** Keeps a warning, once. */
  #warn(warning: Diagnostic): void {
    const key = `${warning.code}\u0000${warning.message}`;
    if (this.#warnings.has(key) || this.#warnings.size >= MAX_WARNINGS) return;
    this.#warnings.set(key, warning);
  }

  /** The language of `from`, the module system it carries (created on first use) and that system's cache key. */
  #systemOf(from: string): SystemOf {
    const language = this.#context.language(from);
    const definition = language?.moduleSystem;
    if (!definition) return { language, system: undefined, name: '', key: `l:${language?.id ?? ''}` };
    const name = definition.name;
    let system = this.#systems.get(definition);
    if (!system) {
      system = this.#guarded({ name, what: 'create', from }, () => definition.create(this.#systemContext), FAILED_SYSTEM);
      this.#systems.set(definition, system);
    }
    let key = this.#keys.get(definition);
    if (key === undefined) {
      key = `s${this.#keys.size}:${name}`;
      this.#keys.set(definition, key);
    }
    return { language, system, name, key };
  }

  /** A file of the importing language's family (its own language, or one it falls back to, as C headers to C++). */
  #sameFamily(language: LanguageDefinition | undefined, file: string): boolean {
    const family = new Set([language?.id, language?.fallback?.language].filter((id): id is string => id !== undefined));
    const other = this.#context.language(file);
    return other !== undefined && (family.has(other.id) || (other.fallback !== undefined && family.has(other.fallback.language)));
  }
}
