/**
 * `src/extract/extract-file.ts`: one file's text to its facts, through every stage: loading, choosing the language,
 * parsing (with second chances), extracting the main and embedded languages, assembling.
 */
import { describe, expect, it } from 'vitest';
import { extractFile } from '../../src/extract/extract-file.js';
import { registry, source } from './parse.js';

/** The facts of a text, as the engine asks for them. */
function factsOf(file: string, language: string, text: string, extra: { timeoutMs?: number; siblingExtensions?: string[] } = {}) {
  return extractFile(registry, { file, text, size: Buffer.byteLength(text), language, timeoutMs: extra.timeoutMs ?? 60_000, ...extra });
}

describe('extractFile', () => {
  it('Should give the facts of a file: language, definitions, line lengths and previews', async () => {
    const text = source('export function area(r: number): number {', '  return Math.PI * r * r;', '}');
    const facts = await factsOf('area.ts', 'typescript', text);
    expect(facts).toMatchObject({ language: 'typescript', rootNode: 'program', errorCount: 0, lineLengths: [41, 25, 1, 0] });
    expect(facts.definitions.map((def) => [def.kind, def.name, def.line])).toEqual([['function', 'area', 1]]);
    expect(facts.previews[1]).toBe('export function area(r: number): number {');
    expect(facts.exports.map((info) => info.name)).toEqual(['area']);
  });

  it('Should read a .h header as the language its content says', async () => {
    const text = source('namespace geo {', 'class Point { public: int x; };', '}');
    const facts = await factsOf('geo.h', 'c', text);
    expect(facts.language).toBe('cpp');
    expect(facts.definitions.map((def) => def.name)).toContain('Point');
  });

  it('Should follow a source beside a header without marks', async () => {
    const facts = await factsOf('shape.h', 'c', source('int area(int w, int h);'), { siblingExtensions: ['.cpp'] });
    expect(facts.language).toBe('cpp');
  });

  it('Should parse again without a macro the grammar misreads, keeping its name as a use', async () => {
    const text = source('class EXPORT Widget {', ' public:', '  void draw();', '};');
    const facts = await factsOf('widget.cpp', 'cpp', text);
    expect(facts.definitions.map((def) => [def.kind, def.name])).toEqual([
      ['class', 'Widget'],
      ['method', 'draw'],
    ]);
    expect(facts.references.filter((ref) => ref.kind === 'macro').map((ref) => [ref.name, ref.line, ref.column])).toEqual([['EXPORT', 1, 7]]);
  });

  it("Should read C functions behind the kernel's attribute macros, their names kept as uses", async () => {
    const text = source(
      'static __always_inline __alloc_size(1) void *kmalloc(size_t size, gfp_t flags)',
      '{',
      '\treturn __kmalloc(size, flags);',
      '}',
      'static int __init alarmtimer_init(void)',
      '{',
      '\treturn 0;',
      '}',
      'void notrace trace_pc(void)',
      '{',
      '}',
      'asmlinkage __visible void __softirq_entry __do_softirq(void)',
      '{',
      '}',
      'void * __must_check krealloc(const void *p, size_t n, gfp_t flags);',
      'static __always_inline __printf(2, 3) int logit(int level, const char *fmt, ...)',
      '{',
      '\treturn 0;',
      '}',
    );
    const facts = await factsOf('slab.c', 'c', text);
    expect(facts.definitions.filter((def) => def.kind === 'function').map((def) => [def.name, def.line])).toEqual([
      ['kmalloc', 1],
      ['alarmtimer_init', 5],
      ['trace_pc', 9],
      ['__do_softirq', 12],
      ['krealloc', 15],
      ['logit', 16],
    ]);
    const macros = facts.references.filter((ref) => ref.kind === 'macro').map((ref) => ref.name);
    expect(macros).toEqual(expect.arrayContaining(['__always_inline', '__alloc_size', '__init', 'notrace', '__visible', '__softirq_entry', '__must_check', '__printf']));
    expect(facts.errorCount).toBeLessThanOrEqual(1);
  });

  it('Should extract the languages embedded in a file, their facts after the main ones', async () => {
    const text = source('<html>', '<script>', 'function greet(name) { return name; }', 'greet("a");', '</script>', '</html>');
    const facts = await factsOf('page.html', 'html', text);
    const greet = facts.definitions.findIndex((def) => def.name === 'greet');
    expect(facts.definitions[greet]).toMatchObject({ kind: 'function', line: 3 });
    expect(facts.references.find((ref) => ref.name === 'greet' && ref.line === 4)).toMatchObject({ kind: 'call' });
  });

  it('Should stop with TS_PARSE_TIMEOUT when the budget is spent', async () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `const v${i} = f(${i});`).join('\n');
    await expect(factsOf('big.ts', 'typescript', text, { timeoutMs: 1 })).rejects.toMatchObject({ code: 'TS_PARSE_TIMEOUT' });
  });
});
