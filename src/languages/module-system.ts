/**
 * What a module system is given and what it answers: the contract between binding and one language family's way of
 * naming modules (Node's specifiers, Python's packages, Java's packages, C's includes, ...). A language definition
 * carries its system as an object ({@link ModuleSystemDefinition}, `moduleSystem` of `LanguageDefinition`), defined
 * beside the family's definitions (`languages/node/modules.ts`); languages carrying the same object share one system
 * per tree. A system is created per tree and recreated when files are added or removed, so it may cache what it reads.
 *
 * @module
 */
import { posix } from 'node:path';
import type { Condition } from '../model/facts.js';
import type { Diagnostic } from '../types.js';

/**
 * A module system as a language definition carries it: its name and how to create it over a tree.
 *
 * @example
 * ```ts
 * // Lua's `require("app.util")` names `app/util.lua` or `app/util/init.lua`.
 * const luaModules = defineModuleSystem({
 *   name: 'lua-require',
 *   create: (context) => ({
 *     resolve: async (_from, source) => {
 *       const path = source.replace(/^["']|["']$/g, '').split('.').join('/');
 *       return [`${path}.lua`, `${path}/init.lua`].filter((file) => context.files().has(file));
 *     },
 *   }),
 * });
 * ```
 */
export interface ModuleSystemDefinition {
  /**
   * A short name that says which system it is (`node`, `python`, `lua-require`): a language's fingerprint counts it,
   * and warnings name it.
   */
  readonly name: string;
  /**
   * Creates the system for a tree (again when files are added or removed). A system that throws, or whose answer
   * fails, costs only that answer: the failure is a warning (`CodeIndex.stats().warnings`) and the import is unbound.
   */
  create(context: ModuleContext): ModuleSystem;
}

/** Declares a module system: an identity function that gives the object its type (see {@link ModuleSystemDefinition}). */
export function defineModuleSystem(definition: ModuleSystemDefinition): ModuleSystemDefinition {
  return definition;
}

/**
 * A definition of a file as a module system reads it, for systems whose modules are declared in the sources (C#'s
 * `namespace A.B`, PHP's `namespace A\B;`, Go's `package main`).
 */
export interface ModuleDeclaration {
  /** Kind from the tags vocabulary: `module` (a namespace), `package` (Go's package clause), `class`, ... */
  readonly kind: string;
  /** The name as written (`A.B` of C#'s `namespace A.B`). */
  readonly name: string;
  /** Index of the enclosing definition, among the file's. */
  readonly parent?: number;
  /** Where the definition starts, in UTF-16 offsets. */
  readonly start: number;
  /** Where the definition ends, in UTF-16 offsets. */
  readonly end: number;
  /** Modifiers as written (Go's package clause: the file's build constraints). */
  readonly modifiers?: readonly string[];
}

/** What a module system reads: the tree's files, and small configuration files inside the root. */
export interface ModuleContext {
  /**
   * The text of a small configuration file inside the root (`tsconfig.json`, `go.mod`, `Cargo.toml`), read through the
   * root check and a size bound; undefined when there is none or it cannot be read.
   */
  readText(file: string): Promise<string | undefined>;
  /** Every indexed or listed file (root-relative). */
  files(): ReadonlySet<string>;
  /** Changes when files are added or removed (what was resolved before is forgotten). */
  membership(): number;
  /**
   * The module system of a file's language (undefined when it has none, or no language handles the file): which of
   * the tree's files are a system's own (a `.json` file is no Node module; a Java package holds Kotlin files too).
   */
  systemOf(file: string): ModuleSystemDefinition | undefined;
  /**
   * The definitions of a file of the tree (analyzing it when it was not), for systems whose modules are declared in
   * the sources rather than by paths (C#'s namespaces). Optional: a system reading it is bounded by the files it asks.
   */
  declarations?(file: string): Promise<readonly ModuleDeclaration[] | undefined>;
  /**
   * Reports a problem that leaves the system's answers incomplete, such as a configuration file that exists but does
   * not parse: it is one of `CodeIndex.stats().warnings` (the same warning once).
   */
  warn(warning: Diagnostic): void;
}

/** A declaration inside a module, named by an import source (`a.b.C` of Java's `import static a.b.C.m`). */
export interface DeclarationPath {
  /** The module's source (`a.b`). */
  source: string;
  /** The names from the module's top level down (`['C']`, `['Outer', 'Inner']`). */
  path: string[];
}

