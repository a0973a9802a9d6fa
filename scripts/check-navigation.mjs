#!/usr/bin/env node
// How well findDefinitions and hover answer, against compilers as the ground truth, on real pinned code.
//
// Usage: npm run check:navigation   (= node scripts/check-navigation.mjs [--corpus NAME,...] [--samples N]
//                                        [--misses N] [--json FILE])
//   Needs a current build (npm run build). Corpora are fetched once into .bench-cache/.
//
// Corpora and oracles:
//   effect     effect@3.19.3 src (TypeScript; namespace imports `import * as Option from "./Option.js"`, barrels)
//   rxjs       rxjs@7.8.2 src (TypeScript)
//   express    express@4.21.2 (JavaScript, CommonJS `require` / `module.exports`)
//   The TypeScript LanguageService (getDefinitionAtPosition, getQuickInfoAtPosition) over the corpus, allowJs.
//
// Samples (seeded, so every run asks the same positions; --samples of each kind): call sites (the callee identifier, or the property of a
// member call) and type positions (type references, `extends`/`implements`, `new X`, `instanceof X`), whose
// definition the compiler finds inside the corpus (not in lib.d.ts or dependencies).
// For each: our findDefinitions at the same position; top-1 = our first answer is one of the compiler's (same file
// and line of the name), recall = one of our answers is, answers = how many we list, bound = resolution 'bound'.
// Hover: where the compiler shows documentation, our hover has documentation.
// Targets (issue 12): call-site top-1 >= 0.90 with <= 1.5 answers on average on effect; top-1 >= 0.95 on the
// others; hover documentation found >= 0.95.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { CodeIndex } from '../dist/index.js';
import { fetchCorpus } from './fetch-corpus.mjs';

const CORPORA = {
  effect: { spec: 'effect@3.19.3', folder: 'src', language: 'typescript' },
  rxjs: { spec: 'rxjs@7.8.2', folder: 'src', language: 'typescript' },
  express: { spec: 'express@4.21.2', folder: '.', language: 'javascript' },
};

function parseArgs(argv) {
  const args = { corpora: Object.keys(CORPORA), samples: 400, misses: 8, json: undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--corpus') args.corpora = value().split(',');
    else if (flag === '--samples') args.samples = Number(value());
    else if (flag === '--misses') args.misses = Number(value());
    else if (flag === '--json') args.json = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node scripts/check-navigation.mjs [--corpus effect,rxjs,express] [--samples N] [--misses N] [--json FILE]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
  }
  return args;
}

function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function listFiles(root, extensions) {
  const files = [];
  const walk = (dir) => {
    for (const entry of ts.sys.readDirectory(dir, extensions, ['**/node_modules/**', '**/dist/**', '**/*.d.ts'], undefined)) files.push(entry);
  };
  walk(root);
  return [...new Set(files)].sort();
}

/** A LanguageService over a folder of sources. */
function languageService(root, files) {
  const versions = new Map(files.map((file) => [file, '1']));
  const options = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    strict: false,
  };
  const host = {
    getScriptFileNames: () => files,
    getScriptVersion: (file) => versions.get(file) ?? '1',
    getScriptSnapshot: (file) => (existsSync(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined),
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** Call and type positions of a source file: { kind, offset } of the identifier to ask about. */
function positions(sourceFile) {
  const found = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const kind = ts.isNewExpression(node) ? 'type' : 'call';
      if (ts.isIdentifier(callee)) found.push({ kind, node: callee });
      else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) found.push({ kind, node: callee.name });
    } else if (ts.isTypeReferenceNode(node)) {
      const name = ts.isQualifiedName(node.typeName) ? node.typeName.right : node.typeName;
      found.push({ kind: 'type', node: name });
    } else if (ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent)) {
      const expression = node.expression;
      found.push({ kind: 'type', node: ts.isPropertyAccessExpression(expression) ? expression.name : expression });
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword && ts.isIdentifier(node.right)) {
      found.push({ kind: 'type', node: node.right });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.map(({ kind, node }) => ({ kind, offset: node.getStart(sourceFile), name: node.getText(sourceFile) }));
}

/** 1-based line and UTF-16 column of an offset. */
function lineColumn(sourceFile, offset) {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(offset);
  return { line: line + 1, column: character + 1 };
}

