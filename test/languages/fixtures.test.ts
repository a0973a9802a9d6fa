/**
 * Table-driven: every fixture under test/fixtures/<language>/ (for every registered language that has a folder)
 * is analyzed through the real grammar and compared with its snapshot `<file>.facts`: the file as an agent reads it
 * (render/analysis.ts, the renderer of code_analyze and of the CLI, at detail full: every fact on a line of its own),
 * its signatures and its exports. A new language is tested by adding its folder; this file does not change. The
 * snapshot also holds navigation: hover on the file's documented definitions, and definition lookups (in the
 * language's folder) from references in the file.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry, type FileAnalysis } from '../../src/index.js';
import { renderAnalysis, renderExports, renderSignatures } from '../../src/render/analysis.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const registry = createDefaultRegistry();
const index = await CodeIndex.open({ root: fixtures, registry });
// Lookups by name reach every fixture: index them once, up front (55 grammars to load, however slow the machine).
beforeAll(() => index.indexAll(), 600_000);
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
        const signatures = renderSignatures(await index.getSignatures(`${language.id}/${name}`), 'full');
        const exports = renderExports(await index.listExports(`${language.id}/${name}`));
        const navigation = await navigate(`${language.id}/${name}`, analysis);
        const text = `${renderAnalysis(analysis, 'full')}\n--- signatures\n${signatures}\n--- exports\n${exports}\n${navigation}`;
        await expect(text).toMatchFileSnapshot(`${fixtures}${language.id}/${name}.facts`);
      });
    }
  });
}

/**
 * Hover on up to three documented definitions; go to definition from up to three references in the file. Both look
 * in the language's own folder: a project-wide lookup would index all 56 folders on its first use (every language's
 * query compiled in every parse worker), which made the first test's first hover take over 30 s under load.
 */
async function navigate(file: string, analysis: FileAnalysis): Promise<string> {
  const named = [
    ...analysis.functions,
    ...analysis.classes.flatMap((c) => [c, ...c.methods]),
    ...analysis.interfaces,
  ].sort((a, b) => a.line - b.line);
  const lines: string[] = [];
  for (const def of named.filter((d) => d.doc).slice(0, 3)) {
    const hover = await index.hover({ file, line: def.line, column: def.column ?? 1, scope: 'directory' });
    expect(hover.definitionLocation).toEqual({ file, line: def.line });
    expect(hover.documentation).toBe(def.doc);
    lines.push(`hover ${def.name} @${def.line} -> ${hover.kind} ${JSON.stringify(hover.signature)}`);
  }
  let lookups = 0;
  for (const def of named) {
    if (lookups === 3) break;
    const refs = await index.findReferences({ file, line: def.line, column: def.column ?? 1, scope: 'file' });
    // (a use, not the declaration of another member of its family: `override` references are declarations)
    const ref = refs.references.find((r) => r.line !== def.line && r.kind !== 'override');
    if (!ref) continue;
    const found = await index.findDefinitions({ file, line: ref.line, column: ref.column, scope: 'directory' });
    const target = found.definitions[0];
    lines.push(`definition of ${found.symbol} from @${ref.line}:${ref.column} -> ${target ? `${target.file}:${target.line}` : 'none'}`);
    expect(found.definitions.some((d) => d.file === file && d.line === def.line)).toBe(true);
    lookups++;
  }
  return lines.length > 0 ? `--- navigation\n${lines.join('\n')}\n` : '';
}
