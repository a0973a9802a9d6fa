/**
 * Which files an import names. A language declares its module system (`moduleSystem` in its definition); each
 * system lives in its own file here and is resolved from what the index knows of the tree (its files) and from the
 * configuration files that shape it (`tsconfig.json`, `package.json`, `go.mod`, ...), read through the root check.
 * Languages without a declared system fall back to matching the import's path against file paths (`paths.ts`),
 * and what that finds is said to be approximate.
 *
 * Adding a module system: write `<name>.ts` implementing {@link ModuleSystem}, list it in `SYSTEMS` below, and set
 * `moduleSystem: '<name>'` on the languages that use it.
 *
 * @module
 */
import type { LanguageDefinition } from '../languages/define.js';
import type { Condition } from '../model/facts.js';
import { CModules } from '../languages/c/modules.js';
import { DotnetModules } from '../languages/dotnet/modules.js';
import { GoModules } from '../languages/go/modules.js';
import { JvmModules } from '../languages/jvm/modules.js';
import { NodeModules } from '../languages/node/modules.js';
import { moduleFilesByPath } from './paths.js';
import { PhpModules } from '../languages/php/modules.js';
import { PythonModules } from '../languages/python/modules.js';
import { RubyModules } from '../languages/ruby/modules.js';
import { RustModules } from '../languages/rust/modules.js';
import { type DeclarationPath, folderOf, type ArgumentTypes, type ModuleContext, type ModuleSystem } from '../languages/module-system.js';
import { NO_WORDS, type Vocabulary, vocabularyOf } from './vocabulary.js';

export type { DeclarationPath, ModuleContext, ModuleSystem } from '../languages/module-system.js';
export { moduleFilesByPath } from './paths.js';

/** The module systems by the name a language definition gives (`moduleSystem`). */
const SYSTEMS: Record<NonNullable<LanguageDefinition['moduleSystem']>, (context: ModuleContext) => ModuleSystem> = {
  node: (context) => new NodeModules(context),
  go: (context) => new GoModules(context),
  python: (context) => new PythonModules(context),
  jvm: (context) => new JvmModules(context),
  dotnet: (context) => new DotnetModules(context),
  rust: (context) => new RustModules(context),
  c: (context) => new CModules(context),
  ruby: (context) => new RubyModules(context),
  php: (context) => new PhpModules(context),
};

/** What the module resolver reads: what module systems read, and the registered languages by id. */
export interface ModuleResolverContext extends ModuleContext {
  /** The definition of a registered language (the binding words of the language a file was analyzed as). */
  languageNamed(id: string): LanguageDefinition | undefined;
}

/** Resolves imports to the files of the tree, per module system; answers are cached until files come or go. */
export class ModuleResolver {
  readonly #context: ModuleResolverContext;
  readonly #vocabularies = new WeakMap<LanguageDefinition, Vocabulary>();
  #systems = new Map<string, ModuleSystem>();
  #membership: number;
  readonly #cache = new Map<string, Promise<string[]>>();
  readonly #declarations = new Map<string, Promise<DeclarationPath | undefined>>();

  constructor(context: ModuleResolverContext) {
    this.#context = context;
    this.#membership = context.membership();
  }

  /** Whether the language of `from` has an exact module system (else imports are matched against file paths). */
  exact(from: string): boolean {
    return this.#context.language(from)?.moduleSystem !== undefined;
  }