async function checkCorpus(name, args) {
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`Unknown corpus ${name}; use ${Object.keys(CORPORA).join(', ')}`);
  const { root: packageRoot } = await fetchCorpus(corpus.spec, { requireSources: corpus.folder !== '.' });
  const root = resolve(packageRoot, corpus.folder);
  const extensions = corpus.language === 'typescript' ? ['.ts', '.tsx'] : ['.js', '.cjs', '.mjs'];
  const files = listFiles(root, extensions).filter((file) => !file.split(sep).includes('node_modules'));
  const service = languageService(root, files);
  const program = service.getProgram();
  const inCorpus = (file) => file.startsWith(root + sep) && !file.includes(`${sep}node_modules${sep}`) && !file.endsWith('.d.ts');
  // Every candidate position with an in-corpus definition, then a seeded sample of them.
  const random = prng(12);
  const candidates = [];
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) continue;
    for (const position of positions(sourceFile)) candidates.push({ file, sourceFile, ...position });
  }
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  const samples = [];
  const taken = { call: 0, type: 0 };
  for (const candidate of candidates) {
    if (taken.call >= args.samples && taken.type >= args.samples) break;
    if (taken[candidate.kind] >= args.samples) continue;
    const definitions = service.getDefinitionAtPosition(candidate.file, candidate.offset) ?? [];
    const expected = definitions
      .filter((d) => inCorpus(d.fileName))
      .map((d) => {
        const target = program.getSourceFile(d.fileName);
        return { file: relative(root, d.fileName).split(sep).join('/'), line: lineColumn(target, d.textSpan.start).line };
      });
    if (expected.length === 0 || definitions.some((d) => !inCorpus(d.fileName))) continue;
    const info = service.getQuickInfoAtPosition(candidate.file, candidate.offset);
    const documented = (info?.documentation ?? []).some((part) => part.text.trim() !== '');
    samples.push({ ...candidate, expected, documented });
    taken[candidate.kind]++;
  }

  const index = await CodeIndex.open({ root, persist: false });
  const results = [];
  const started = performance.now();
  try {
    await index.indexAll();
    for (const sample of samples) {
      const at = lineColumn(sample.sourceFile, sample.offset);
      const file = relative(root, sample.file).split(sep).join('/');
      let answer;
      try {
        answer = await index.findDefinitions({ file, line: at.line, column: at.column });
      } catch (error) {
        answer = { definitions: [], resolution: 'error', error: error.code ?? String(error) };
      }
      const matches = (d) => sample.expected.some((e) => e.file === d.file && e.line === d.line);
      let hoverDoc;
      if (sample.documented) {
        try {
          hoverDoc = Boolean((await index.hover({ file, line: at.line, column: at.column })).documentation);
        } catch {
          hoverDoc = false;
        }
      }
      results.push({
        kind: sample.kind,
        file,
        line: at.line,
        column: at.column,
        name: sample.name,
        expected: sample.expected,
        got: answer.definitions.slice(0, 3).map((d) => `${d.file}:${d.line}`),
        answers: answer.definitions.length,
        top1: answer.definitions[0] ? matches(answer.definitions[0]) : false,
        recall: answer.definitions.some(matches),
        resolution: answer.resolution,
        hoverDoc,
      });
    }
  } finally {
    index.close();
  }
  const elapsed = performance.now() - started;
  return { name, spec: corpus.spec, files: files.length, candidates: candidates.length, results, ms: elapsed };
}

function summarize(results) {
  const n = results.length || 1;
  const share = (f) => results.filter(f).length / n;
  const documented = results.filter((r) => r.hoverDoc !== undefined);
  return {
    samples: results.length,
    top1: share((r) => r.top1),
    recall: share((r) => r.recall),
    answers: results.reduce((sum, r) => sum + r.answers, 0) / n,
    bound: share((r) => r.resolution === 'bound'),
    hover: documented.length ? documented.filter((r) => r.hoverDoc).length / documented.length : undefined,
    hoverSamples: documented.length,
  };
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const reports = [];
  for (const name of args.corpora) {
    process.stderr.write(`  ... ${name}\n`);
    reports.push(await checkCorpus(name, args));
  }
  const rows = [['corpus', 'kind', 'samples', 'top-1', 'recall', 'answers', 'bound', 'hover doc']];
  const pct = (x) => (x === undefined ? '-' : x.toFixed(3));
  for (const report of reports) {
    for (const kind of ['call', 'type', 'all']) {
      const s = summarize(kind === 'all' ? report.results : report.results.filter((r) => r.kind === kind));
      rows.push([`${report.name} (${report.files} files)`, kind, s.samples, pct(s.top1), pct(s.recall), s.answers.toFixed(2), pct(s.bound), `${pct(s.hover)} (${s.hoverSamples})`]);
    }
  }
  console.log(table(rows));
  for (const report of reports) {
    const misses = report.results.filter((r) => !r.top1).slice(0, args.misses);
    if (misses.length === 0) continue;
    console.log(`\n${report.name}: first top-1 misses (ours -> expected)`);
    for (const miss of misses) {
      console.log(`- ${miss.kind} ${miss.name} at ${miss.file}:${miss.line}:${miss.column} [${miss.resolution}, ${miss.answers} answers] ${miss.got.join(' ') || 'none'} -> ${miss.expected.map((e) => `${e.file}:${e.line}`).join(' ')}`);
    }
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(reports.map((r) => ({ ...r, summary: summarize(r.results) })), null, 2));
  const effect = reports.find((r) => r.name === 'effect');
  if (effect) {
    const s = summarize(effect.results.filter((r) => r.kind === 'call'));
    console.log(`\nNAVIGATION: effect call top1=${s.top1.toFixed(3)} answers=${s.answers.toFixed(2)} bound=${s.bound.toFixed(3)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
