/**
 * Table-driven binding cases: every folder under test/binding/cases/ is a small project of one language (or a few), with a
 * `cases.txt` whose lines say, from the language's rules, where a name leads:
 *
 *   # a comment describing the next cases
 *   def  <file>:<line> <name>[#n] -> <file>:<line>[, <file>:<line>...] <resolution>
 *   def  <file>:<line> <name>[#n] -> none <resolution>
 *   refs <file>:<line> <name>[#n] -> <file>:<line>[, <file>:<line>...]
 *   hover <file>:<line> <name>[#n] -> <documentation's first line>
 *
 * `<name>#n` is the n-th occurrence of the name on that line (1 by default). `def` asserts every answer, in order,
 * and the resolution; `refs` asserts the set of reference lines (definitions excluded); `hover` the documentation.
 * A new language is tested by adding a folder; this file does not change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';

const base = fileURLToPath(new URL('./cases/', import.meta.url));
const registry = createDefaultRegistry();
const opened: CodeIndex[] = [];
afterAll(() => {
  for (const index of opened) index.close();
  registry.dispose();
});

interface Case {
  verb: 'def' | 'refs' | 'hover';
  file: string;
  line: number;
  name: string;
  occurrence: number;
  expected: string;
  text: string;
}

function parseCases(folder: string): Case[] {
  const cases: Case[] = [];
  for (const raw of readFileSync(`${base}${folder}/cases.txt`, 'utf8').split('\n')) {
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    const match = /^(def|refs|hover)\s+(\S+):(\d+)\s+(\S+?)(?:#(\d+))?\s+->\s+(.*)$/.exec(text);
    if (!match) throw new Error(`${folder}/cases.txt: cannot read "${text}"`);
    const [, verb, file, line, name, occurrence, expected] = match as unknown as [string, Case['verb'], string, string, string, string | undefined, string];
    cases.push({ verb, file, line: Number(line), name, occurrence: Number(occurrence ?? 1), expected: expected.trim(), text });
  }
  return cases;
}

/** The 1-based column of the n-th whole-name occurrence of `name` on a line. */
function columnOf(root: string, c: Case): number {
  const line = readFileSync(`${root}/${c.file}`, 'utf8').split(/\r?\n/)[c.line - 1] ?? '';
  const word = /[\p{L}\p{N}_$]/u;
  let from = 0;
  let seen = 0;
  for (;;) {
    const at = line.indexOf(c.name, from);
    if (at < 0) throw new Error(`"${c.name}" #${c.occurrence} is not on ${c.file}:${c.line}`);
    const before = line[at - 1];
    const after = line[at + c.name.length];
    if (!(before && word.test(before)) && !(after && word.test(after)) && ++seen === c.occurrence) return at + 1;
    from = at + 1;
  }
}

const folders = existsSync(base) ? readdirSync(base).filter((name) => existsSync(`${base}${name}/cases.txt`)) : [];
it('has binding cases', () => expect(folders.length).toBeGreaterThan(0));

for (const folder of folders) {
  describe(folder, async () => {
    const root = `${base}${folder}`;
    const index = await CodeIndex.open({ root, registry, persist: false });
    opened.push(index);
    for (const c of parseCases(folder)) {
      it(c.text, async () => {
        const at = { file: c.file, line: c.line, column: columnOf(root, c) };
        if (c.verb === 'def') {
          const result = await index.findDefinitions(at);
          expect(result.symbol).toBe(c.name.split(/\.|::/).pop());
          const words = c.expected.split(/\s+/);
          const resolution = words.pop();
          const locations = words.join(' ') === 'none' ? [] : words.join(' ').split(/,\s*/);
          expect(result.definitions.map((d) => `${d.file}:${d.line}`)).toEqual(locations);
          expect(result.resolution).toBe(resolution);
        } else if (c.verb === 'refs') {
          const result = await index.findReferences(at);
          const got = [...new Set(result.references.map((r) => `${r.file}:${r.line}`))].sort();
          expect(got).toEqual(c.expected.split(/,\s*/).sort());
        } else {
          const result = await index.hover(at);
          expect(result.documentation?.split('\n')[0]).toBe(c.expected);
        }
      });
    }
  });
}

// Module answers are kept for a folder (its files import alike): the file that asked first must not be left out of
// what its neighbours get. Here Shape.java looks its package up first (for its static import), then Walker.java, in
// the same package, reaches Shape's nested class through the package; with every file indexed first, nothing
// forgets the kept answer in between.
it('keeps a package whole for the files of its folder, whichever asked first', async () => {
  const root = `${base}java`;
  const index = await CodeIndex.open({ root, registry, persist: false, rescanAfterMs: 60_000 });
  opened.push(index);
  await index.indexAll();
  const util = 'src/main/java/com/acme/shop/util';
  const first = await index.findDefinitions({ file: `${util}/Shape.java`, line: 13, column: 5 });
  expect(first.definitions.map((d) => `${d.file}:${d.line}`)).toEqual([`${util}/Log.java:12`]);
  const nested = await index.findDefinitions({ file: `${util}/Walker.java`, line: 8, column: 19 });
  expect(nested.definitions.map((d) => `${d.file}:${d.line}`)).toEqual([`${util}/Shape.java:9`]);
  expect(nested.resolution).toBe('bound');
});
