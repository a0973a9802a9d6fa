/**
 * One repository, four languages: project-scope definition lookup from a use in each language finds that
 * language's definition (the imported module, the same package, then the same language), not a namesake.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex } from '../../src/index.js';

const root = fileURLToPath(new URL('../mixed-project/', import.meta.url));
const index = await CodeIndex.open({ root });
afterAll(() => index.close());

/** The 1-based position of the `occurrence`-th `needle` in a file (positions to query; not extraction). */
function at(file: string, needle: string, occurrence = 1): { file: string; line: number; column: number } {
  const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
  let seen = 0;
  for (const [row, text] of lines.entries()) {
    let from = 0;
    for (let column = text.indexOf(needle, from); column >= 0; column = text.indexOf(needle, from)) {
      if (++seen === occurrence) return { file, line: row + 1, column: column + 1 };
      from = column + 1;
    }
  }
  throw new Error(`${needle} #${occurrence} not in ${file}`);
}

describe('a TypeScript, Python, Go and Rust project', () => {
  it('indexes every file in its own language', async () => {
    await index.indexAll();
    const stats = index.stats();
    expect(stats.files).toBe(8);
    for (const [file, language] of <Array<[string, string]>>[
      ['web/src/client.ts', 'typescript'],
      ['ml/pipeline/train.py', 'python'],
      ['svc/store/store.go', 'go'],
      ['core/src/lib.rs', 'rust'],
    ]) {
      expect((await index.analyzeFile(file)).language).toBe(language);
    }
  });

  it.each([
    ['web/src/client.ts', 'Config', 3, 'web/src/config.ts', 'bound'],
    ['ml/pipeline/train.py', 'Config', 2, 'ml/pipeline/config.py', 'bound'],
    ['svc/store/store.go', 'Config', 1, 'svc/store/config.go', 'bound'],
    ['core/src/lib.rs', 'Config', 2, 'core/src/config.rs', 'bound'],
    ['web/src/client.ts', 'loadConfig', 2, 'web/src/config.ts', 'bound'],
    ['ml/pipeline/train.py', 'load_config', 2, 'ml/pipeline/config.py', 'bound'],
    ['svc/store/store.go', 'LoadConfig', 1, 'svc/store/config.go', 'bound'],
    ['core/src/lib.rs', 'load_config', 2, 'core/src/config.rs', 'bound'],
  ])('from %s, %s (use #%i) resolves to %s', async (file, symbol, occurrence, expected, resolution) => {
    const result = await index.findDefinitions({ ...at(file, symbol, occurrence), scope: 'project' });
    expect(result.symbol).toBe(symbol);
    expect(result.definitions[0]?.file).toBe(expected);
    expect(result.resolution).toBe(resolution);
  });

  it('lists every language namesake for a bare symbol lookup', async () => {
    const result = await index.findDefinitions({ symbol: 'Config', scope: 'project' });
    expect(result.definitions.map((d) => d.file).sort()).toEqual([
      'core/src/config.rs',
      'ml/pipeline/config.py',
      'svc/store/config.go',
      'web/src/config.ts',
    ]);
  });

  it('hovers a Go and a Rust definition with their docs', async () => {
    const go = await index.hover(at('svc/store/store.go', 'LoadConfig'));
    expect(go.signature).toBe('LoadConfig(getenv func(string) string) Config');
    expect(go.documentation).toBe('LoadConfig reads the store configuration from the environment.');
    const rust = await index.hover(at('core/src/lib.rs', 'load_config', 2));
    expect(rust.signature).toBe('load_config(threads: Option<usize>) -> Config');
    expect(rust.documentation).toBe('Reads the engine configuration, with defaults for what is missing.');
  });
});
