/**
 * What a module system is given and what it answers: the contract between the resolver and one language family's
 * way of naming modules (`node.ts`, `python.ts`, ...). A system is created per tree and recreated when files are
 * added or removed, so it may cache what it reads.
 *
 * @module
 */
import { posix } from 'node:path';
import type { LanguageDefinition } from '../../languages/define.js';
import { readSource, resolveInRoot } from '../source.js';

/** What a module system reads: the tree's files, and small configuration files inside the root. */
export interface ModuleContext {
  root: string;
  /** Every indexed or listed file (root-relative). */
  files(): ReadonlySet<string>;
  /** Changes when files are added or removed (what was resolved before is forgotten). */
  membership(): number;
  /** Definition of a file's language (undefined when none handles it). */
  language(file: string): LanguageDefinition | undefined;
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
   * A source naming no module file may name an item of a module (Rust's `crate::ast::Kind`, an enum or an inline
   * `mod`): its parent source and the item's name there, looked up in that module. Optional.
   */
  split?(source: string): { parent: string; name: string } | undefined;
  /**
   * Module paths are written in code too, not only in imports (Rust's `crate::a::f()`, `super::T::new()`,
   * `std::mem::swap()`): a qualifier whose first name no scope binds is resolved as a source. Optional.
   */
  readonly pathQualifiers?: boolean;
  /** Sources may name the importing file itself (Rust's `use self::Kind::*`): such answers are kept. */
  readonly selfImports?: boolean;
  /** Answers depend on the importing file, not only on its folder (Rust's `self`, `super`, `mod x;`). */
  readonly perFile?: boolean;
  /** Names every file sees from outside the tree without importing them (Rust's standard prelude). Optional. */
  readonly prelude?: ReadonlySet<string>;
  /**
   * Files that may add members to the types `from` declares (Rust's `impl T` blocks anywhere in the crate), besides
   * `from` itself. Optional.
   */
  companions?(from: string): Promise<string[]>;
}

/** The folder of a root-relative file (`''` at the root). */
export function folderOf(file: string): string {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
}

/** Reads a JSON (with comments, as tsconfig allows) file inside the root, or undefined. */
export async function readJson(root: string, file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const source = await readSource(await resolveInRoot(root, file), 1024 * 1024);
    // tsconfig.json allows comments and trailing commas: drop them (outside strings) before parsing.
    const text = source.text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (match, string: string | undefined) => string ?? '');
    return JSON.parse(text.replace(/,(\s*[}\]])/g, '$1')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Reads a small text file inside the root (`go.mod`, `Cargo.toml`), or undefined. */
export async function readText(root: string, file: string): Promise<string | undefined> {
  try {
    return (await readSource(await resolveInRoot(root, file), 1024 * 1024)).text;
  } catch {
    return undefined;
  }
}
