/**
 * The persistent index: facts survive the process, stale or damaged ones are never served, two processes share a
 * store, and a memory bound never drops a result; and its parts alone: the manifest's format (store-format.ts), the
 * memory store (store.ts) and the disk store (disk-store.ts).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledLanguages, CodeIndex, createDefaultRegistry, LanguageRegistry } from '../../src/index.js';
import { DiskStore, openStore } from '../../src/engine/disk-store.js';
import { blobAddress, compactEntry, type FileEntry, interner, MemoryStore } from '../../src/engine/store.js';
import { decodeEntry, encodeEntry, forEachLine, isFacts, MANIFEST_VERSION, parseLine, readManifestLines } from '../../src/engine/store-format.js';
import { unsupportedFacts } from '../../src/engine/unsupported.js';

const run = promisify(execFile);
const dist = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'code-index-store-'));
const registry = createDefaultRegistry();
afterAll(() => {
  registry.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** A small TypeScript tree: `count` modules, each exporting a function and calling the previous one. */
function makeTree(name: string, count: number): string {
  const root = join(scratch, name);
  mkdirSync(join(root, 'src'), { recursive: true });
  for (let i = 0; i < count; i++) {
    const call = i > 0 ? `import { step${i - 1} } from './m${i - 1}';\n` : '';
    const body = i > 0 ? `step${i - 1}(n) + ${i}` : 'n';
    writeFileSync(join(root, 'src', `m${i}.ts`), `${call}/** Step ${i}. */\nexport function step${i}(n: number): number {\n  return ${body};\n}\n`);
  }
  return root;
}

