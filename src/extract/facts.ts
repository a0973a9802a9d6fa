/**
 * Extraction: (tree, query) -> plain facts, in named phases that each take data and return new data (none changes
 * what it is given), in this order:
 *
 * 1. captures: run the query, sort captures into raw facts (`captures.ts`);
 * 2. placement: where each definition sits (enclosing definition, local or not) and what wraps it (`definitions.ts`);
 * 3. details: loose details and decorators, then parameters, given to their definitions (`definitions.ts`); the
 *    `type` tokens of type-only imports and exports marked on their statements (`imports.ts`);
 * 4. docs: doc comments above definitions, or `@doc` captures (`docs.ts`);
 * 5. exports: what the file exports, decided once (`exports.ts`);
 * 6. description: every definition written out as plain data (`definitions.ts`), with the preprocessor branch it sits
 *    in when its name is defined in several (`conditions.ts`);
 * 7. bindings: the file's scopes and the names bound in them, every name use resolved in the file (`bindings.ts`);
 * 8. references, imports, outline items and embedded languages' ranges (`references.ts`, `imports.ts`, `outline.ts`).
 *
 * Reads capture names, never node types: what a construct is in a language is said by its queries
 * (`queries/<id>/*.scm`, vocabulary in `queries/README.md`) and its definition. Never climbs `Node.parent` or asks for
 * siblings per node (quadratic in tree-sitter): spans and one cursor walk instead, so every phase is linear or n log n.
 *
 * @module
 */
import type { LanguageDefinition } from '../languages/define.js';
import type { LoadedLanguage } from '../languages/registry.js';
import type { Binding, Definition, ModuleSource, OutlineFacts, Reference } from '../model/facts.js';
import { addTo } from '../model/multimap.js';
import type { Deadline } from '../runtime/deadline.js';
import type { Range, Tree } from '../runtime/tree-sitter.js';
import type { ExportInfo, ImportInfo } from '../types.js';
import { type BindableDefinition, bindNames } from './bindings.js';
import { readCaptures } from './captures.js';
import type { RawCaptures } from './raw.js';
import { withConditionals } from './conditions.js';
import { attachDetails, attachParameters, describeDefinitions, type Placed, placeDefinitions } from './definitions.js';
import { documentDefinitions } from './docs.js';
import { resolveExports } from './exports.js';
import { collectImports, collectModuleSources, markTypeOnly } from './imports.js';
import type { LineIndex } from './lines.js';
import { collectOutline } from './outline.js';
import { collectReferences } from './references.js';
import type { Source } from './signatures.js';

/** What extraction reads. */
export interface ExtractionInput {
  tree: Tree;
  loaded: LoadedLanguage;
  text: string;
  lines: LineIndex;
  deadline: Deadline;
}

/** The facts of one tree, and the ranges of other languages embedded in it. */
export interface Extraction {
  definitions: Definition[];
  references: Reference[];
  bindings: Binding[];
  imports: ImportInfo[];
  exports: ExportInfo[];
  moduleSources: ModuleSource[];
  outline: OutlineFacts;
  /** Ranges to parse with another registered language, by its id. */
  injections: Map<string, Range[]>;
}

/** Extracts the facts of one tree: the phases in order, each taking the data the ones before it returned. */
export function extractFacts(input: ExtractionInput): Extraction {
  const { tree, loaded, deadline, lines } = input;
  const language = loaded.definition;
  const source: Source = { text: input.text };
  // 1. captures
  const captured = readCaptures(loaded.query, tree.rootNode, deadline);
  deadline.check();
  // 2. placement
  const { placed: bare, contexts } = placeDefinitions(tree.rootNode, captured, language, deadline);
  deadline.check();
  // 3. details, parameters, type-only marks
  const detailed = attachDetails(captured, bare, contexts);
  const placed = attachParameters(detailed.placed, detailed.parameters);
  const raw: RawCaptures = { ...captured, ...markTypeOnly(captured, contexts), parameters: detailed.parameters };
  // 4. docs
  const docs = documentDefinitions(placed, raw, language, lines);
  deadline.check();
  // 5. exports
  const exports = resolveExports(placed, raw, language, lines, source);
  // 6. description
  const described = describeDefinitions(placed, { docs, ...exports }, language, lines, source);
  const definitions = withConditionals(described, raw.conditions, loaded.tests, deadline);
  deadline.check();
  // 7. bindings
  const bound = bindNames({ root: tree.rootNode, raw, definitions: bindableOf(placed), vocabulary: language.binding, lines, deadline });
  deadline.check();
  // 8. references, imports, outline, embedded languages
  return {
    definitions,
    references: collectReferences(raw, placed, bound, lines),
    bindings: bound.bindings,
    imports: collectImports(raw, lines),
    exports: exports.entries,
    moduleSources: collectModuleSources(raw, lines),
    outline: collectOutline(raw.outline, lines),
    injections: injectionRanges(raw, language),
  };
}

/** The definitions as binding sees them: each with its container's kind. */
function bindableOf(placed: readonly Placed[]): BindableDefinition[] {
  return placed.map((def) => {
    const containerKind = def.container === undefined ? undefined : placed[def.container]?.raw.kind;
    return { raw: def.raw, index: def.index, ...(containerKind !== undefined ? { containerKind } : {}) };
  });
}

/** Ranges of the languages this one embeds, by registered language id, in source order. */
function injectionRanges(raw: RawCaptures, language: LanguageDefinition): Map<string, Range[]> {
  const ranges = new Map<string, Range[]>();
  if (!language.injections) return ranges;
  for (const { language: name, nodes } of raw.injections) {
    const target = language.injections[name];
    if (!target) continue;
    for (const node of nodes) {
      const { startIndex, endIndex, startPosition, endPosition } = node;
      addTo(ranges, target, { startIndex, endIndex, startPosition, endPosition });
    }
  }
  for (const list of ranges.values()) list.sort((a, b) => a.startIndex - b.startIndex);
  return ranges;
}
