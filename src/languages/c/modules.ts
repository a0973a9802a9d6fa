/**
 * C and C++ includes over the tree, as a compiler given the project's include folders (`-I`) would find them:
 * `#include "x.h"` relative to the including file's folder first, then under the include roots (the root and every
 * folder named `include`), then wherever the tree holds a file whose path ends with `x.h` (the folder a `-I` flag
 * would name; the one sharing the longest path with the including file when several do). `#include <x.h>` names a
 * file of the tree only under an include root (projects include their own headers with `<>`); anything else is a
 * system or library header, outside the index.
 *
 * Functions and methods are declared in headers and defined in source files: the resolver leads a prototype to its
 * definition by name (`definesApart`). A bare name inside a C++ method is looked up among its class's members first
 * (`membersInScope`; C has no methods, so C is unaffected).
 *
 * @module
 */
import { posix } from 'node:path';
import type { Condition } from '../../model/facts.js';
import { defineModuleSystem, folderOf, type ModuleContext, type ModuleSystem } from '../module-system.js';
import { mayHold, namesIn } from './conditions.js';

/**
 * Defined on a common build, by the compiler or the standard headers: Linux on x86-64, a GCC-compatible compiler.
 */
const PREDEFINED = new Set([
  '__GNUC__', '__GNUC_MINOR__', '__GNUC_PATCHLEVEL__', '__STDC__', '__STDC_VERSION__', '__STDC_HOSTED__',
  '__linux__', '__linux', 'linux', '__gnu_linux__', '__unix__', '__unix', 'unix', '__ELF__', '__x86_64__', '__x86_64',
  '__amd64__', '__LP64__', '_LP64', '__CHAR_BIT__', '__SIZEOF_POINTER__', '__SIZEOF_LONG__', '__SIZEOF_INT__',
  '__BYTE_ORDER__', '__ORDER_LITTLE_ENDIAN__', '__ORDER_BIG_ENDIAN__', '__has_include', '__has_attribute',
  '__has_builtin', 'CHAR_BIT', 'SCHAR_MAX', 'UCHAR_MAX', 'CHAR_MAX', 'SHRT_MAX', 'USHRT_MAX', 'INT_MAX', 'INT_MIN',
  'UINT_MAX', 'LONG_MAX', 'LONG_MIN', 'ULONG_MAX', 'LLONG_MAX', 'LLONG_MIN', 'ULLONG_MAX', 'SIZE_MAX', 'PTRDIFF_MAX',
  'INTPTR_MAX', 'UINTPTR_MAX', 'INT8_MAX', 'INT16_MAX', 'INT32_MAX', 'INT64_MAX', 'UINT8_MAX', 'UINT16_MAX',
  'UINT32_MAX', 'UINT64_MAX', 'INTMAX_MAX', 'UINTMAX_MAX', 'EOF', 'NULL', 'BUFSIZ', 'FILENAME_MAX', 'FLT_MAX',
  'DBL_MAX', 'LDBL_MAX', 'DBL_MANT_DIG', 'FLT_RADIX', 'HUGE_VAL', 'INFINITY', 'NAN', '_POSIX_C_SOURCE',
  '_POSIX_VERSION',
]);

const PREDEFINED_CXX = new Set([...PREDEFINED, '__cplusplus']);

/** A type named by its tag (`struct node`). */
const TAGGED = /^(?:struct|union|enum|class)\s+(.+)$/s;

/** The extensions of source files (compiled, not included). */
const SOURCE = /\.(?:c|cc|cpp|cxx|c\+\+|m|mm)$/i;

/** C's includes: headers and sources as a C compiler finds them, on a build predefining C's macros. */
export const cModules = defineModuleSystem({ name: 'c', create: (context) => new CModules(context, PREDEFINED) });

/** C++'s includes: as C's, on a build predefining `__cplusplus` too. */
export const cppModules = defineModuleSystem({ name: 'cpp', create: (context) => new CModules(context, PREDEFINED_CXX) });

/** C and C++ include resolution over the tree. */
export class CModules implements ModuleSystem {
  readonly definesApart = true;
  readonly membersInScope = true;
  readonly #context: ModuleContext;
  /** The macros a common build of the language predefines. */
  readonly #predefined: ReadonlySet<string>;
  #roots: string[] | undefined;
  #byName: Map<string, string[]> | undefined;

