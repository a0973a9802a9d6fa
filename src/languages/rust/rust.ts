import { defineLanguage } from '../define.js';
import { rustModules } from './modules.js';

/**
 * Rust, with the @cursorless/tree-sitter-wasms grammar (the fewest ERROR nodes over real crates). Doc comments are
 * `///`, `//!` and `/** *\/`; an item is exported when it is `pub` (`pub(crate)` and the like are not the crate's
 * public API). `impl T` and `impl Trait for T` blocks give their members to `T`.
 */
export const rust = defineLanguage({
  id: 'rust',
  name: 'Rust',
  extensions: ['.rs'],
  grammar: new URL('../../../grammars/tree-sitter-rust.wasm.br', import.meta.url),
  grammarOrigin: '@cursorless/tree-sitter-wasms@0.7.0',
  queries: [new URL('../../../queries/rust/tags.scm', import.meta.url), new URL('../../../queries/rust/locals.scm', import.meta.url)],
  modulePaths: { separator: '::', skipSegments: ['crate', 'self', 'super'] },
  moduleSystem: rustModules,
  docComments: { line: ['///', '//!'], block: [['/**', '*/'], ['/*!', '*/']] },
  signature: { returnSeparator: ' -> ' },
  exports: { modifiers: ['pub'] },
  // Items declared in a function body are items (Universal Ctags tags them); `let` bindings and closures stay local.
  bodyItems: ['function', 'struct', 'enum', 'trait', 'type', 'macro', 'impl', 'module'],
  binding: { self: ['self'], selfType: ['Self'], typeQualifiers: ['mut'] },
});
