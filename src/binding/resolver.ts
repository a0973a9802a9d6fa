/**
 * Binding across files, at query time, from stored facts: a name use resolved in its file (extraction did that) is
 * followed through imports to the module that defines it (barrels, `export *`, aliases, namespace imports), and a
 * member (`Option.map`, `this.save`, `db.query` of a parameter typed `Db`) to the definitions of what it is a member
 * of (a module, a class and its declared bases, a namespace, an enum). No type inference: only what is written.
 *
 * This is the facade the operations call. The work is done by one module per concept, wired here into one
 * {@link Binder}: `names.ts` (uses, bindings, names no scope binds), `qualified.ts` (members through a qualifier),
 * `imports.ts` (imports, exports, re-exports), `members.ts` (members, bases, parts), `types.ts` (written types, chains,
 * `this`), `overloads.ts` (which overload a call takes), `ranking.ts` (the order of several targets), `position.ts`
 * (the name at a position), over `file-index.ts`, `targets.ts`, `walk.ts` and `type-text.ts`.
 *
 * @module
 */
import type { Definition, FileFacts, Reference } from '../model/facts.js';
import type { Binder, ResolverContext } from './binder.js';
import { declarationsIn, exportsOf, followImport, importedFiles, ownDeclarations } from './imports.js';
import { basesOf, membersOf, methodNames } from './members.js';
import { lookupOf, lookupOfBinding, lookupOfFreeName, lookupOfSeenName, membersInScope } from './names.js';
import { moduleViews } from './module-views.js';
import { definitionAt, type NameAt } from './position.js';
import { lookupOfMember } from './qualified.js';
import { definitionOf, type DefinitionTarget, type Lookup, type Target } from './targets.js';
import { enclosingOwner, typesOf, typesOfBinding } from './types.js';
import type { Vocabulary } from './vocabulary.js';
import { Walk } from './walk.js';

export type { ResolverContext } from './binder.js';
export type { NameAt } from './position.js';
export type { Lookup, Target } from './targets.js';
export { targetKey } from './targets.js';

/** Lookups that share what they found (see {@link Resolver.question}). */
export type Question = Walk;

/** The binder answering every concept's questions with the functions of its module. */
export function createBinder(context: ResolverContext): Binder {
  const b: Binder = {
    context,
    companionsRead: new Set(),
    views: moduleViews(),
    lookupOf: (file, facts, ref, walk) => lookupOf(b, file, facts, ref, walk),
    lookupOfBinding: (file, facts, index, walk) => lookupOfBinding(b, file, facts, index, walk),
    lookupOfMember: (file, facts, ref, walk) => lookupOfMember(b, file, facts, ref, walk),
    lookupOfFreeName: (file, facts, name, enclosing, walk) => lookupOfFreeName(b, file, facts, name, enclosing, walk),
    lookupOfSeenName: (file, facts, name, walk) => lookupOfSeenName(b, file, facts, name, walk),
    membersInScope: (file, facts, name, enclosing, walk) => membersInScope(b, file, facts, name, enclosing, walk),
    followImport: (file, source, name, walk) => followImport(b, file, source, name, walk),
    exportsOf: (module, name, walk) => exportsOf(b, module, name, walk),
    declarationsIn: (file, source, name, walk) => declarationsIn(b, file, source, name, walk),
    ownDeclarations: (module, name, walk) => ownDeclarations(b, module, name, walk),
    membersOf: (owner, name, walk) => membersOf(b, owner, name, walk),
    basesOf: (file, facts, def, walk) => basesOf(b, file, facts, def, walk),
    typesOf: (file, facts, type, walk, within) => typesOf(b, file, facts, type, walk, within),
    typesOfBinding: (file, facts, index, walk) => typesOfBinding(b, file, facts, index, walk),
    enclosingOwner: (file, facts, enclosing, walk) => enclosingOwner(b, file, facts, enclosing, walk),
  };
  return b;
}

/** Resolves names across the files of a tree. */
export class Resolver {
  readonly #binder: Binder;
  readonly #selfWords = new WeakMap<Vocabulary, ReadonlySet<string>>();

  constructor(context: ResolverContext) {
    this.#binder = createBinder(context);
  }

  /** The definition a target names. */
  definitionOf(target: DefinitionTarget): Promise<Definition | undefined> {
    return definitionOf(this.#binder.context.facts, target);
  }

  /** The other files of the tree a file's imports lead to (where the declarations it imports are). */
  importedFiles(file: string, facts: FileFacts): Promise<string[]> {
    return importedFiles(this.#binder, file, facts);
  }

  /** The names of the methods a file declares (callable members of a type, or callables with a receiver), in one pass. */
  methodNames(file: string): Promise<Set<string>> {
    return methodNames(this.#binder, file);
  }

  /** What the name at a position of a file leads to (its declaration when the position is one). */
  definitionAt(file: string, facts: FileFacts, line: number, column: number): Promise<NameAt | undefined> {
    return definitionAt(this.#binder, file, facts, line, column);
  }

  /**
   * What a reference of a file leads to. A declaration without a body whose language defines it apart (a C header's
   * prototype) leads to its definition first. Methods and fields of one name: a call is the methods, a member read
   * the fields.
   */
  lookupOf(file: string, facts: FileFacts, ref: Reference, question?: Question): Promise<Lookup> {
    return lookupOf(this.#binder, file, facts, ref, question ? question.nextLookup() : Walk.start());
  }

  /**
   * A question several lookups share (of one name in many files: its references): what a module exports under a name,
   * found for one of them, is not looked for again for the others (a C header reached from a thousand files).
   */
  question(): Question {
    return Walk.start();
  }

  /** The types a binding is declared with, or, for a type written as a call, what the function returns. */
  typesOfBinding(file: string, facts: FileFacts, index: number): Promise<Target[]> {
    return typesOfBinding(this.#binder, file, facts, index, Walk.start());
  }

  /** The declared bases (`extends`, `implements`) of a type, resolved from its file. */
  basesOf(file: string, facts: FileFacts, def: number): Promise<Target[]> {
    return basesOf(this.#binder, file, facts, def, Walk.start());
  }

  /**
   * The words of a language (by id, as `FileFacts.language` says) naming the instance a method runs on or its type
   * (`this`, `self`, `Self`): a member of one of them is a member of the enclosing class.
   */
  selfWords(language: string): ReadonlySet<string> {
    const words = this.#binder.context.modules.vocabulary(language);
    let self = this.#selfWords.get(words);
    if (!self) {
      self = new Set([...words.self, ...words.selfType]);
      this.#selfWords.set(words, self);
    }
    return self;
  }

  /** The members named `name` of a target: a module's exports, a type's members (and its bases'), a typed binding's type's. */
  membersOf(owner: Target, name: string): Promise<Target[]> {
    return membersOf(this.#binder, owner, name, Walk.start());
  }
}
