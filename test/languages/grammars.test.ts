/**
 * The vendored grammars (grammars/): every bundled language loads its grammar from a file the manifest lists, the
 * files are what the manifest and the source packages say, and a compressed grammar loads as its `.wasm` does.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundledLanguages, defineLanguage, LanguageRegistry } from '../../src/index.js';

const grammars = fileURLToPath(new URL('../../grammars/', import.meta.url));

interface ManifestEntry {
  file: string;
  languages: string[];
  license: string;
  licenseFiles: string[];
  wasm: { bytes: number; sha256: string };
}
const manifest = JSON.parse(readFileSync(join(grammars, 'grammars.json'), 'utf8')) as { grammars: ManifestEntry[] };

describe('vendored grammars', () => {
  it('gives every bundled language a grammar file the manifest lists for it, and lists no other language', () => {
    const byFile = new Map(manifest.grammars.map((entry) => [entry.file, entry]));
    for (const language of bundledLanguages) {
      expect(language.grammar, language.id).toBeInstanceOf(URL);
      const file = basename(fileURLToPath(language.grammar as URL));
      expect(file, language.id).toMatch(/\.wasm\.br$/);
      expect(byFile.get(file)?.languages, language.id).toContain(language.id);
    }
    const listed = manifest.grammars.flatMap((entry) => entry.languages).sort();
    expect(listed).toEqual(bundledLanguages.map((language) => language.id).sort());
  });

  it('holds exactly the recorded bytes, with a licence for each (scripts/vendor-grammars.mjs --check)', () => {
    const script = fileURLToPath(new URL('../../scripts/vendor-grammars.mjs', import.meta.url));
    const output = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(output).toMatch(/^55 grammars: \d+\.\d MB of \.wasm stored in \d\.\d MB/m);
    for (const entry of manifest.grammars) expect(entry.licenseFiles.length, entry.file).toBeGreaterThan(0);
  });

  it('loads a grammar from a .wasm.br path as from the .wasm it decompresses to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-index-grammar-'));
    try {
      const wasm = brotliDecompressSync(readFileSync(join(grammars, 'tree-sitter-json.wasm.br')));
      writeFileSync(join(dir, 'json.wasm'), wasm);
      writeFileSync(join(dir, 'json-copy.wasm.br'), brotliCompressSync(wasm));
      const query = { text: '(pair key: (string) @name) @definition.property' };
      const registry = new LanguageRegistry([
        defineLanguage({ id: 'plain', name: 'Plain', extensions: ['.plain'], grammar: join(dir, 'json.wasm'), queries: [query] }),
        defineLanguage({ id: 'packed', name: 'Packed', extensions: ['.packed'], grammar: join(dir, 'json-copy.wasm.br'), queries: [query] }),
      ]);
      const trees = [];
      for (const id of ['plain', 'packed']) {
        const language = await registry.load(id);
        const tree = language.parser.parse('{"a": 1, "b": [true]}');
        trees.push(tree?.rootNode.toString());
        tree?.delete();
      }
      expect(trees[0]).toContain('(pair key: (string');
      expect(trees[1]).toBe(trees[0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a grammar file that is not valid Brotli as a load failure of that language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-index-grammar-'));
    try {
      writeFileSync(join(dir, 'broken.wasm.br'), 'not brotli at all');
      const registry = new LanguageRegistry([
        defineLanguage({ id: 'broken', name: 'Broken', extensions: ['.broken'], grammar: join(dir, 'broken.wasm.br'), queries: [{ text: '' }] }),
      ]);
      await expect(registry.load('broken')).rejects.toMatchObject({ code: 'LANGUAGE_LOAD_FAILED', data: { language: 'broken', stage: 'grammar' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
