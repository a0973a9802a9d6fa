/**
 * Bad input: every case gets a typed CodeIndexError with a stable code, or a correct (partial) result with a
 * diagnostic. Never a crash, a hang, or a raw stack.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, CodeIndexError, createDefaultRegistry, ErrorCode } from '../../src/index.js';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const registry = createDefaultRegistry();
let index: CodeIndex;
let scratch: string;
let scratchIndex: CodeIndex;

beforeAll(async () => {
  index = await CodeIndex.open({ root: fixtures, registry });
  scratch = mkdtempSync(join(tmpdir(), 'code-index-bad-'));
  mkdirSync(join(scratch, 'root'));
  writeFileSync(join(scratch, 'secret.ts'), 'export const secret = 1;\n');
  writeFileSync(join(scratch, 'root', 'ok.ts'), 'export function ok(): number { return 1; }\n');
  symlinkSync(join(scratch, 'secret.ts'), join(scratch, 'root', 'link-out.ts'));
  symlinkSync(join(scratch, 'root', 'ok.ts'), join(scratch, 'root', 'link-in.ts'));
  scratchIndex = await CodeIndex.open({ root: join(scratch, 'root'), registry, maxFileSize: 200_000 });
});

afterAll(() => {
  index.close();
  scratchIndex.close();
  registry.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CodeIndexError);
    const typed = error as CodeIndexError;
    expect(typed.message.length).toBeGreaterThan(10);
    expect(typeof typed.toJSON().details).toBe('object');
    return typed.code;
  }
  throw new Error('expected a CodeIndexError, got a result');
}

describe('paths', () => {
  it('Should refuse a missing file with FILE_NOT_FOUND', async () => {
    expect(await codeOf(index.analyzeFile('typescript/nope.ts'))).toBe(ErrorCode.FILE_NOT_FOUND);
  });
  it('Should refuse .. out of the root with PATH_TRAVERSAL', async () => {
    expect(await codeOf(index.analyzeFile('../code-index/bad-input.test.ts'))).toBe(ErrorCode.PATH_TRAVERSAL);
    expect(await codeOf(scratchIndex.analyzeFile('sub/../../secret.ts'))).toBe(ErrorCode.PATH_TRAVERSAL);
  });
  it('Should refuse an absolute path outside the root with PATH_TRAVERSAL', async () => {
    expect(await codeOf(scratchIndex.analyzeFile(join(scratch, 'secret.ts')))).toBe(ErrorCode.PATH_TRAVERSAL);
  });
  it('Should refuse a symlink that points out of the root with PATH_TRAVERSAL', async () => {
    expect(await codeOf(scratchIndex.analyzeFile('link-out.ts'))).toBe(ErrorCode.PATH_TRAVERSAL);
  });
  it('Should follow a symlink inside the root and report the real root-relative path', async () => {
    const analysis = await scratchIndex.analyzeFile('link-in.ts');
    expect(analysis.file).toBe('ok.ts');
    expect(analysis.functions.map((f) => f.name)).toEqual(['ok']);
  });
  it('Should accept an absolute path inside the root', async () => {
    const analysis = await scratchIndex.analyzeFile(join(scratch, 'root', 'ok.ts'));
    expect(analysis.file).toBe('ok.ts');
  });
  it('Should refuse a directory given as a file with NOT_A_FILE', async () => {
    expect(await codeOf(index.analyzeFile('typescript'))).toBe(ErrorCode.NOT_A_FILE);
  });
  it('Should refuse an empty path and a NUL byte with INVALID_ARGUMENT', async () => {
    expect(await codeOf(index.analyzeFile(''))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(await codeOf(index.analyzeFile('typescript/a\0.ts'))).toBe(ErrorCode.INVALID_ARGUMENT);
  });
  it('Should refuse a root that does not exist or is a file with DIR_NOT_FOUND', async () => {
    expect(await codeOf(CodeIndex.open({ root: join(scratch, 'missing') }))).toBe(ErrorCode.DIR_NOT_FOUND);
    expect(await codeOf(CodeIndex.open({ root: join(scratch, 'secret.ts') }))).toBe(ErrorCode.DIR_NOT_FOUND);
  });
  it('Should refuse bad options with INVALID_ARGUMENT', async () => {
    expect(await codeOf(CodeIndex.open({ root: scratch, maxFileSize: -1 }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(await codeOf(CodeIndex.open({ root: scratch, parseTimeoutMs: Number.NaN }))).toBe(
      ErrorCode.INVALID_ARGUMENT,
    );
  });
  it('Should refuse calls after close with INDEX_CLOSED', async () => {
    const closed = await CodeIndex.open({ root: fixtures, registry });
    closed.close();
    expect(await codeOf(closed.analyzeFile('typescript/user-service.ts'))).toBe(ErrorCode.INDEX_CLOSED);
  });
});

describe('contents', () => {
  it('Should refuse a binary file with BINARY_FILE', async () => {
    expect(await codeOf(index.analyzeFile('bad/image.png'))).toBe(ErrorCode.BINARY_FILE);
  });
  it('Should refuse a file over maxFileSize with FILE_TOO_LARGE', async () => {
    writeFileSync(join(scratch, 'root', 'big.ts'), `export const big = "${'x'.repeat(300_000)}";\n`);
    expect(await codeOf(scratchIndex.analyzeFile('big.ts'))).toBe(ErrorCode.FILE_TOO_LARGE);
  });
  it('Should give up a parse over parseTimeoutMs with TS_PARSE_TIMEOUT', async () => {
    const slow = await CodeIndex.open({ root: join(scratch, 'root'), registry, parseTimeoutMs: 1 });
    const body = 'export function f(a: number): number { return a * 2 + [1, 2, 3].length; }\n'.repeat(20_000);
    writeFileSync(join(scratch, 'root', 'slow.ts'), body);
    try {
      expect(await codeOf(slow.analyzeFile('slow.ts'))).toBe(ErrorCode.TS_PARSE_TIMEOUT);
    } finally {
      slow.close();
    }
    // The registry's parser is usable again after a cancelled parse.
    const normal = await CodeIndex.open({ root: join(scratch, 'root'), registry });
    try {
      expect((await normal.analyzeFile('ok.ts')).functions).toHaveLength(1);
    } finally {
      normal.close();
    }
  });
  it('Should return the unsupported-language detection with TS_UNSUPPORTED_LANGUAGE, not throw', async () => {
    const analysis = await index.analyzeFile('bad/data.xyz');
    expect(analysis.language).toBe('unknown');
    expect(analysis.functions).toEqual([]);
    const [warning] = analysis.warnings;
    expect(warning?.code).toBe(ErrorCode.TS_UNSUPPORTED_LANGUAGE);
    expect(warning?.message).toBe('No tree-sitter parser available for .xyz files');
    expect(warning?.details).toMatchObject({ extension: '.xyz', file_path: 'bad/data.xyz' });
    expect(warning?.details?.supported_extensions).toEqual(
      expect.arrayContaining(['.ts', '.tsx', '.js', '.md', '.json']),
    );
  });
  it('Should report a missing unsupported file as FILE_NOT_FOUND, not as a language problem', async () => {
    expect(await codeOf(index.analyzeFile('bad/missing.xyz'))).toBe(ErrorCode.FILE_NOT_FOUND);
  });
  it('Should keep everything outside a syntax error, with TS_PARSE_ERRORS and error positions', async () => {
    const analysis = await index.analyzeFile('bad/broken.ts');
    expect(analysis.errors.length).toBeGreaterThan(0);
    for (const error of analysis.errors) {
      expect(error.line).toBeGreaterThanOrEqual(27);
      expect(error.line).toBeLessThanOrEqual(37);
      expect(error.column).toBeGreaterThan(0);
      expect(error.message).toMatch(/^(Missing|Unexpected) /);
    }
    const warning = analysis.warnings.find((w) => w.code === ErrorCode.TS_PARSE_ERRORS);
    expect(warning?.details?.error_count).toBe(analysis.errors.length);
    const names = [...analysis.functions.map((f) => f.name), ...analysis.classes.map((c) => c.name)];
    expect(names).toEqual(expect.arrayContaining(['formatAmount', 'InvoiceRepository', 'InvoicePrinter', 'isOverdue']));
  });
  it('Should analyze an empty file to an empty result', async () => {
    const analysis = await index.analyzeFile('bad/empty.ts');
    expect(analysis).toMatchObject({ language: 'typescript', functions: [], classes: [], errors: [], warnings: [] });
  });
  it('Should strip a BOM without shifting columns', async () => {
    const analysis = await index.analyzeFile('bad/bom.ts');
    const first = analysis.functions[0] ?? analysis.classes[0] ?? analysis.constants[0];
    expect(first).toBeDefined();
    expect(analysis.errors).toEqual([]);
    const parsed = await index.parse('bad/bom.ts');
    expect(parsed.symbols[0]?.line).toBeGreaterThan(0);
  });
  it('Should read CRLF files with the same lines as LF', async () => {
    const analysis = await index.analyzeFile('bad/crlf.ts');
    expect(analysis.errors).toEqual([]);
    for (const f of analysis.functions) expect(f.signature).not.toMatch(/\r/);
    const lf = analysis.functions.map((f) => `${f.name}@${f.line}:${f.column}`);
    writeFileSync(
      join(scratch, 'root', 'lf.ts'),
      (await import('node:fs')).readFileSync(`${fixtures}bad/crlf.ts`, 'utf8').replace(/\r\n/g, '\n'),
    );
    const unix = (await scratchIndex.analyzeFile('lf.ts')).functions.map((f) => `${f.name}@${f.line}:${f.column}`);
    expect(lf).toEqual(unix);
    expect(lf.length).toBeGreaterThan(0);
  });
  it('Should decode non-UTF-8 bytes with a NON_UTF8_CONTENT warning', async () => {
    const analysis = await index.analyzeFile('bad/latin1.js');
    expect(analysis.warnings.map((w) => w.code)).toContain(ErrorCode.NON_UTF8_CONTENT);
    expect(analysis.functions.length + analysis.constants.length).toBeGreaterThan(0);
  });
  it('Should count columns in UTF-16 code units', async () => {
    const source = (await import('node:fs')).readFileSync(`${fixtures}bad/unicode.ts`, 'utf8');
    const analysis = await index.analyzeFile('bad/unicode.ts');
    const all = [...analysis.functions, ...analysis.constants];
    expect(all.length).toBeGreaterThan(0);
    for (const symbol of all) {
      const line = source.split('\n')[symbol.line - 1] ?? '';
      expect(line.slice((symbol.column ?? 1) - 1).startsWith(symbol.name)).toBe(true);
    }
  });
  it('Should survive 10,000 levels of nesting', async () => {
    const depth = 10_000;
    writeFileSync(
      join(scratch, 'root', 'deep.js'),
      `export const deep = ${'['.repeat(depth)}${']'.repeat(depth)};\nexport function after() {}\n`,
    );
    const analysis = await scratchIndex.analyzeFile('deep.js');
    expect(analysis.functions.map((f) => f.name)).toEqual(['after']);
    expect(analysis.constants.map((c) => c.name)).toEqual(['deep']);
  });
  // What this asserts is that the analysis completes and is right, not how fast it is (benchmarks measure that): a
  // fresh machine took 80 s for this file (about 16 s per MB of minified code: 160k names per MB), so the budget is
  // wide.
  it('Should analyze a 5 MB single-line minified file', async () => {
    const big = await CodeIndex.open({ root: join(scratch, 'root'), registry, parseTimeoutMs: 300_000, persist: false });
    try {
      const unit = 'function a0(b,c){return b+c}var d0=a0(1,2);';
      let text = '';
      for (let i = 0; text.length < 5_000_000; i++) text += unit.replaceAll('a0', `a${i}`).replaceAll('d0', `d${i}`);
      writeFileSync(join(scratch, 'root', 'min.js'), text);
      const analysis = await big.analyzeFile('min.js');
      expect(analysis.errors).toEqual([]);
      expect(analysis.functions.length).toBeGreaterThan(50_000);
      expect(analysis.functions.every((f) => f.line === 1)).toBe(true);
    } finally {
      big.close();
    }
  }, 360_000);
});
