#!/usr/bin/env node
// The house rules of src/, checked: every import points down the floors (docs/architecture.md), no module imports
// itself back through others (no import cycle), the floors that do no I/O import no file system, no file runs past
// 700 lines and no top-level folder holds more than 30% of the lines.
//
// Usage: npm run check:layers   (= node scripts/check-layers.mjs [--graph])
//   --graph prints the floor-to-floor imports with their counts.
// Exits 1 with one line per broken rule (file, import, and the rule), 0 when the house is in order.
//
// Imports are read with the TypeScript compiler's own pre-processor (`ts.preProcessFile`: static imports, re-exports
// and dynamic `import()`), type-only imports included: a type imported upwards ties the floors together as much as a
// value does.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
/** The longest a source file may be, in lines. */
const MAX_FILE_LINES = 700;
/** The largest share of src/'s lines one top-level folder may hold. */
const MAX_FOLDER_SHARE = 0.3;

/**
 * The floors, from the top down, and what each may import besides itself. A file belongs to the first floor whose
 * `paths` (root-relative to src/, a folder with `/` or a file) holds it.
 */
const FLOORS = [
  { name: 'cli', paths: ['cli/'], imports: ['explainer', 'adapters', 'tools', 'render', 'catalog', 'facade', 'languages', 'base'] },
  { name: 'explainer', paths: ['explainer/'], imports: ['adapters', 'tools', 'render', 'catalog', 'facade', 'base'] },
  { name: 'adapters', paths: ['adapters/'], imports: ['tools', 'facade', 'base'] },
  { name: 'tools', paths: ['tools/'], imports: ['render', 'catalog', 'facade', 'files', 'base'] },
  { name: 'catalog', paths: ['catalog.ts'], imports: ['facade', 'operations', 'languages', 'base'] },
  { name: 'facade', paths: ['index.ts', 'code-index.ts'], imports: ['render', 'operations', 'binding', 'engine', 'files', 'languages', 'base'] },
  { name: 'render', paths: ['render/'], imports: ['base'] },
  { name: 'operations', paths: ['operations/'], imports: ['binding', 'engine', 'files', 'languages', 'base'] },
  { name: 'binding', paths: ['binding/'], imports: ['languages', 'base'] },
  { name: 'files', paths: ['engine/files.ts'], imports: ['engine', 'base'] },
  { name: 'engine', paths: ['engine/'], imports: ['extract', 'languages', 'runtime', 'base'] },
  { name: 'extract', paths: ['extract/'], imports: ['languages', 'runtime', 'base'] },
  { name: 'languages', paths: ['languages/'], imports: ['runtime', 'base'] },
  { name: 'runtime', paths: ['runtime/'], imports: ['base'] },
  { name: 'base', paths: ['model/', 'errors.ts', 'types.ts', 'types/', 'tokens.ts', 'version.ts'], imports: [] },
];

/** Floors whose modules read and write nothing themselves: what they need comes through the engine's seam. */
const NO_IO = new Set(['operations', 'binding', 'extract', 'render', 'base']);
/** Modules that touch the file system or processes. */
const IO_MODULES = new Set(['fs', 'fs/promises', 'child_process'].flatMap((name) => [name, `node:${name}`]));

function floorOf(file) {
  const path = relative(SRC, file).split('\\').join('/');
  return FLOORS.find((floor) => floor.paths.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p)));
}

function sourceFiles(folder) {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((file) => file.endsWith('.ts'))
    .sort();
}

const files = sourceFiles(SRC);
const problems = [];
const graph = new Map();
const floorEdges = new Map();
const linesOf = new Map();

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  linesOf.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  const own = floorOf(file);
  const name = relative(ROOT, file);
  if (!own) {
    problems.push(`${name}: in no floor (add its folder to FLOORS in scripts/check-layers.mjs and to docs/architecture.md)`);
    continue;
  }
  const edges = [];
  for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
    if (IO_MODULES.has(specifier) && NO_IO.has(own.name)) problems.push(`${name}: imports ${specifier}, but the ${own.name} floor does no I/O of its own`);
    if (!specifier.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier).replace(/\.js$/, '.ts');
    edges.push(target);
    const other = floorOf(target);
    if (!other || other === own) continue;
    const key = `${own.name} -> ${other.name}`;
    floorEdges.set(key, (floorEdges.get(key) ?? 0) + 1);
    if (!own.imports.includes(other.name)) problems.push(`${name}: imports ${relative(ROOT, target)}, but ${own.name} may not import ${other.name} (an arrow upwards)`);
  }
  graph.set(file, edges);
}

// Import cycles: strongly connected components of more than one module (Tarjan's algorithm, iterative).
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) problems.push(`import cycle: ${component.map((f) => relative(ROOT, f)).sort().join(', ')}`);
      }
    }
  }
}

// Sizes.
let total = 0;
const byFolder = new Map();
for (const [file, lines] of linesOf) {
  total += lines;
  const top = relative(SRC, file).split(/[\\/]/);
  if (top.length > 1) byFolder.set(top[0], (byFolder.get(top[0]) ?? 0) + lines);
  if (lines > MAX_FILE_LINES) problems.push(`${relative(ROOT, file)}: ${lines} lines (at most ${MAX_FILE_LINES})`);
}
for (const [folder, lines] of byFolder) {
  if (lines / total > MAX_FOLDER_SHARE) problems.push(`src/${folder}/: ${lines} of src's ${total} lines (${((100 * lines) / total).toFixed(1)}%; at most ${100 * MAX_FOLDER_SHARE}%)`);
}

if (process.argv.includes('--graph')) {
  for (const [edge, count] of [...floorEdges].sort()) console.log(`${edge}  ${count}`);
  for (const [folder, lines] of [...byFolder].sort((a, b) => b[1] - a[1])) console.log(`src/${folder}/  ${lines} lines  ${((100 * lines) / total).toFixed(1)}%`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check:layers: ${problems.length} problem${problems.length === 1 ? '' : 's'} (the floors and their rules: docs/architecture.md)`);
  process.exit(1);
}
console.log(`check:layers: ${files.length} modules in ${FLOORS.length} floors, every import downwards, no cycle, no file over ${MAX_FILE_LINES} lines`);
