/**
 * Table-driven, like fixtures.test.ts: every fixture under test/fixtures/<language>/ is rendered as a model reads
 * it (code_analyze's analyze_file at each detail, get_signatures, list_exports, through the runner) and compared
 * with its snapshot test/renderings/<language>/<file>.txt. A new language is tested by adding its fixtures folder.
 * Beside the snapshot: the JSON form is the library's result, and the default rendering costs fewer tokens.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex, countTokens, createDefaultRegistry } from '../../src/index.js';
import { runTool, toolset } from '../../src/tools/index.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const renderings = fileURLToPath(new URL('../renderings/', import.meta.url));
const registry = createDefaultRegistry();
const index = await CodeIndex.open({ root: fixtures, registry, persist: false });
const [codeAnalyze] = toolset('code_analyze');
afterAll(() => {
  index.close();
  registry.dispose();
});

async function text(args: Record<string, unknown>): Promise<string> {
  const result = await runTool(codeAnalyze as NonNullable<typeof codeAnalyze>, args, { index });
  if (!result.ok) throw new Error(result.text);
  return result.text;
}

const folders = new Set(readdirSync(fixtures));
for (const language of registry.list()) {
  if (!folders.has(language.id)) continue;
  const files = readdirSync(`${fixtures}${language.id}`).filter((name) => !name.endsWith('.facts'));
  describe(language.id, () => {
    for (const name of files) {
      const file = `${language.id}/${name}`;
      it(`renders ${name} as its snapshot says`, async () => {
        const sections = [
          ['analyze_file', await text({ operation: 'analyze_file', file })],
          ['analyze_file detail=outline', await text({ operation: 'analyze_file', file, detail: 'outline' })],
          ['analyze_file detail=full', await text({ operation: 'analyze_file', file, detail: 'full' })],
          ['get_signatures', await text({ operation: 'get_signatures', file })],
          ['list_exports', await text({ operation: 'list_exports', file })],
        ];
        await expect(sections.map(([title, body]) => `--- ${title}\n${body}\n`).join('')).toMatchFileSnapshot(`${renderings}${file}.txt`);
      });
      it(`gives ${name}'s library result as its JSON form, and costs fewer tokens by default`, async () => {
        const analysis = await index.analyzeFile(file);
        const json = await text({ operation: 'analyze_file', file, format: 'json' });
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(analysis)));
        expect(await countTokens(await text({ operation: 'analyze_file', file }))).toBeLessThan(await countTokens(json));
        const signatures = await text({ operation: 'get_signatures', file, format: 'json' });
        expect(JSON.parse(signatures)).toEqual(JSON.parse(JSON.stringify(await index.getSignatures(file))));
      });
    }
  });
}
