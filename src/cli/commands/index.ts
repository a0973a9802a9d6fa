/**
 * Every subcommand: one per operation of the operations table (src/catalog.ts; test/cli/cli.test.ts checks that each
 * has one, and that each option is a parameter of it), `scip`, `mcp` and `cache`.
 *
 * @module
 */
import type { Command } from '../shared.js';
import { cache } from './cache.js';
import { changes } from './changes.js';
import { fileCommands } from './files.js';
import { mcp } from './mcp.js';
import { navigationCommands } from './navigation.js';
import { projectCommands } from './project.js';
import { query } from './query.js';
import { scip } from './scip.js';

/** The subcommands, in the order `code-index --help` lists them. */
export const COMMANDS: readonly Command[] = [...fileCommands, ...navigationCommands, query, changes, ...projectCommands, scip, mcp, cache];
