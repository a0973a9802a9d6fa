/**
 * What the operations read, handed to each by the facade: the workspace (files, facts, the name table), the binding
 * (names across files, the modules an import names) and the parser fallback for names no query tags. Each operation
 * takes the part it uses.
 *
 * @module
 */
import type { ModuleResolver } from '../binding/modules.js';
import type { Resolver } from '../binding/resolver.js';
import type { Analyzer } from '../engine/pool.js';
import type { Workspace } from '../engine/workspace.js';
import type { SearchScope } from '../types.js';

/** Everything the operations read. */
export interface OperationContext {
  /** The index over the root: files, facts, the name table. */
  workspace: Workspace;
  /** The scope of a position query that gives none. */
  defaultScope: SearchScope;
  /** Parses a file to find an identifier no query tags. */
  analyzer: () => Analyzer;
  /** Binds names across files. */
  resolver: Resolver;
  /** The files an import names, by the importing language's module system. */
  modules: ModuleResolver;
}

/** Longest name or pattern a search accepts (names are far shorter; this bounds the work of one query). */
export const MAX_QUERY_LENGTH = 512;
