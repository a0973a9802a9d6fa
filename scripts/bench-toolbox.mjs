#!/usr/bin/env node
// What an agent pays for a toolbox: the tokens of its tool definitions (sent on every turn) and of the answers to a
// scripted ten-step investigation of a real repository, the default `agent` toolbox against `all` (the same questions
// asked through each set's tools). Tokens are counted with the project's tokenizer (countTokens).
//
// Usage: npm run build && node scripts/bench-toolbox.mjs [--root DIR]
//   Without --root, the tree is rxjs 7.8.2's sources (fetched once into .bench-cache/, as check:accuracy does).
// A report: it exits 0 whatever the numbers.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CodeIndex, countTokens } from '../dist/index.js';
import { createToolbox, inputJsonSchema } from '../dist/tools/index.js';
import { fetchCorpus } from './fetch-corpus.mjs';

const rootArg = process.argv.indexOf('--root');
const root = rootArg >= 0 ? resolve(process.argv[rootArg + 1]) : (await fetchCorpus()).srcDir;

/** A position of a name on a line of a file (1-based line and column of the name's first occurrence). */
function positionOf(file, pattern) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes(pattern));
  if (line < 0) throw new Error(`${pattern} is not in ${file}`);
  return { line: line + 1, column: lines[line].indexOf(pattern) + 1 };
}

// The investigation: where is Subscriber, what is it, who uses its next(), what does the file look like.
const file = 'internal/Subscriber.ts';
const at = positionOf(file, 'next(value');
const use = positionOf('internal/Observable.ts', 'new SafeSubscriber');
const steps = {
  agent: [
    ['repo_map', { tokens: 1024 }],
    ['find_symbols', { query: 'Subscriber' }],
    ['outline', { file }],
    ['definition', { file: 'internal/Observable.ts', line: use.line, column: use.column + 4 }],
    ['references', { file, line: at.line, column: at.column }],
    ['hover', { file, line: at.line, column: at.column }],
    ['call_hierarchy', { file, line: at.line, column: at.column }],
    ['read_file', { file, start: at.line - 5, end: at.line + 10 }],
    ['search_text', { pattern: 'isStopped = true' }],
    ['list_directory', { path: 'internal' }],
  ],
  all: [
    ['repo_map', { tokenBudget: 1024 }],
    ['code_analyze', { operation: 'search_symbols', query: 'Subscriber' }],
    ['code_analyze', { operation: 'analyze_file', file }],
    ['treesitter', { operation: 'definition', file_path: 'internal/Observable.ts', line: use.line, column: use.column + 4 }],
    ['treesitter', { operation: 'references', file_path: file, line: at.line, column: at.column }],
    ['treesitter', { operation: 'hover', file_path: file, line: at.line, column: at.column }],
    ['call_hierarchy', { file_path: file, line: at.line, column: at.column }],
    ['read_file', { file_path: file, start_line: at.line - 5, end_line: at.line + 10 }],
    ['search_text', { patterns: ['isStopped = true'] }],
    ['list_directory', { directory_path: 'internal' }],
  ],
};

const index = await CodeIndex.open({ root, persist: false });
await index.indexAll();
console.log(`${root}: a ten-step investigation of ${file}`);
console.log('toolbox  tools  definitions  answers  10 turns (definitions x 10 + answers)');
for (const [name, calls] of Object.entries(steps)) {
  const box = await createToolbox({ index, toolset: name });
  let definitions = 0;
  for (const tool of box.tools) definitions += await countTokens(JSON.stringify({ name: tool.name, description: tool.description, input_schema: inputJsonSchema(tool) }));
  let answers = 0;
  for (const [tool, args] of calls) {
    const result = await box.call(tool, args);
    if (!result.ok) console.log(`  ${tool} failed: ${result.text.slice(0, 200)}`);
    answers += await countTokens(result.text);
  }
  console.log(`${name.padEnd(7)}  ${String(box.tools.length).padStart(5)}  ${String(definitions).padStart(11)}  ${String(answers).padStart(7)}  ${definitions * 10 + answers}`);
}
index.close();
