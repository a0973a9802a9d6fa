/**
 * What a lookup answers: the places a name leads to ({@link Target}: a definition, a binding without one, a whole
 * module) and how it got there ({@link Lookup}). Targets are compared by {@link targetKey}; lists of them are kept
 * without repeats ({@link unique}).
 *
 * @module
 */
import type { Definition, FileFacts } from '../model/facts.js';

/** Where a name leads. */
export type Target =
  /** A definition (`def` indexes the file's definitions). */
  | { file: string; def: number }
  /** A binding without a definition: a parameter, a local variable, a type parameter. */
  | { file: string; binding: number }
  /** A whole module (a namespace import). */
  | { file: string; module: true };

/** A target that is a definition. */
export type DefinitionTarget = Extract<Target, { def: number }>;

/** What the lookup of a name found. */
export interface Lookup {
  targets: Target[];
  /**
   * `bound`: through scopes, imports and members, to the declaration; `external`: imported from outside the tree;
   * `unbound`: the binding could not be followed (the caller falls back to name matching).
   */
  how: 'bound' | 'external' | 'unbound';
  /** Why it stopped, when it did. */
  note?: string;
  /** An import was followed to a module found by matching its path (not an exact module system). */
  approximate?: true;
}

/** A lookup that found `targets`, bound. */
export function bound(targets: Target[]): Lookup {
  return { targets, how: 'bound' };
}

/** A lookup that found nothing, and why. */
export function unbound(note?: string): Lookup {
  return note === undefined ? { targets: [], how: 'unbound' } : { targets: [], how: 'unbound', note };
}

/** A target's identity: its file and what it is there. */
export function targetKey(target: Target): string {
  return 'def' in target ? `${target.file}#d${target.def}` : 'binding' in target ? `${target.file}#b${target.binding}` : `${target.file}#m`;
}

/** The targets without repeats, in their order. */
export function unique(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((target) => {
    const key = targetKey(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Definitions found through the name table, in path order (its own order is the order files were indexed in). */
export function inPathOrder(targets: Target[]): Target[] {
  const def = (target: Target) => ('def' in target ? target.def : 0);
  return targets.sort((a, b) => a.file.localeCompare(b.file) || def(a) - def(b));
}

/** Whether a target is the definition `def` of `file`. */
export function isDefinition(target: Target, file: string, def: number): boolean {
  return 'def' in target && target.file === file && target.def === def;
}

/** The definition a target names, read through `facts` (undefined for a binding, a module or a file not indexed). */
export async function definitionOf(
  facts: (file: string) => Promise<FileFacts | undefined>,
  target: Target,
): Promise<Definition | undefined> {
  if (!('def' in target)) return undefined;
  const found = await facts(target.file);
  return found?.definitions[target.def];
}
