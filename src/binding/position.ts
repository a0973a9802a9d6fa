/**
 * What the name at a position of a file leads to: its declaration when the position is one (an import's imported
 * declaration, a prototype's definition first), else what the use there leads to, narrowed to the overload a call
 * takes.
 *
 * @module
 */
import type { Binding, Definition, FileFacts, Reference } from '../model/facts.js';
import type { Binder } from './binder.js';
import { fileIndex } from './file-index.js';
import { overloadOfCall } from './overloads.js';
import { definitionsFirst } from './ranking.js';
import { bound, type Lookup } from './targets.js';
import { Walk } from './walk.js';

/** A name at a position and what it leads to. */
export interface NameAt {
  name: string;
  resolution: Lookup;
}

/** What the name at a position of a file leads to (its declaration when the position is one). */
export async function definitionAt(b: Binder, file: string, facts: FileFacts, line: number, column: number): Promise<NameAt | undefined> {
  const entries = fileIndex(facts).byLine.get(line) ?? [];
  const hit = entries.filter((entry) => column >= entry.column && column < entry.column + entry.length);
  const binding = hit.find((entry) => entry.binding !== undefined)?.binding;
  const definition = hit.find((entry) => entry.def !== undefined)?.def;
  const reference = hit.find((entry) => entry.ref !== undefined)?.ref;
  if (binding !== undefined) {
    const resolution = await declarationOfBinding(b, file, facts, binding);
    return { name: (facts.bindings[binding] as Binding).name, resolution };
  }
  if (definition !== undefined) {
    const def = facts.definitions[definition] as Definition;
    const embedded = await embeddedType(b, file, facts, definition);
    // A prototype defined apart (C, C++): its definition first, as clangd goes to it, then itself.
    return { name: def.name, resolution: embedded ?? (await definitionsFirst(b, bound([{ file, def: definition }]))) };
  }
  if (reference !== undefined) {
    const ref = facts.references[reference] as Reference;
    const lookup = await b.lookupOf(file, facts, ref, Walk.start());
    return { name: ref.name, resolution: await overloadOfCall(b, file, facts, ref, lookup) };
  }
  return undefined;
}

/** What the declaration a binding is leads to. */
async function declarationOfBinding(b: Binder, file: string, facts: FileFacts, index: number): Promise<Lookup> {
  const binding = facts.bindings[index] as Binding;
  if (binding.def !== undefined) {
    const embedded = await embeddedType(b, file, facts, binding.def);
    if (embedded) return embedded;
  }
  // On an import, the imported declaration (as language servers go to it); on any other binding, itself.
  if (binding.import) return b.lookupOfBinding(file, facts, index, Walk.start());
  // (a prototype defined apart, C's and C++'s: its definition first, as clangd goes to it, then itself)
  if (binding.def !== undefined) return definitionsFirst(b, bound([{ file, def: binding.def }]));
  return bound([{ file, binding: index }]);
}

/** An embedded field (Go's `struct { Base }`) is named by its type: its name is a use of the type. */
export async function embeddedType(b: Binder, file: string, facts: FileFacts, index: number): Promise<Lookup | undefined> {
  const def = facts.definitions[index];
  if (!def?.modifiers?.includes('embedded')) return undefined;
  const types = await b.typesOf(file, facts, def.type, Walk.start());
  return types.length > 0 ? bound(types) : undefined;
}
