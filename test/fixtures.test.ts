/**
 * Table-driven: every fixture under test/fixtures/<language>/ (for every registered language that has a folder)
 * is analyzed through the real grammar and compared with its line-per-fact snapshot `<file>.facts`.
 * A new language is tested by adding its folder; this file does not change.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { formatAnalysis, formatSignatures } from '../src/cli/format.js';
import { CodeIndex, createDefaultRegistry } from '../src/index.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const registry = createDefaultRegistry();
const index = await CodeIndex.open({ root: fixtures, registry });
afterAll(() => {
  index.close();
  registry.dispose();
});

const folders = new Set(readdirSync(fixtures));
for (const language of registry.list()) {
  if (!folders.has(language.id)) continue;
  const files = readdirSync(`${fixtures}${language.id}`).filter((name) => !name.endsWith('.facts'));
  describe(language.id, () => {
    it('has fixtures', () => expect(files.length).toBeGreaterThan(0));
    for (const name of files) {
      it(`analyzes ${name} as its snapshot says`, async () => {
        const analysis = await index.analyzeFile(`${language.id}/${name}`);
        expect(analysis.language).toBe(language.id);
        const signatures = await index.getSignatures(`${language.id}/${name}`);
        const text = `${formatAnalysis(analysis)}--- signatures\n${formatSignatures(signatures)}`;
        await expect(text).toMatchFileSnapshot(`${fixtures}${language.id}/${name}.facts`);
      });
    }
  });
}
