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

describe('C and C++ structure', () => {
  it('Should read declarations a conditional splits (a continued #if, #ifdef), export macros cut as well', async () => {
    const text = source(
      '#ifndef BENCH_H_',
      '#define BENCH_H_',
      '#if __cplusplus >= 201103L || \\',
      '    defined(_MSC_VER)',
      '#define BENCH_HAS_CXX11',
      '#endif',
      'namespace bench {',
      'BENCH_EXPORT void Initialize(int* argc);',
      'enum ReportMode',
      '#if defined(BENCH_HAS_CXX11)',
      '    : unsigned',
      '#else',
      '#endif',
      '{',
      '  kUnspecified = 0,',
      '  kDefault = 1',
      '};',
      'class BENCH_EXPORT State {',
      ' public:',
      '  int threads() const;',
      '};',
      '}  // namespace bench',
      '#endif  // BENCH_H_',
    );
    const facts = await factsOf('bench.h', 'cpp', text);
    const named = facts.definitions.map((def) => [def.kind, def.name, def.line]);
    expect(named).toEqual(
      expect.arrayContaining([
        ['macro', 'BENCH_HAS_CXX11', 5],
        ['enum', 'ReportMode', 9],
        ['property', 'kUnspecified', 15],
        ['property', 'kDefault', 16],
        ['class', 'State', 18],
        ['method', 'threads', 20],
      ]),
    );
    const state = facts.definitions.find((def) => def.name === 'State');
    expect(facts.definitions[state?.parent ?? -1]?.name).toBe('bench');
  });

  it('Should cut an export macro before a base clause, and an annotation called in a class head', async () => {
    const text = source(
      'namespace testing {',
      'class GTEST_API_ AssertionException',
      '    : public internal::GoogleTestFailureException {',
      ' public:',
      '  explicit AssertionException(const char* what);',
      '};',
      'GTEST_API_ void InitGoogleTest(int* argc, char** argv);',
      'class CAPABILITY("mutex") Mutex {',
      ' public:',
      '  void lock() ACQUIRE() { held_ = true; }',
      ' private:',
      '  bool held_;',
      '};',
      '}',
    );
    const facts = await factsOf('gtest.h', 'cpp', text);
    expect(facts.definitions.map((def) => [def.kind, def.name, def.line])).toEqual([
      ['module', 'testing', 1],
      ['class', 'AssertionException', 2],
      ['constructor', 'AssertionException', 5],
      ['function', 'InitGoogleTest', 7],
      ['class', 'Mutex', 8],
      ['method', 'lock', 10],
      ['property', 'held_', 12],
    ]);
    expect(facts.errorCount).toBe(0);
  });

  it('Should name a specialization by its template, and a nested class defined apart by its last name', async () => {
    const text = source(
      'template <typename T> class Holder { public: static T Get(); };',
      'template <typename T> class Holder<const T> { public: static T Get(); };',
      'template <> struct Holder<int> { static int Get() { return 0; } };',
      'class Table { struct Rep; };',
      'struct Table::Rep { int count; };',
    );
    const facts = await factsOf('holder.h', 'cpp', text);
    expect(facts.definitions.filter((def) => def.kind === 'class' || def.kind === 'struct').map((def) => [def.name, def.line, def.receiver])).toEqual([
      ['Holder', 1, undefined],
      ['Holder', 2, undefined],
      ['Holder', 3, undefined],
      ['Table', 4, undefined],
      ['Rep', 5, 'Table'],
    ]);
  });

  it('Should not take a macro called in a class body for a constructor or a method', async () => {
    const text = source(
      'class Foo {',
      ' public:',
      '  explicit Foo(int n);',
      '  ~Foo();',
      '  MOCK_METHOD1(Get, int(int));',
      '  void Run();',
      ' private:',
      '  GTEST_DISALLOW_COPY_AND_ASSIGN_(Foo);',
      '};',
    );
    const facts = await factsOf('foo.h', 'cpp', text);
    expect(facts.definitions.map((def) => [def.kind, def.name])).toEqual([
      ['class', 'Foo'],
      ['constructor', 'Foo'],
      ['method', '~Foo'],
      ['method', 'Run'],
    ]);
  });

  it('Should list the variables of a file and of a namespace, not extern declarations', async () => {
    const text = source(
      'namespace store {',
      'static int g_open_files = -1;',
      'const unsigned kTable[4] = {1, 2, 3, 4};',
      'extern int g_external;',
      'Env* g_env = nullptr;',
      '}',
    );
    const facts = await factsOf('store.cc', 'cpp', text);
    expect(facts.definitions.filter((def) => def.kind === 'variable').map((def) => [def.name, def.line])).toEqual([
      ['g_open_files', 2],
      ['kTable', 3],
      ['g_env', 5],
    ]);
    const c = await factsOf('counter.c', 'c', source('static int counter;', 'char buffer[256];', 'extern int other;', 'int next(void) { return ++counter; }'));
    expect(c.definitions.map((def) => [def.kind, def.name])).toEqual([
      ['variable', 'counter'],
      ['variable', 'buffer'],
      ['function', 'next'],
    ]);
  });
});