  constructor(context: ModuleContext, predefined: ReadonlySet<string>) {
    this.#context = context;
    this.#predefined = predefined;
  }

  /** Whether a condition may hold given the macros a common build predefines and those the tree defines. */
  async conditionMayHold(_from: string, condition: Condition, definedInTree: (name: string) => Promise<boolean | undefined>): Promise<boolean> {
    const defined = new Map<string, boolean>();
    for (const name of namesIn(condition)) {
      // (a name only conditionals define is left out: unknown)
      const known = await definedInTree(name);
      if (known !== undefined) defined.set(name, known);
    }
    return mayHold(condition, this.#predefined, defined);
  }

  /** The tag a typedef's value names: `node` of `struct node` (also `union`, `enum`, and C++'s `class`). */
  tagOf(aliasValue: string): string | undefined {
    return TAGGED.exec(aliasValue)?.[1];
  }

  /** A header: not a source file of its own translation unit (`.c`, `.cc`, `.cpp`, `.cxx`, `.c++`, `.m`, `.mm`). */
  includable(file: string): boolean {
    return !SOURCE.test(file);
  }

  resolve(from: string, source: string): Promise<string[]> {
    const files = this.#context.files();
    const system = source.startsWith('<');
    const path = source.replace(/^[<"]|[>"]$/g, '').replace(/\\/g, '/');
    if (path === '' || path.startsWith('/')) return Promise.resolve([]);
    if (!system) {
      const beside = posix.normalize(posix.join(folderOf(from), path));
      if (!beside.startsWith('..') && files.has(beside)) return Promise.resolve([beside]);
    }
    const rooted = this.#underRoots(files, from, path);
    if (rooted || system) return Promise.resolve(rooted ? [rooted] : []);
    return Promise.resolve(this.#bySuffix(from, path));
  }

  /** The file `path` names under the include roots, the roots nearest the including file first. */
  #underRoots(files: ReadonlySet<string>, from: string, path: string): string | undefined {
    const roots = this.#rootsOf(files);
    const near = [...roots].sort((a, b) => shared(b, from) - shared(a, from) || a.length - b.length);
    for (const root of near) {
      const candidate = posix.normalize(root ? `${root}/${path}` : path);
      if (!candidate.startsWith('..') && files.has(candidate)) return candidate;
    }
    return undefined;
  }

  /** Files whose path ends with `path` (whole segments): the ones sharing the longest folder path with `from`. */
  #bySuffix(from: string, path: string): string[] {
    const normalized = posix.normalize(path);
    if (normalized.startsWith('..')) return [];
    const candidates = (this.#namesOf().get(posix.basename(normalized)) ?? []).filter((file) => file === normalized || file.endsWith(`/${normalized}`));
    if (candidates.length <= 1) return candidates;
    const best = Math.max(...candidates.map((file) => shared(file, from)));
    return candidates.filter((file) => shared(file, from) === best);
  }

  /** The include roots: the tree's root and every folder named `include`. */
  #rootsOf(files: ReadonlySet<string>): string[] {
    if (!this.#roots) {
      const roots = new Set<string>(['']);
      for (const file of files) {
        const parts = folderOf(file).split('/');
        const at = parts.lastIndexOf('include');
        if (at >= 0) roots.add(parts.slice(0, at + 1).join('/'));
      }
      this.#roots = [...roots];
    }
    return this.#roots;
  }

  /** The tree's files by their base name. */
  #namesOf(): Map<string, string[]> {
    if (!this.#byName) {
      this.#byName = new Map();
      for (const file of this.#context.files()) {
        const name = posix.basename(file);
        const list = this.#byName.get(name);
        if (list) list.push(file);
        else this.#byName.set(name, [file]);
      }
    }
    return this.#byName;
  }
}

/** How many leading folder segments two paths share. */
function shared(a: string, b: string): number {
  const x = folderOf(a).split('/');
  const y = folderOf(b).split('/');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n] && x[n] !== '') n++;
  return n;
}
