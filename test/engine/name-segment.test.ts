import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { characterMask, NameSegment, NameSegmentWriter } from '../../src/engine/name-segment.js';
import type { FileSummary, SummaryDefinition } from '../../src/model/facts.js';

const folder = mkdtempSync(join(tmpdir(), 'code-index-segment-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function def(name: string, line: number, extra: Partial<SummaryDefinition> = {}): SummaryDefinition {
  return { name, kind: 'function', line, column: 1, endLine: line + 2, preview: `function ${name}() {`, isExported: false, scope: undefined, signature: `${name}()`, ...extra };
}

const summaries: Record<string, FileSummary> = {
  b2: { definitions: [def('getUserById', 3, { isExported: true }), def('Parser', 10, { kind: 'class', signature: undefined, preview: 'class Parser {' }), def('parse', 12, { kind: 'method', scope: 'Parser' })], references: ['Parser', 'fetch', 'parse'], referenceCount: 7 },
  a1: { definitions: [def('parse', 1), def('PARSE_LIMIT', 5, { kind: 'constant', signature: undefined, preview: 'const PARSE_LIMIT = 10;' }), def('über', 8)], references: ['fetch', 'getUserById', 'über'], referenceCount: 3 },
  c3: { definitions: [], references: ['parse'], referenceCount: 1 },
};

function write(name: string): string {
  const path = join(folder, name);
  const writer = new NameSegmentWriter();
  for (const [blob, summary] of Object.entries(summaries)) writer.add(blob, summary);
  writer.add('a1', { definitions: [def('ignored', 1)], references: [], referenceCount: 0 });
  writer.write(path);
  return path;
}

describe('name segment', () => {
  const segment = NameSegment.open(write('names.seg')) as NameSegment;
  afterAll(() => segment.close());

  it('Should give back every blob summary as written', () => {
    expect([...segment.blobs()].sort()).toEqual(['a1', 'b2', 'c3']);
    for (const [blob, summary] of Object.entries(summaries)) expect(segment.summaryOf(segment.blobIndex(blob) as number)).toEqual(summary);
    expect(segment.blobCounts(segment.blobIndex('b2') as number)).toEqual({ definitions: 3, references: 7 });
    expect(segment.definitionTotal).toBe(6);
  });

  it('Should keep the names sorted by lower case, then code unit, and find each exactly', () => {
    const names = Array.from({ length: segment.nameCount }, (_, i) => segment.name(i));
    expect(names).toEqual(['getUserById', 'parse', 'PARSE_LIMIT', 'Parser', 'über']);
    for (const [i, name] of names.entries()) expect(segment.findName(name)).toBe(i);
    expect(segment.findName('Parse')).toBe(-1);
    expect(segment.findName('zzz')).toBe(-1);
  });

  it('Should list a name definitions in blob order, with every field', () => {
    const found = segment.definitionsOf(segment.findName('parse'));
    expect(found.map((d) => [d.blob, d.index, d.definition.line, d.definition.kind, d.definition.scope])).toEqual([
      [segment.blobIndex('a1'), 0, 1, 'function', undefined],
      [segment.blobIndex('b2'), 2, 12, 'method', 'Parser'],
    ]);
    // (a stored definition reads its preview, signature and scope when asked: compared as the plain value it writes)
    const stored = segment.definitionsOf(segment.findName('getUserById'))[0]?.definition;
    expect(JSON.parse(JSON.stringify(stored))).toEqual(summaries.b2?.definitions[0]);
    expect([stored?.preview, stored?.signature, stored?.scope]).toEqual([
      summaries.b2?.definitions[0]?.preview,
      summaries.b2?.definitions[0]?.signature,
      summaries.b2?.definitions[0]?.scope,
    ]);
  });

  it('Should answer a prefix range over the lower case, and a mask scan', () => {
    const [from, to] = segment.prefixRange('pars');
    expect(Array.from({ length: to - from }, (_, i) => segment.name(from + i))).toEqual(['parse', 'PARSE_LIMIT', 'Parser']);
    expect(segment.prefixRange('zz')).toEqual([4, 4]); // 'ü' sorts after 'z'
    expect(segment.prefixRange('')).toEqual([0, 5]);
    const withUnderscore = [...segment.namesWithMask(characterMask('_l'))].map((i) => segment.name(i));
    expect(withUnderscore).toEqual(['PARSE_LIMIT']);
  });

  it('Should list the blobs referencing a name, and answer whether one blob does', () => {
    const blobsOf = (name: string) => [...segment.blobsReferencing(name)].map((b) => [...segment.blobs()][b]).sort();
    expect(blobsOf('parse')).toEqual(['b2', 'c3']);
    expect(blobsOf('fetch')).toEqual(['a1', 'b2']);
    expect(blobsOf('missing')).toEqual([]);
    expect(segment.blobReferences(segment.blobIndex('a1') as number, 'über')).toBe(true);
    expect(segment.blobReferences(segment.blobIndex('a1') as number, 'parse')).toBe(false);
  });

  it('Should refuse a foreign, cut or damaged file, and answer undefined for a missing one', () => {
    expect(NameSegment.open(join(folder, 'none.seg'))).toBeUndefined();
    const bytes = readFileSync(join(folder, 'names.seg'));
    writeFileSync(join(folder, 'cut.seg'), bytes.subarray(0, bytes.length - 9));
    expect(() => NameSegment.open(join(folder, 'cut.seg'))).toThrow(/past its end/);
    writeFileSync(join(folder, 'foreign.seg'), '{"format":"something else"}\n'.repeat(20));
    expect(() => NameSegment.open(join(folder, 'foreign.seg'))).toThrow(/not a name segment/);
    const damaged = Buffer.from(bytes);
    damaged.writeUInt32LE(damaged.readUInt32LE(damaged.readUInt32LE(16)) + 3, damaged.readUInt32LE(16));
    writeFileSync(join(folder, 'damaged.seg'), damaged);
    expect(() => NameSegment.open(join(folder, 'damaged.seg'))).toThrow(/disagree/);
  });

  it('Should find the names holding a query in order, on bytes and (past ASCII) on the decoded name', () => {
    const holding = (query: string) => segment.namesHoldingInOrder(query).map((i) => segment.name(i));
    expect(holding('parse')).toEqual(['parse', 'PARSE_LIMIT', 'Parser']);
    expect(holding('pl')).toEqual(['PARSE_LIMIT']);
    expect(holding('gubi')).toEqual(['getUserById']);
    expect(holding('ber')).toEqual(['über']);
    expect(holding('üb')).toEqual(['über']);
    expect(holding('rap')).toEqual([]);
  });
});

describe('a name segment larger than its block cache', () => {
  // 30,000 definitions with long previews and signatures: a segment of several MB, read through 32 KB blocks (more
  // than the 128 the cache keeps), strings and records crossing their edges.
  const big: Record<string, FileSummary> = {};
  for (let b = 0; b < 300; b++) {
    big[`blob${b}`] = {
      definitions: Array.from({ length: 100 }, (_, i) =>
        def(`name_${(b * 7919 + i * 104_729) % 30_011}_${i}`, i + 1, { preview: `${'x'.repeat(i % 97)} preview ${b}:${i} ${'y'.repeat(60)}`, signature: `sig ${b} ${i}`.repeat(1 + (i % 5)) }),
      ),
      references: [`ref${b}`],
      referenceCount: 1,
    };
  }
  const path = join(folder, 'big.seg');
  const writer = new NameSegmentWriter();
  for (const [blob, summary] of Object.entries(big)) writer.add(blob, summary);
  writer.write(path);
  const segment = NameSegment.open(path) as NameSegment;
  afterAll(() => segment.close());

  it('Should read back every definition whole, whatever order the reads come in', () => {
    expect(readFileSync(path).length).toBeGreaterThan(128 * 32 * 1024);
    const blobs = [...segment.blobs()];
    for (let pass = 0; pass < 2; pass++) {
      for (let id = 0; id < segment.nameCount; id += pass === 0 ? 1 : 7) {
        for (const { blob, index, definition } of segment.definitionsOf(id)) {
          const written = big[blobs[blob] as string]?.definitions[index];
          expect(JSON.parse(JSON.stringify(definition))).toEqual(written);
        }
      }
    }
    for (const [b, blob] of blobs.entries()) expect(segment.summaryOf(b)).toEqual(big[blob]);
  });
});
