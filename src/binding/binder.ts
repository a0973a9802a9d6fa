/**
 * The contract between binding's concepts. Following a name is one recursion through several of them: a binding leads
 * to an import, an import to a module's exports, an export to a class, a class to its members and bases, a member's
 * declared type back to a name. Each concept is a module of functions that take the {@link Binder} first and ask the
 * others through it; the resolver (`resolver.ts`) wires them into one binder. So the modules import this contract, not
 * each other, and no module imports another back.
 *
 * Like stack-graphs' core, nothing here knows a language: what differs between languages comes from the module
 * systems (`ModuleSystem`) and the language's binding vocabulary, through {@link ResolverContext.modules}.
 *
 * @module
 */
import type { FileFacts, Reference } from '../model/facts.js';
import type { ModuleViews } from './module-views.js';
import type { ModuleResolver } from './modules.js';
import type { Lookup, Target } from './targets.js';
import type { Walk } from './walk.js';

/** What the resolver reads. */
export interface ResolverContext {
  /** The facts of a file of the tree (undefined when it is not indexed). */
  facts(file: string): Promise<FileFacts | undefined>;
  modules: ModuleResolver;
  /**
   * The files defining a name outside function bodies (the name table, over the whole tree): where a declaration's
   * definition is looked up by name (C, C++), and whether a name is defined anywhere at all. With `kinds`, only the
   * files defining it as one of those kinds (the table knows each definition's kind: the facts of the others are
   * not read). Optional.
   */
  filesDefining?(name: string, kinds?: (kind: string) => boolean): Promise<string[]>;
  /**
   * The key of the facts `facts(file)` would give now without analyzing the file again (the stored facts' content
   * address), undefined when it cannot say: binding keeps views of a module's facts by it (`module-views.ts`).
   * Optional.
   */
  factsKey?(file: string): string | undefined;
}

/** Where a chain of members and calls stopped (see {@link Binder.walkChain}). */
export interface ChainEnd {
  /** What the whole chain leads to (empty when it stopped). */
  owners: Target[];
  /** The owners a member or a call of the chain was not found on. */
  stuck: Target[];
  /** The member not found on them, when a member stopped it. */
  missing?: string;
}

/** The questions binding's concepts ask one another, each answered by the module named beside it. */
export interface Binder {
  /** What binding reads. */
  readonly context: ResolverContext;
  /** Companion files analyzed once: from then on the name table says which of them declare a name. */
  readonly companionsRead: Set<string>;
  /** Views of modules' facts, kept after the facts are dropped (`module-views.ts`). */
  readonly views: ModuleViews;

  /** What a reference leads to, ranked (`names.ts`). */
  lookupOf(file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup>;
  /** What a binding leads to: its definition, itself, or an import's declaration (`names.ts`). */
  lookupOfBinding(file: string, facts: FileFacts, index: number, walk: Walk): Promise<Lookup>;
  /** What a member use (`q.name`) leads to (`qualified.ts`). */
  lookupOfMember(file: string, facts: FileFacts, ref: Reference, walk: Walk): Promise<Lookup>;
  /** A name no scope binds, at a place of a file: inherited members, then what the file sees (`names.ts`). */
  lookupOfFreeName(file: string, facts: FileFacts, name: string, enclosing: number | undefined, walk: Walk): Promise<Lookup | undefined>;
  /** A name no scope binds, where the file sees names without binding them (`names.ts`). */
  lookupOfSeenName(file: string, facts: FileFacts, name: string, walk: Walk): Promise<Lookup | undefined>;
  /** The members of the classes enclosing a place named `name`, in languages whose methods see them bare (`names.ts`). */
  membersInScope(file: string, facts: FileFacts, name: string, enclosing: number | undefined, walk: Walk): Promise<Target[]>;

  /** What `name` imported from `source` in `file` leads to (`*`: the module itself) (`imports.ts`). */
  followImport(file: string, source: string, name: string, walk: Walk): Promise<Lookup>;
  /** The declarations a module exports under `name` (`imports.ts`). */
  exportsOf(module: string, name: string, walk: Walk): Promise<Target[]>;
  /** The declarations named `name` in what `source` names from `file` (`imports.ts`). */
  declarationsIn(file: string, source: string, name: string, walk: Walk): Promise<Target[]>;
  /** A file's own top-level declarations named `name`, not its imports (`imports.ts`). */
  ownDeclarations(module: string, name: string, walk: Walk): Promise<Target[]>;

  /** The members named `name` of a target (`members.ts`). */
  membersOf(owner: Target, name: string, walk: Walk): Promise<Target[]>;
  /** The declared bases of a type (`members.ts`). */
  basesOf(file: string, facts: FileFacts, def: number, walk: Walk): Promise<Target[]>;

  /** What a type written in a file names (`types.ts`). */
  typesOf(file: string, facts: FileFacts, type: string | undefined, walk: Walk, within?: number): Promise<Target[]>;
  /** The types a binding is declared with, or what its initializer returns (`types.ts`). */
  typesOfBinding(file: string, facts: FileFacts, index: number, walk: Walk): Promise<Target[]>;
  /** What `this` names inside a definition (`types.ts`). */
  enclosingOwner(file: string, facts: FileFacts, enclosing: number | undefined, walk: Walk): Promise<Target[]>;
}
