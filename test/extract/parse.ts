/**
 * Parsing small sources with the real grammars for the tests of `src/extract/`: the default registry, one tree per
 * call, deleted after use (WASM memory is not garbage-collected).
 */
import { afterAll } from 'vitest';
import { createDefaultRegistry } from '../../src/index.js';
import { readCaptures } from '../../src/extract/captures.js';
import type { RawCaptures } from '../../src/extract/raw.js';
import { attachDetails, attachParameters, placeDefinitions, type Placed } from '../../src/extract/definitions.js';
import { markTypeOnly } from '../../src/extract/imports.js';
import { LineIndex } from '../../src/extract/lines.js';
import type { NodeContext } from '../../src/extract/siblings.js';
import type { LoadedLanguage } from '../../src/languages/registry.js';
import { Deadline } from '../../src/runtime/deadline.js';
import type { Tree } from '../../src/runtime/tree-sitter.js';

export const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

/** A parsed source and what extraction reads beside it. */
export interface Parsed {
  tree: Tree;
  loaded: LoadedLanguage;
  text: string;
  lines: LineIndex;
  deadline: Deadline;
  /** The query's captures over the tree, sorted into raw facts. */
  raw: RawCaptures;
}

/** Parses `text` as `language`, hands it to `use`, and deletes the tree. */
export async function withParsed<T>(language: string, text: string, use: (parsed: Parsed) => T | Promise<T>): Promise<T> {
  const loaded = await registry.load(language);
  const tree = loaded.parser.parse(text);
  if (!tree) throw new Error(`no tree for ${language}`);
  try {
    const deadline = new Deadline(60_000);
    return await use({ tree, loaded, text, lines: new LineIndex(text), deadline, raw: readCaptures(loaded.query, tree.rootNode, deadline) });
  } finally {
    tree.delete();
  }
}

/** Lines joined with `\n`, ending with one: sources are written as arrays of lines. */
export function source(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** The definitions placed, with their details and parameters, and the raw captures with type-only marks: what the later phases read. */
export function prepared(parsed: Parsed): { placed: Placed[]; raw: RawCaptures; contexts: Map<number, NodeContext> } {
  const { placed, contexts } = placeDefinitions(parsed.tree.rootNode, parsed.raw, parsed.loaded.definition, parsed.deadline);
  const detailed = attachDetails(parsed.raw, placed, contexts);
  const raw = { ...parsed.raw, ...markTypeOnly(parsed.raw, contexts), parameters: detailed.parameters };
  return { placed: attachParameters(detailed.placed, detailed.parameters), raw, contexts };
}