/** One language family's module resolution. */
export interface ModuleSystem {
  /**
   * The files an import of `source` written in `from` names (a module may be several files: a Go package, a folder).
   * Empty when it names nothing in the tree (a dependency, the standard library).
   */
  resolve(from: string, source: string): Promise<string[]>;
  /**
   * Files whose top-level declarations `from` sees without importing them: the other files of a Go package or a Java
   * package. Optional.
   */
  implicit?(from: string): Promise<string[]>;
  /**
   * The module a namespace import binds its local name to, when that is not the whole source: Python's `import a.b`
   * binds `a`, the package. Optional (the source itself).
   */
  namespaceModule?(source: string, local: string): string;
  /**
   * The source naming a module's submodule `name`, when a package's submodules are its members (Python's `a.b` and
   * `c` give `a.b.c`, `.` and `c` give `.c`: `from pkg import mod`, `pkg.mod.f`). Optional (no submodules).
   */
  submodule?(source: string, name: string): string | undefined;
  /**
   * The files of the submodule `name` of the package whose file is `module` (Python's `pkg/__init__.py` and `mod`
   * give `pkg/mod.py`): a package's submodules are its members. Optional (none).
   */
  packageSubmodule?(module: string, name: string): Promise<string[]>;
  /**
   * A source that names a declaration inside a module rather than a module (Java's `import static a.b.C.m` and
   * `import a.b.Outer.Inner`, Kotlin's `import a.b.Obj.member`, C#'s `using static A.B.C`): the module's source and
   * the path of names inside it. Asked only when `resolve` names no file. Optional.
   */
  declaration?(from: string, source: string): Promise<DeclarationPath | undefined>;
  /**
   * Whether a name no import, package or scope of `from` binds is one the language gives every file from outside the
   * tree (Java's `java.lang.String`, Kotlin's default imports `listOf`, `println`, Rust's standard prelude `Vec`,
   * `Some`, `u8`): such a name is external, not a namesake to guess. Optional.
   */
  builtin?(from: string, name: string): boolean;
  /**
   * A source naming no module file may name an item of a module (Rust's `crate::ast::Kind`, an enum or an inline
   * `mod`): its parent source and the item's name there, looked up in that module. Optional.
   */
  split?(source: string): { parent: string; name: string } | undefined;
  /**
   * Module paths are written in code too, not only in imports (Rust's `crate::a::f()`, `super::T::new()`,
   * `std::mem::swap()`): a qualifier whose first name no scope binds is resolved as a source. Optional.
   */
  readonly pathQualifiers?: boolean;
  /**
   * Whether the preprocessor condition a definition of `from` is compiled under may hold in a common build (C's
   * `#if defined(_WIN32)` does not on Linux; `#ifdef LUA_USE_APICHECK` may, when the tree defines it): of a name's
   * definitions in the branches of one `#if` / `#elif` / `#else` chain, the first branch whose condition may hold comes
   * first, as a compiler takes it. `definedInTree` says whether a file of the tree defines a name: true when a file
   * defines it unconditionally, undefined when only branches of conditionals do (it may or may not be), false when no
   * file does. Optional (no preprocessor: such definitions keep their order).
   */
  conditionMayHold?(from: string, condition: Condition, definedInTree: (name: string) => Promise<boolean | undefined>): Promise<boolean>;
  /**
   * The tag a type alias's value names, where a type's tag is a name apart from the type's (C's
   * `typedef struct node node_t;`, value `struct node`: the tag `node`, written `struct node`); undefined for any
   * other value. A bare name bound to a typedef and to a tag is the typedef, and a bare name bound to a tag that a
   * header names with a typedef of the same name (`typedef struct geo_State geo_State;`) is that typedef, as a C
   * compiler reads it. Optional (no tags).
   */
  tagOf?(aliasValue: string): string | undefined;
  /**
   * Which declared parameter types take an argument, by what the argument is: a literal of a kind (`string`, `char`,
   * `integer`, `boolean`, `class`; see `@argument.<kind>` in queries/README.md) or a value of a declared type (`int`,
   * `String`; see `@argument.value`). Optional: without it arguments do not pick among overloads of one arity.
   */
  readonly argumentTypes?: ArgumentTypes;
  /**
   * A file's imports are its own (Java, Kotlin, Go, C#, PHP): what it sees through a wildcard import is not a name of
   * its module for the files that import it, so a lookup does not follow it there. Optional (Python's
   * `from m import *`, a C header's `#include` and Rust's `pub use` do pass names on).
   */
  readonly privateImports?: boolean;
  /** Sources may name the importing file itself (Rust's `use self::Kind::*`): such answers are kept. */
  readonly selfImports?: boolean;
  /** Answers depend on the importing file, not only on its folder (Rust's `self`, `super`, `mod x;`). */
  readonly perFile?: boolean;
  /**
   * Files that may add members to the types `from` declares (Rust's `impl T` blocks anywhere in the crate), besides
   * `from` itself. Optional.
   */
  companions?(from: string): Promise<string[]>;
  /**
   * Functions are declared in one file and defined in another, matched by name (C and C++: a header's prototype, a
   * method declared in its class): a declaration without a body leads to its definition first. Optional.
   */
  readonly definesApart?: boolean;
  /** Whether `file` is one other files include (a C or C++ header, not a source file). Optional (all are). */
  includable?(file: string): boolean;
  /**
   * A bare name inside a method sees the members of its class before the names around it (C++'s implicit `this`,
   * also in methods defined out of line). Optional.
   */
  readonly membersInScope?: boolean;
}

