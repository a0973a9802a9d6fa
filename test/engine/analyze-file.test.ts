/**
 * One file to its facts (src/engine/analyze-file.ts): the sources beside a header decide its language, from a listing
 * of its folder that each thread makes once per folder and makes again when the folder changes.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnalysisContext, runAnalysisJob } from '../../src/engine/analyze-file.js';
import type { FileSystem } from '../../src/engine/file-system.js';
import { MemoryStore } from '../../src/engine/store.js';
import { createDefaultRegistry } from '../../src/index.js';
import { MemoryFileSystem } from '../helpers/memory-file-system.js';

const registry = createDefaultRegistry();
afterAll(() => registry.dispose());

function contextOf(root: string, fileSystem?: FileSystem): AnalysisContext {
  return {
    root,
    registry,
    store: new MemoryStore(),
    limits: { maxFileSize: 1_000_000, parseTimeoutMs: 10_000 },
    disabledLanguages: new Set(),
    returnFacts: true,
    ...(fileSystem ? { fileSystem } : {}),
  };
}

/** The language a header's facts are in, analyzed afresh (a new store each time: nothing stored answers for it). */
async function languageOf(root: string, file: string, fileSystem?: FileSystem): Promise<string | undefined> {
  const outcome = await runAnalysisJob({ file, language: 'c', key: 'c' }, contextOf(root, fileSystem));
  if ('error' in outcome) throw new Error(outcome.error.message);
  return outcome.facts?.language;
}

describe('the sources beside a header', () => {
  it('Should list a folder once for its headers, and again once a source is added beside them', async () => {
    const fs = new MemoryFileSystem().writeTree('/p', { 'x/a.h': 'int a(void);\n', 'x/b.h': 'int b(void);\n', 'x/notes.txt': 'C\n' });
    expect(await languageOf('/p', 'x/a.h', fs)).toBe('c');
    expect(await languageOf('/p', 'x/b.h', fs)).toBe('c');
    expect(fs.calls.filter((call) => call === 'readdir /p/x')).toHaveLength(1);
    fs.write('/p/x/a.cpp', 'int a(void) { return 1; }\n');
    expect(await languageOf('/p', 'x/b.h', fs)).toBe('cpp');
    expect(fs.calls.filter((call) => call === 'readdir /p/x')).toHaveLength(2);
    fs.remove('/p/x/a.cpp');
    expect(await languageOf('/p', 'x/a.h', fs)).toBe('c');
  });

  it("Should not count the header itself among the sources beside it, nor a folder's other headers", async () => {
    const fs = new MemoryFileSystem().writeTree('/q', { 'y/only.h': 'int only(void);\n', 'y/other.H': 'int other(void);\n', 'y/lib.m': 'int m;\n' });
    expect(await languageOf('/q', 'y/only.h', fs)).toBe('objc');
    fs.remove('/q/y/lib.m');
    expect(await languageOf('/q', 'y/only.h', fs)).toBe('c');
  });

  it('Should list a folder changed a moment ago again each time (its time may not move within a tick)', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'ci-siblings-')));
    try {
      writeFileSync(join(root, 'plain.h'), 'int plain(void);\n');
      expect(await languageOf(root, 'plain.h')).toBe('c');
      writeFileSync(join(root, 'plain.cc'), 'int plain(void) { return 1; }\n');
      expect(await languageOf(root, 'plain.h')).toBe('cpp');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
