/**
 * Which branch of a preprocessor conditional a build takes (C, C++), for ranking a name defined in several branches
 * of one `#if` / `#elif` / `#else` chain: the first branch whose test is not known to fail, as a compiler takes the
 * first that holds. Tests are evaluated in three values (true, false, unknown) against a common build: Linux on
 * x86-64 with a GCC-compatible compiler and the standard headers included, plus the macros the tree defines itself.
 * A name neither that platform nor the tree defines is undefined (its value 0, as the preprocessor reads it).
 */

import type { Condition } from '../model/facts.js';

/** Defined by the compiler or the standard headers on that build. */
const PLATFORM = new Set([
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

/** A macro's value as far as it is known: a number, or unknown. */
type Value = number | 'unknown';

/** Every name a test asks about (`defined(X)`, `X`). */
export function namesIn(condition: Condition, into = new Set<string>()): Set<string> {
  if (condition[0] === 'defined' || condition[0] === 'id') into.add(condition[1] as string);
  else if (condition[0] === '!') namesIn(condition[1] as Condition, into);
  else if (condition.length === 3) {
    namesIn(condition[1] as Condition, into);
    namesIn(condition[2] as Condition, into);
  }
  return into;
}

/**
 * Whether a test can hold: false only when it is known to fail. `defined(name)`: whether the tree defines the
 * name (asked for the names of {@link namesIn}); `cplusplus`: the file is C++ (`__cplusplus` is defined).
 */
export function mayHold(condition: Condition, definedInTree: ReadonlyMap<string, boolean>, cplusplus: boolean): boolean {
  const defined = (name: string): boolean | undefined => {
    if (PLATFORM.has(name) || (cplusplus && name === '__cplusplus')) return true;
    return definedInTree.get(name);
  };
  const value = (c: Condition): Value => {
    switch (c[0]) {
      case 'num':
        return c[1] as number;
      case 'defined': {
        const known = defined(c[1] as string);
        return known === undefined ? 'unknown' : known ? 1 : 0;
      }
      case 'id': {
        const known = defined(c[1] as string);
        // A defined macro's value is not read; an undefined name is 0.
        return known === false ? 0 : 'unknown';
      }
      case '!': {
        const inner = value(c[1] as Condition);
        return inner === 'unknown' ? inner : inner === 0 ? 1 : 0;
      }
      case '?':
        return 'unknown';
      default:
        return binary(c[0], value(c[1] as Condition), value(c[2] as Condition));
    }
  };
  return value(condition) !== 0;
}

function binary(operator: string, a: Value, b: Value): Value {
  if (operator === '&&') return a === 0 || b === 0 ? 0 : a === 'unknown' || b === 'unknown' ? 'unknown' : 1;
  if (operator === '||') return (a !== 'unknown' && a !== 0) || (b !== 'unknown' && b !== 0) ? 1 : a === 0 && b === 0 ? 0 : 'unknown';
  if (a === 'unknown' || b === 'unknown') return 'unknown';
  switch (operator) {
    case '==':
      return Number(a === b);
    case '!=':
      return Number(a !== b);
    case '<':
      return Number(a < b);
    case '>':
      return Number(a > b);
    case '<=':
      return Number(a <= b);
    case '>=':
      return Number(a >= b);
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    default:
      return 'unknown';
  }
}