/** Which declared parameter types take which arguments, in one language (see `ModuleSystem.argumentTypes`). */
export interface ArgumentTypes {
  /**
   * By what an argument is (a literal's kind, or the declared type of a value, as written: `int`, `String`): the
   * parameter types that take it exactly, and those that take it at all; `otherTypes`: every object type no kind
   * names exactly and that is not `top` takes it too (Java's lambda: any functional interface, never `String` or
   * `Object`). A value of a type not listed is an object.
   */
  readonly kinds: Readonly<Record<string, { readonly exact: readonly string[]; readonly takes: readonly string[]; readonly otherTypes?: true }>>;
  /** Parameter types no object is passed to (Java's primitives, but for the boxes `kinds` lists). */
  readonly primitives: readonly string[];
  /** Parameter types every object is passed to (`Object`). */
  readonly top: readonly string[];
  /**
   * The supertypes of the standard library's common types, which a tree uses without declaring them (Java's `List` is
   * a `Collection` and an `Iterable`): every one of them, so a parameter type not listed does not take the type.
   */
  readonly library: Readonly<Record<string, readonly string[]>>;
  /**
   * A base class's methods are overloads beside its subclass's of the same name (Java, Kotlin, C#): when none of the
   * subclass's takes a call's arguments, the bases' are looked at. Not C++, whose subclass hides them.
   */
  readonly inheritedOverloads: boolean;
}

/** The folder of a root-relative file (`''` at the root). */
export function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/**
 * The codes of the warnings module systems give (`ModuleContext.warn`, `CodeIndex.stats().warnings`), in the style of
 * `ErrorCode`.
 */
export const ModuleWarning = {
  /** A module system threw, or one of its answers failed: the imports it would have resolved are not bound. */
  SYSTEM_FAILED: 'MODULE_SYSTEM_FAILED',
  /**
   * A configuration file a module system reads exists but does not parse (a `tsconfig.json` with a syntax error): its
   * settings (`paths`, `baseUrl`, `exports`) are not used, so the imports they would map are not bound.
   */
  CONFIG_INVALID: 'MODULE_CONFIG_INVALID',
} as const;

/**
 * Reads a JSON (with comments, as tsconfig allows) file inside the root, or undefined; a file that exists but does not
 * parse is a warning (`MODULE_CONFIG_INVALID`) besides.
 */
export async function readJson(context: Pick<ModuleContext, 'readText' | 'warn'>, file: string): Promise<Record<string, unknown> | undefined> {
  const source = await context.readText(file);
  if (source === undefined) return undefined;
  try {
    // tsconfig.json allows comments and trailing commas: drop them (outside strings) before parsing.
    const text = source.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match, string: string | undefined) => string ?? '');
    return JSON.parse(text.replace(/,(\s*[}\]])/g, '$1')) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.warn({
      code: ModuleWarning.CONFIG_INVALID,
      message: `${file} is not valid JSON (${reason}): its settings are not used, so the imports they would map are not bound; fix the file`,
      details: { file, reason },
    });
    return undefined;
  }
}
