/**
 * Which branch of a preprocessor conditional a build takes (C, C++), for ranking a name defined in several branches
 * of one `#if` / `#elif` / `#else` chain: the first branch whose test is not known to fail, as a compiler takes the
 * first that holds. Tests are evaluated in three values (true, false, unknown) against the macros a common build
 * predefines (`CModules`, through `ModuleSystem.conditionMayHold`) and those the tree defines
 * itself. A name neither defines is undefined (its value 0, as the preprocessor reads it).
 */

import type { Condition } from '../../model/facts.js';

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
 * Whether a test can hold: false only when it is known to fail. `predefined`: the macros the build defines;
 * `definedInTree`: whether the tree defines a name (asked for the names of {@link namesIn}).
 */
export function mayHold(condition: Condition, predefined: ReadonlySet<string>, definedInTree: ReadonlyMap<string, boolean>): boolean {
  const defined = (name: string): boolean | undefined => {
    if (predefined.has(name)) return true;
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