/** Opens an index in a new Node process and reports what it answered and what it parsed. */
async function inNewProcess(root: string, cacheDir: string): Promise<{ parses: number; files: number; analysis: unknown; total: number; warnings: unknown[] }> {
  const script = `
    const { CodeIndex } = await import(${JSON.stringify(dist)});
    const index = await CodeIndex.open({ root: ${JSON.stringify(root)}, cacheDir: ${JSON.stringify(cacheDir)} });
    const search = await index.searchSymbols({ query: 'step*' });
    const analysis = await index.analyzeFile('src/m1.ts');
    const stats = index.stats();
    index.close();
    console.log(JSON.stringify({ parses: stats.cache.parses, files: stats.files, analysis, total: search.total, warnings: stats.warnings }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout);
}

describe('persistent index', () => {
  it('Should answer from disk in a new process without parsing, with the same facts', async () => {
    const root = makeTree('round-trip', 12);
    const cacheDir = join(scratch, 'round-trip-cache');
    const index = await CodeIndex.open({ root, cacheDir, registry });
    const stats = await index.indexAll();
    const analysis = await index.analyzeFile('src/m1.ts');
    index.close();
    expect(stats.cache.parses).toBe(12);
    const again = await inNewProcess(root, cacheDir);
    expect(again.parses).toBe(0);
    expect(again.files).toBe(12);
    expect(again.total).toBe(12);
    expect(again.analysis).toEqual(JSON.parse(JSON.stringify(analysis)));
  });

  it('Should re-parse a changed file, keep a touched one, and forget a deleted one', async () => {
    const root = makeTree('changes', 6);
    const cacheDir = join(scratch, 'changes-cache');
    const first = await CodeIndex.open({ root, cacheDir, registry });
    await first.indexAll();
    first.close();
    appendFileSync(join(root, 'src', 'm2.ts'), 'export function added(): void {}\n');
    utimesSync(join(root, 'src', 'm3.ts'), new Date(), new Date(Date.now() + 5000));
    rmSync(join(root, 'src', 'm5.ts'));
    const second = await CodeIndex.open({ root, cacheDir, registry });
    try {
      const stats = await second.indexAll();
      expect(stats.cache.parses).toBe(1);
      expect(stats.files).toBe(5);
      expect((await second.searchSymbols({ query: 'added' })).matches.map((m) => m.file)).toEqual(['src/m2.ts']);
      expect((await second.searchSymbols({ query: 'step5' })).total).toBe(0);
    } finally {
      second.close();
    }
  });

  it('Should keep files of the same content apart: each answers with its own path, and changes of one leave the other', async () => {
    const root = makeTree('copies', 3);
    cpSync(join(root, 'src'), join(root, 'copy'), { recursive: true });
    const cacheDir = join(scratch, 'copies-cache');
    const files = async (index: CodeIndex, query: string) => (await index.searchSymbols({ query })).matches.map((m) => m.file).sort();
    // One parse thread: twins parsed at once on two threads are both parsed (neither is stored yet), a benign waste
    // this test does not measure; what it checks is that a stored twin is never parsed again.
    const first = await CodeIndex.open({ root, cacheDir, registry, rescanAfterMs: 0, threads: 1 });
    try {
      // Each content is parsed once: a copy whose facts are stored already takes the summary its twin has.
      expect((await first.indexAll()).cache.parses).toBe(3);
      expect(await files(first, 'step1')).toEqual(['copy/m1.ts', 'src/m1.ts']);
      // One copy changes: the other keeps the names they shared; one is deleted: its twin stays.
      appendFileSync(join(root, 'copy', 'm1.ts'), 'export function onlyInCopy(): void {}\n');
      rmSync(join(root, 'src', 'm2.ts'));
      expect(await files(first, 'step1')).toEqual(['copy/m1.ts', 'src/m1.ts']);
      expect(await files(first, 'onlyInCopy')).toEqual(['copy/m1.ts']);
      expect(await files(first, 'step2')).toEqual(['copy/m2.ts']);
    } finally {
      first.close();
    }
    // The same from the stored index, in a new index.
    const second = await CodeIndex.open({ root, cacheDir, registry });
    try {
      expect(await files(second, 'step1')).toEqual(['copy/m1.ts', 'src/m1.ts']);
      expect(await files(second, 'step0')).toEqual(['copy/m0.ts', 'src/m0.ts']);
      expect((await second.indexAll()).cache.parses).toBe(0);
    } finally {
      second.close();
    }
  });

  it('Should be portable: a copy of the tree and its index at another path answers without parsing', async () => {
    const root = makeTree('portable', 5);
    const cacheDir = join(scratch, 'portable-cache');
    const index = await CodeIndex.open({ root, cacheDir, registry });
    await index.indexAll();
    index.close();
    // Another machine: another root path, new modification times (a checkout), the index copied beside it.
    const copy = join(scratch, 'portable-elsewhere');
    cpSync(root, copy, { recursive: true, preserveTimestamps: false });
    cpSync(cacheDir, join(scratch, 'portable-cache-copy'), { recursive: true });
    const again = await inNewProcess(copy, join(scratch, 'portable-cache-copy'));
    expect(again.parses).toBe(0);
    expect(again.total).toBe(5);
  });

  it('Should rebuild, with a warning, from a truncated, corrupted or foreign manifest, and re-parse a damaged blob', async () => {
    const root = makeTree('corrupt', 4);
    const cacheDir = join(scratch, 'corrupt-cache');
    const index = await CodeIndex.open({ root, cacheDir, registry });
    await index.indexAll();
    index.close();
    const manifest = join(cacheDir, 'manifest.json');
    const good = readFileSync(manifest, 'utf8');
    // Cut inside a line, cut at the end of a line (its end line missing), garbage, another format.
    const cutAtLine = `${good.split('\n').slice(0, 3).join('\n')}\n`;
    for (const damaged of [good.slice(0, good.length / 2), cutAtLine, '\u0000\u0001garbage', JSON.stringify({ format: 'something-else', files: {} })]) {
      writeFileSync(manifest, damaged);
      const again = await inNewProcess(root, cacheDir);
      expect(again.total).toBe(4);
      expect(again.parses).toBe(0); // the blobs are still good: the manifest is rebuilt from them without parsing
      expect(JSON.stringify(again.warnings)).toContain('unreadable');
    }
    // A damaged blob: detected, discarded, the file analyzed again, the answer right.
    const objects = join(cacheDir, 'objects');
    for (const folder of readdirSync(objects)) {
      for (const name of readdirSync(join(objects, folder))) writeFileSync(join(objects, folder, name), 'not gzip');
    }
    const after = await inNewProcess(root, cacheDir);
    expect(after.total).toBe(4);
    expect((after.analysis as { functions: Array<{ name: string }> }).functions.map((f) => f.name)).toEqual(['step1']);
  });

  it('Should never serve facts of another fact key (an edited query, an upgrade): they are analyzed again', async () => {
    const root = makeTree('upgrade', 3);
    const cacheDir = join(scratch, 'upgrade-cache');
    const index = await CodeIndex.open({ root, cacheDir, registry });
    await index.indexAll();
    index.close();
    expect((await inNewProcess(root, cacheDir)).parses).toBe(0);
    // The same tree with TypeScript's query edited: its fingerprint, so its facts' key, changes.
    const typescript = registry.get('typescript');
    if (!typescript) throw new Error('no typescript');
    const edited = new LanguageRegistry([...bundledLanguages.filter((l) => l.id !== 'typescript'), { ...typescript, queries: [...typescript.queries, { text: '; edited\n' }] }]);
    const upgraded = await CodeIndex.open({ root, cacheDir, registry: edited });
    try {
      const stats = await upgraded.indexAll();
      expect(stats.cache.parses).toBe(3);
      expect(stats.totalSymbols).toBe(3);
    } finally {
      upgraded.close();
      edited.dispose();
    }
  });

  it('Should keep one consistent store when two processes index the same tree at once', async () => {
    const root = makeTree('concurrent', 40);
    const cacheDir = join(scratch, 'concurrent-cache');
    await Promise.all([inNewProcess(root, cacheDir), inNewProcess(root, cacheDir), inNewProcess(root, cacheDir)]);
    const after = await inNewProcess(root, cacheDir);
    expect(after.total).toBe(40);
    expect(after.parses).toBe(0);
    expect(after.warnings).toEqual([]);
  });

  it('Should fall back to memory, with a warning, when the cache folder cannot be used', async () => {
    const root = makeTree('unusable', 2);
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, '');
    const index = await CodeIndex.open({ root, cacheDir: join(blocker, 'cache'), registry });
    try {
      expect((await index.searchSymbols({ query: 'step0' })).total).toBe(1);
      const stats = index.stats();
      expect(stats.cache.persistent).toBe(false);
      expect(stats.warnings[0]?.message).toMatch(/cannot be used/);
    } finally {
      index.close();
    }
  });

  it('Should keep project-wide answers complete when the tree has more files than maxCacheEntries', async () => {
    const root = makeTree('bounded', 30);
    const index = await CodeIndex.open({ root, registry, maxCacheEntries: 3, persist: false });
    try {
      expect((await index.searchSymbols({ query: 'step*', limit: 100 })).total).toBe(30);
      // step0 is called by m1 and imported there; every file's facts are loaded on demand, whatever the bound.
      const refs = await index.findReferences({ symbol: 'step0' });
      expect(refs.references.map((r) => `${r.file}:${r.kind}`)).toEqual(['src/m1.ts:import', 'src/m1.ts:call']);
      for (let i = 0; i < 30; i++) expect((await index.analyzeFile(`src/m${i}.ts`)).functions[0]?.name).toBe(`step${i}`);
      expect(index.stats().cache.parses).toBe(30);
    } finally {
      index.close();
    }
  });
});

describe('line ends', () => {
  it('Should place definitions on their lines in a file with CR-only line ends', async () => {
    const root = join(scratch, 'cr');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'a.ts'), 'const a = 1;\rexport function f() {}\r\rexport class C {}\r');
    const index = await CodeIndex.open({ root, registry, persist: false });
    try {
      const analysis = await index.analyzeFile('a.ts');
      expect(analysis.functions.map((f) => `${f.name}@${f.line}:${f.column}`)).toEqual(['f@2:17']);
      expect(analysis.classes.map((c) => `${c.name}@${c.line}`)).toEqual(['C@4']);
      expect((await index.findDefinitions({ file: 'a.ts', line: 4, column: 14 })).definitions[0]?.line).toBe(4);
    } finally {
      index.close();
    }
  });
});

/** An entry with a summary of two definitions (one with a scope and a signature). */
function sampleEntry(): FileEntry {
  const entry: FileEntry = {
    size: 120,
    mtimeMs: 1_700_000_000_000,
    hash: 'abc',
    language: 'typescript',
    key: 'k1',
    blob: 'b1',
    summary: {
      definitions: [
        { name: 'Repo', kind: 'class', line: 1, column: 14, endLine: 9, preview: 'export class Repo {', isExported: true, scope: undefined },
        { name: 'save', kind: 'method', line: 2, column: 3, endLine: 4, preview: 'save(x: T): void {', isExported: false, scope: 'Repo' },
      ],
      references: ['T', 'Repo'],
      referenceCount: 3,
    },
  };
  const [repo, save] = entry.summary?.definitions ?? [];
  if (repo) repo.signature = undefined;
  if (save) save.signature = 'save(x: T): void';
  return entry;
}

describe('the manifest format (store-format.ts)', () => {
  it('Should give back an entry it encoded, sharing repeated strings, its references sorted', () => {
    const intern = interner();
    const entry = sampleEntry();
    const decoded = decodeEntry(JSON.parse(JSON.stringify(encodeEntry(entry))), intern);
    expect(decoded).toEqual({ ...entry, summary: { ...entry.summary, references: ['Repo', 'T'] } });
    const again = decodeEntry(encodeEntry(entry), intern);
    expect(again?.summary?.definitions[1]?.scope).toBe(decoded?.summary?.definitions[1]?.scope);
    expect(compactEntry(entry, intern).summary?.references).toEqual(['Repo', 'T']);
  });
  it('Should refuse damaged entries, lines and facts', () => {
    expect(decodeEntry({ s: 'big' } as never, interner())).toBeUndefined();
    expect(parseLine('["a.ts", {"s": 1}]')).toEqual({ path: 'a.ts', encoded: { s: 1 } });
    expect(parseLine('["a.ts", null]')).toEqual({ path: 'a.ts', encoded: null });
    expect(parseLine('["a.ts", {"s": 1')).toBeUndefined();
    expect(parseLine('[1, {}]')).toBeUndefined();
    expect(isFacts(unsupportedFacts('hello\n', []))).toBe(true);
    expect(isFacts({ language: 'x' })).toBe(false);
  });
  it('Should read lines in pieces and know a manifest cut short', () => {
    const folder = mkdtempSync(join(scratch, 'format-'));
    const path = join(folder, 'lines');
    writeFileSync(path, `one\n\n${'x'.repeat(3 << 20)}\nlast`);
    const lines: string[] = [];
    expect(forEachLine(path, (line) => lines.push(line))).toBe(true);
    expect(lines.map((line) => line.length)).toEqual([3, 3 << 20, 4]);
    expect(forEachLine(join(folder, 'missing'), () => {})).toBe(false);
    // A character cut by the 1 MB chunk's end, and many short lines on both sides of it.
    const short = Array.from({ length: 50_000 }, (_, i) => `line ${i} é`);
    const cut = `${'a'.repeat((1 << 20) - 1)}é€`;
    writeFileSync(path, [cut, ...short, cut].join('\n'));
    const read: string[] = [];
    forEachLine(path, (text) => read.push(text));
    expect(read).toEqual([cut, ...short, cut]);
    const header = JSON.stringify({ format: 'code-index-manifest', version: MANIFEST_VERSION, segment: 'names-00.seg' });
    const line = JSON.stringify(['a.ts', encodeEntry(sampleEntry())]);
    writeFileSync(path, `${header}\n${line}\n{"end":1}\n`);
    const seen: string[] = [];
    let segment: string | undefined;
    readManifestLines(path, (file) => seen.push(file), (read) => (segment = read.segment));
    expect(seen).toEqual(['a.ts']);
    expect(segment).toBe('names-00.seg');
    writeFileSync(path, `${header}\n${line}\n`);
    expect(() => readManifestLines(path, () => {})).toThrow(/cut short/);
    writeFileSync(path, `{"format":"other"}\n`);
    expect(() => readManifestLines(path, () => {})).toThrow(/not a code-index manifest/);
  });
});

describe('the stores (store.ts, disk-store.ts)', () => {
  it('Should keep facts in memory only, and collect the ones no entry uses', () => {
    const store = new MemoryStore();
    const facts = unsupportedFacts('text\n', []);
    const blob = blobAddress('k1', 'abc');
    store.writeFacts(blob, facts);
    expect(store.hasFacts(blob)).toBe(true);
    expect(store.readFacts(blob)).toEqual(facts);
    expect(store.loadManifest().size).toBe(0);
    store.collect(new Set());
    expect(store.hasFacts(blob)).toBe(false);
    expect(openStore({ directory: join(scratch, 'never-made'), persist: false })).toBeInstanceOf(MemoryStore);
  });
  it('Should journal changes, fold them into the manifest, and skip a damaged journal line with a warning', () => {
    const location = join(scratch, 'disk-store');
    const store = openStore({ directory: location, persist: true });
    expect(store).toBeInstanceOf(DiskStore);
    store.saveManifest(new Map([['a.ts', sampleEntry()], ['b.ts', { ...sampleEntry(), summary: undefined }]]));
    store.saveManifest(new Map([['b.ts', null]]));
    expect([...new DiskStore(location, true).loadManifest().keys()]).toEqual(['a.ts']);
    store.compact(true);
    expect(readdirSync(location)).toContain('manifest.json');
    expect(readdirSync(location)).not.toContain('journal.jsonl');
    appendFileSync(join(location, 'journal.jsonl'), '["c.ts", {"s": 1\n');
    const reopened = new DiskStore(location, true);
    expect([...reopened.loadManifest().keys()]).toEqual(['a.ts']);
    expect(reopened.warnings[0]?.message).toMatch(/damaged line/);
  });
  it('Should fold the summaries into a name segment the manifest names, and replace it at the next fold', () => {
    const location = join(scratch, 'disk-segment');
    const store = openStore({ directory: location, persist: true }) as DiskStore;
    const entry = sampleEntry();
    // As summaries keep them: references sorted by code unit.
    const summary = { ...(entry.summary as NonNullable<FileEntry['summary']>), references: ['Repo', 'T'] };
    store.saveManifest(new Map([['a.ts', entry], ['copy.ts', { ...entry, summary: undefined }], ['gone.ts', { ...entry, blob: 'b-unknown', summary: undefined }]]));
    store.compact(true);
    const first = readdirSync(location).filter((name) => name.endsWith('.seg'));
    expect(first).toHaveLength(1);
    const lines = readFileSync(join(location, 'manifest.json'), 'utf8').split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ segment: first[0] });
    // Lines carry no summary; an entry whose summary nobody has (gone.ts) is dropped: its file is analyzed again.
    expect(lines.filter((line) => line.startsWith('[')).map((line) => JSON.parse(line) as [string, Record<string, unknown>])).toEqual([
      ['a.ts', expect.not.objectContaining({ d: expect.anything() })],
      ['copy.ts', expect.not.objectContaining({ d: expect.anything() })],
    ]);
    const reopened = new DiskStore(location, true);
    const entries = reopened.loadManifest();
    expect([...entries.keys()]).toEqual(['a.ts', 'copy.ts']);
    expect(entries.get('a.ts')?.summary).toBeUndefined();
    const segment = reopened.nameSegment();
    expect(segment?.summaryOf(segment.blobIndex('b1') as number)).toEqual(summary);
    // A change after the fold: journaled with its summary, folded into a new segment; the old one is removed.
    const changed = { ...sampleEntry(), blob: 'b2' };
    const [renamed] = (changed.summary as typeof summary).definitions;
    if (renamed) renamed.name = 'Store';
    reopened.saveManifest(new Map([['b.ts', changed]]));
    reopened.compact(true);
    const second = readdirSync(location).filter((name) => name.endsWith('.seg'));
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    const last = reopened.nameSegment();
    expect(last?.summaryOf(last.blobIndex('b2') as number).definitions.map((d) => d.name)).toEqual(['Store', 'save']);
    expect(last?.summaryOf(last.blobIndex('b1') as number)).toEqual(summary);
    segment?.close();
    last?.close();
    // The segment lost: the entries it summarized are dropped with a warning (analyzed again), none served wrong.
    rmSync(join(location, second[0] as string));
    const lost = new DiskStore(location, true);
    expect(lost.loadManifest().size).toBe(0);
    expect(lost.warnings[0]?.message).toMatch(/name segment .* unreadable \(it is missing\)/);
  });
  it('Should store facts by address, discard a damaged blob, and collect unused ones', () => {
    const store = new DiskStore(join(scratch, 'disk-blobs'), true);
    mkdirSync(join(scratch, 'disk-blobs', 'objects'), { recursive: true });
    const facts = unsupportedFacts('text\n', []);
    const kept = blobAddress('k1', 'kept');
    const dropped = blobAddress('k1', 'dropped');
    store.writeFacts(kept, facts);
    store.writeFacts(dropped, facts);
    expect(store.readFacts(kept)).toEqual(facts);
    store.collect(new Set([kept]));
    expect(store.hasFacts(kept)).toBe(true);
    expect(store.hasFacts(dropped)).toBe(false);
    const path = join(scratch, 'disk-blobs', 'objects', kept.slice(0, 2), `${kept}.a.json.gz`);
    writeFileSync(path, 'not gzip');
    expect(store.readFacts(kept)).toBeUndefined();
    expect(store.hasFacts(kept)).toBe(false);
  });
  it('Should keep new facts in memory when the folder is read-only', () => {
    const store = new DiskStore(join(scratch, 'read-only-store'), false);
    const facts = unsupportedFacts('text\n', []);
    store.writeFacts('blob', facts);
    expect(store.readFacts('blob')).toEqual(facts);
    store.saveManifest(new Map([['a.ts', sampleEntry()]]));
    expect(store.loadManifest().size).toBe(0);
  });
});