  /** The files an import of `source` in `from` names (none when it is outside the tree). */
  filesOf(from: string, source: string): Promise<string[]> {
    this.#refresh();
    const language = this.#context.language(from);
    const system = this.#system(language);
    const key = `i\u0000${language?.moduleSystem ?? language?.id ?? ''}\u0000${system?.perFile ? from : folderOf(from)}\u0000${source}`;
    // The answer is kept for the folder (its files import alike), so `from` itself is left out after it: a list kept
    // without the file that asked first would lack that file for its neighbours (javac's `JCTree.java` missing from
    // `com.sun.tools.javac.tree` for every other file of the package, depending on which asked first).
    const files = this.#cached(key, async () => {
      if (system) return system.resolve(from, source);
      return moduleFilesByPath(this.#context.files(), from, source, language?.modulePaths).filter((file) => this.#sameFamily(language, file));
    });
    const selfImports = system?.selfImports === true;
    return files.then((list) => (selfImports ? list : list.filter((file) => file !== from)));
  }

  /** Files whose top-level declarations `from` sees without an import (its package's other files), when its system says. */
  implicit(from: string): Promise<string[]> {
    this.#refresh();
    const language = this.#context.language(from);
    const system = this.#system(language);
    if (!system?.implicit) return Promise.resolve([]);
    const implicit = system.implicit.bind(system);
    return this.#cached(`p\u0000${language?.moduleSystem ?? ''}\u0000${from}`, async () => (await implicit(from)).filter((file) => file !== from));
  }

  /** Where to look for an item a source names inside a module, when the source names no module file (`split`). */
  split(from: string, source: string): { parent: string; name: string } | undefined {
    return this.#system(this.#context.language(from))?.split?.(source);
  }

  /** Whether the module system of `from` reads preprocessor conditions (see `ModuleSystem.conditionMayHold`). */
  preprocessed(from: string): boolean {
    return this.#system(this.#context.language(from))?.conditionMayHold !== undefined;
  }

  /** Whether a preprocessor condition of `from` may hold in a common build (true without a preprocessor). */
  conditionMayHold(from: string, condition: Condition, definedInTree: (name: string) => Promise<boolean>): Promise<boolean> {
    const system = this.#system(this.#context.language(from));
    return system?.conditionMayHold ? system.conditionMayHold(from, condition, definedInTree) : Promise.resolve(true);
  }

  /** Whether types of `from`'s module system have tags apart from their names (see `ModuleSystem.tagOf`). */
  hasTags(from: string): boolean {
    return this.#system(this.#context.language(from))?.tagOf !== undefined;
  }

  /** The tag a type alias's value of `from` names (`node` of C's `struct node`), or undefined. */
  tagOf(from: string, aliasValue: string): string | undefined {
    return this.#system(this.#context.language(from))?.tagOf?.(aliasValue);
  }

  /** Which declared parameter types take which arguments in `from`'s language (see `ModuleSystem.argumentTypes`). */
  argumentTypes(from: string): ArgumentTypes | undefined {
    return this.#system(this.#context.language(from))?.argumentTypes;
  }

  /** Whether `module`'s imports are its own (see `ModuleSystem.privateImports`). */
  privateImports(module: string): boolean {
    return this.#system(this.#context.language(module))?.privateImports === true;
  }

  /** Whether qualifiers in `from`'s code may be module paths (`crate::a::f()`). */
  pathQualifiers(from: string): boolean {
    return this.#system(this.#context.language(from))?.pathQualifiers === true;
  }

  /** Files that may add members to the types `from` declares (`companions`), `from` excluded. */
  companions(from: string): Promise<string[]> {
    this.#refresh();
    const language = this.#context.language(from);
    const system = this.#system(language);
    if (!system?.companions) return Promise.resolve([]);
    const companions = system.companions.bind(system);
    return this.#cached(`c\u0000${language?.moduleSystem ?? ''}\u0000${from}`, async () => (await companions(from)).filter((file) => file !== from));
  }

  /** The module a namespace import of `source` in `from` binds `local` to (the source, unless its system says). */
  namespaceModule(from: string, source: string, local: string): string {
    return this.#system(this.#context.language(from))?.namespaceModule?.(source, local) ?? source;
  }

  /** The source of the submodule `name` of the module `source` imports in `from`, when its system has submodules. */
  submodule(from: string, source: string, name: string): string | undefined {
    return this.#system(this.#context.language(from))?.submodule?.(source, name);
  }

  /** The files of the submodule `name` of the package whose file is `module`, when its system has submodules. */
  packageSubmodule(module: string, name: string): Promise<string[]> {
    this.#refresh();
    const language = this.#context.language(module);
    const system = this.#system(language);
    if (!system?.packageSubmodule) return Promise.resolve([]);
    const find = system.packageSubmodule.bind(system);
    return this.#cached(`s\u0000${language?.moduleSystem ?? ''}\u0000${module}\u0000${name}`, () => find(module, name));
  }

  /**
   * The declaration a source names inside a module (`a.b.C` of `import static a.b.C.m`: `C` of module `a.b`), when
   * the source names no module and the system of `from` says.
   */
  declarationOf(from: string, source: string): Promise<DeclarationPath | undefined> {
    this.#refresh();
    const language = this.#context.language(from);
    const system = this.#system(language);
    if (!system?.declaration) return Promise.resolve(undefined);
    const declaration = system.declaration.bind(system);
    const key = `${language?.moduleSystem ?? ''}\u0000${folderOf(from)}\u0000${source}`;
    let pending = this.#declarations.get(key);
    if (!pending) {
      pending = declaration(from, source).catch(() => undefined);
      this.#declarations.set(key, pending);
    }
    return pending;
  }

  /**
   * Whether the language of `from` gives every file `name` from outside the tree (`java.lang.String`, Rust's prelude
   * `Vec`), when its system says.
   */
  builtin(from: string, name: string): boolean {
    return this.#system(this.#context.language(from))?.builtin?.(from, name) ?? false;
  }

  /** Whether the module system of `from` defines functions apart from their declarations (C, C++). */
  definesApart(from: string): boolean {
    return this.#system(this.#context.language(from))?.definesApart === true;
  }

  /**
   * Whether `file` is one other files include (a C or C++ header), for module systems that say (else true): what a
   * source file declares is its own translation unit's.
   */
  includable(file: string): boolean {
    return this.#system(this.#context.language(file))?.includable?.(file) ?? true;
  }

  /** Whether a bare name inside a method of `from` sees its class's members first (C++). */
  membersInScope(from: string): boolean {
    return this.#system(this.#context.language(from))?.membersInScope === true;
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
    this.#declarations.clear();
    this.#systems.clear();
    this.#membership = membership;
  }

  #cached(key: string, compute: () => Promise<string[]>): Promise<string[]> {
    let pending = this.#cache.get(key);
    if (!pending) {
      pending = compute().catch(() => []);
      this.#cache.set(key, pending);
    }
    return pending;
  }

  #system(language: LanguageDefinition | undefined): ModuleSystem | undefined {
    const name = language?.moduleSystem;
    if (!name) return undefined;
    let system = this.#systems.get(name);
    if (!system) {
      system = SYSTEMS[name](this.#context);
      this.#systems.set(name, system);
    }
    return system;
  }

  /** A file of the importing language's family (its own language, or one it falls back to, as C headers to C++). */
  #sameFamily(language: LanguageDefinition | undefined, file: string): boolean {
    const family = new Set([language?.id, language?.fallback?.language].filter((id): id is string => id !== undefined));
    const other = this.#context.language(file);
    return other !== undefined && (family.has(other.id) || (other.fallback !== undefined && family.has(other.fallback.language)));
  }
}
