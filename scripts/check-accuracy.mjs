#!/usr/bin/env node
// Measures how accurately code-index extracts TypeScript structure, against the TypeScript compiler's own parser
// as the oracle (ts.createSourceFile + an AST walk; no type checker).
//
// Usage: node scripts/check-accuracy.mjs [--root DIR]
//   Without --root, the corpus is the TypeScript sources of rxjs (fetched once into .bench-cache/).
//   Needs a current build: npx tsc -p tsconfig.build.json
//
// For every .ts/.tsx/.mts/.cts file (not .d.ts), both sides produce sets of keys per category; the report gives
// precision and recall per category, the exact-match rate of parameter lists, and example misses (in the oracle,
// not in ours) and extras (in ours, not in the oracle) with file:line and the source line, to find their cause.
// It is a report: it exits 0 whatever the numbers. The last line is machine-readable:
//   ACCURACY: declarations precision=X recall=Y params=Z
//
// Keys, per category (lines are 1-based lines of the name):
//   functions   name@line     module-level and namespace-level function declarations (overloads and `declare`
//                             included) and const/let/var bindings of arrow functions and function expressions
//   classes     name@line     class declarations (`default` for an anonymous default class)
//   methods     Class.name@line   methods, getters, setters and constructors of those classes
//   interfaces  kind name@line    interfaces, type aliases and enums (kind: interface | type | enum)
//   imports     source@line (one per import statement) and source:name as alias (one per imported binding;
//               `default as X`, `* as X`); `import x = require('m')` counts as `m:default as x`
//   exports     the exported name as TypeScript sees it: `default` for any default export, `export=`, and
//               `*:source` for `export * from 'source'`
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { CodeIndex } from '../dist/index.js';
import { fetchCorpus, listTypeScriptFiles } from './fetch-corpus.mjs';

const CATEGORIES = ['functions', 'classes', 'methods', 'interfaces', 'imports', 'exports'];
/** The categories summed into the `declarations` figure of the last line. */
const DECLARATIONS = ['functions', 'classes', 'methods', 'interfaces'];
/** Example misses and extras printed per category. */
const EXAMPLES = 10;

// ---- arguments ------------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const args = { root: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') args.root = argv[++i];
    else if (argv[i].startsWith('--root=')) args.root = argv[i].slice('--root='.length);
    else if (argv[i] === '--help' || argv[i] === '-h') {
      console.log('Usage: node scripts/check-accuracy.mjs [--root DIR]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${argv[i]}`);
  }
  if (args.root === '') throw new Error('--root needs a folder');
  return args;
}

// ---- facts ----------------------------------------------------------------------------------------------------

/** Folds every run of whitespace into one space, as code-index does for types and patterns. */
const fold = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * The facts of one file: per category, key -> { line, params? }. `params` (functions and methods only) is the
 * parameter list rendered as one comparable string.
 */
function emptyFacts() {
  return Object.fromEntries(CATEGORIES.map((category) => [category, new Map()]));
}

/** Renders a parameter list: `...name?: type` per parameter; `?` marks optional, default-valued and rest parameters. */
function renderParams(params) {
  return params
    .map((p) => `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}${p.type ? `: ${p.type}` : ''}`)
    .join(', ');
}

/** The oracle: facts of one file from the TypeScript compiler's AST. */
function oracleFacts(fileName, text) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const facts = emptyFacts();
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const add = (category, name, anchor, fn) => {
    const line = lineOf(anchor);
    facts[category].set(`${name}@${line}`, { line, params: fn && renderParams(fn.parameters.map(oracleParam)) });
  };
  // code-index semantics: optional covers `x?`, a default value and a rest parameter.
  const oracleParam = (p) => ({
    name: ts.isIdentifier(p.name) ? p.name.text : fold(p.name.getText(sf)),
    optional: Boolean(p.questionToken || p.initializer || p.dotDotDotToken),
    rest: Boolean(p.dotDotDotToken),
    type: p.type ? fold(p.type.getText(sf)) : '',
  });
  // Identifiers by their text, `#private` with its `#`, computed and string names as written.
  const memberName = (name) => (ts.isIdentifier(name) ? name.text : name.getText(sf));
  const isFunctionValue = (node) => node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
  const hasModifier = (node, kind) => Boolean(ts.getModifiers?.(node)?.some((m) => m.kind === kind));

  const addClass = (node) => {
    const className = node.name?.text ?? 'default';
    add('classes', className, node.name ?? node);
    for (const member of node.members) {
      if (
        ts.isMethodDeclaration(member) ||
        ts.isGetAccessorDeclaration(member) ||
        ts.isSetAccessorDeclaration(member)
      ) {
        add('methods', `${className}.${memberName(member.name)}`, member.name, member);
      } else if (ts.isConstructorDeclaration(member)) {
        // A constructor has no name node: its line is the line of the `constructor` keyword.
        const keyword = member.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword);
        add('methods', `${className}.constructor`, keyword ?? member, member);
      }
    }
  };

  const addImport = (node) => {
    if (ts.isImportDeclaration(node)) {
      const source = node.moduleSpecifier.text;
      add('imports', source, node);
      const clause = node.importClause;
      const item = (name) => facts.imports.set(`${source}:${name}`, { line: lineOf(node) });
      if (clause?.name) item(`default as ${clause.name.text}`);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) item(`* as ${bindings.name.text}`);
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) item(`${(el.propertyName ?? el.name).text} as ${el.name.text}`);
      }
    } else if (ts.isExternalModuleReference(node.moduleReference)) {
      // `import x = require('m')`; `import x = N.y` aliases a namespace member, which is no module import.
      const source = node.moduleReference.expression.text;
      add('imports', source, node);
      facts.imports.set(`${source}:default as ${node.name.text}`, { line: lineOf(node) });
    }
  };

  const addExport = (name, node) => facts.exports.set(name, { line: lineOf(node) });
  const bindingNames = (name) =>
    ts.isIdentifier(name)
      ? [name.text]
      : name.elements.flatMap((el) => (ts.isOmittedExpression(el) ? [] : bindingNames(el.name)));
  const addExports = (node) => {
    if (ts.isExportAssignment(node)) return addExport(node.isExportEquals ? 'export=' : 'default', node);
    if (ts.isExportDeclaration(node)) {
      const source = node.moduleSpecifier?.text;
      if (!node.exportClause) return addExport(`*:${source}`, node);
      if (ts.isNamespaceExport(node.exportClause)) return addExport(node.exportClause.name.text, node);
      for (const el of node.exportClause.elements) addExport(el.name.text, node);
      return;
    }
    if (!hasModifier(node, ts.SyntaxKind.ExportKeyword)) return;
    if (hasModifier(node, ts.SyntaxKind.DefaultKeyword)) return addExport('default', node);
    if (ts.isVariableStatement(node)) {
      for (const decl of node.declarationList.declarations)
        for (const name of bindingNames(decl.name)) addExport(name, node);
    } else if (node.name && ts.isIdentifier(node.name)) addExport(node.name.text, node);
  };

  const visit = (statements, topLevel) => {
    for (const node of statements) {
      if (topLevel) addExports(node);
      if (ts.isFunctionDeclaration(node)) add('functions', node.name?.text ?? 'default', node.name ?? node, node);
      else if (ts.isVariableStatement(node)) {
        for (const decl of node.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && isFunctionValue(decl.initializer)) {
            add('functions', decl.name.text, decl.name, decl.initializer);
          }
        }
      } else if (ts.isClassDeclaration(node)) addClass(node);
      else if (ts.isInterfaceDeclaration(node)) add('interfaces', `interface ${node.name.text}`, node.name);
      else if (ts.isTypeAliasDeclaration(node)) add('interfaces', `type ${node.name.text}`, node.name);
      else if (ts.isEnumDeclaration(node)) add('interfaces', `enum ${node.name.text}`, node.name);
      else if (ts.isModuleDeclaration(node)) {
        // `namespace A.B {}` nests ModuleDeclarations; the statements are in the innermost ModuleBlock.
        let body = node.body;
        while (body && ts.isModuleDeclaration(body)) body = body.body;
        if (body && ts.isModuleBlock(body)) visit(body.statements, false);
      } else if (topLevel && (ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node))) addImport(node);
    }
  };
  visit(sf.statements, true);
  return facts;
}

/** `import x = require('m')` (or `export import`), told apart from `const x = require('m')` by its text. */
const IMPORT_STATEMENT = /^\s*(export\s+)?import\b/;

/** Ours: the same facts from code-index's FileAnalysis (`lines`: the file's lines, to classify `require` imports). */
function ourFacts(analysis, lines) {
  const facts = emptyFacts();
  const add = (category, key, line, fn) => {
    facts[category].set(`${key}@${line}`, {
      line,
      params:
        fn &&
        renderParams(
          fn.parameters.map((p) => ({
            name: p.name,
            optional: p.optional,
            rest: Boolean(p.isRest),
            type: p.type ?? '',
          })),
        ),
    });
  };
  for (const fn of analysis.functions) add('functions', fn.name, fn.line, fn);
  for (const cls of analysis.classes) {
    add('classes', cls.name, cls.line);
    for (const method of cls.methods) add('methods', `${cls.name}.${method.name}`, method.line, method);
    // Every constructor (overload signatures too) is in `constructors` when there are several; else the one is in
    // `constructor` (not `cls.constructor` unguarded: every object inherits one from Object).
    const single = Object.hasOwn(cls, 'constructor') && cls.constructor ? [cls.constructor] : [];
    for (const ctor of cls.constructors ?? single) add('methods', `${cls.name}.constructor`, ctor.line, ctor);
  }
  for (const type of analysis.interfaces) add('interfaces', `${type.kind} ${type.name}`, type.line);
  for (const imp of analysis.imports) {
    // The oracle counts import statements only, not `import()` expressions or `require()` calls; code-index
    // reports `import x = require('m')` with kind `require` too, so those are recognized by their line's text.
    if (imp.kind === 'dynamic') continue;
    if (imp.kind === 'require' && !IMPORT_STATEMENT.test(lines[imp.line - 1] ?? '')) continue;
    add('imports', imp.source, imp.line);
    for (const item of imp.imports) {
      facts.imports.set(`${imp.source}:${item.name} as ${item.alias ?? item.name}`, { line: imp.line });
    }
  }
  for (const exp of analysis.exports) {
    // TypeScript's view: whatever the declared name, a default export is exported as `default` (`export =`
    // excepted, which code-index also flags isDefault).
    let name = exp.name;
    if (name === '*') name = `*:${exp.source}`;
    else if (exp.isDefault && name !== 'export=') name = 'default';
    facts.exports.set(name, { line: exp.line });
  }
  return facts;
}

// ---- comparison -----------------------------------------------------------------------------------------------

/** Per category: counts, and the misses (false negatives) and extras (false positives) with where they are. */
function emptyTotals() {
  return Object.fromEntries(
    CATEGORIES.map((category) => [category, { oracle: 0, ours: 0, tp: 0, misses: [], extras: [] }]),
  );
}

function compareFile(file, lines, oracle, ours, totals, params) {
  const where = (key, info) => ({ file, line: info.line, key, text: info.line ? lines[info.line - 1] : undefined });
  for (const category of CATEGORIES) {
    const expected = oracle[category];
    const actual = ours[category];
    const total = totals[category];
    total.oracle += expected.size;
    total.ours += actual.size;
    for (const [key, info] of expected) {
      if (!actual.has(key)) total.misses.push(where(key, info));
      else {
        total.tp++;
        // Parameter lists of the functions and methods both sides found.
        if (info.params !== undefined && actual.get(key).params !== undefined) {
          params.compared++;
          if (info.params === actual.get(key).params) params.exact++;
          else params.mismatches.push({ ...where(key, info), oracle: info.params, ours: actual.get(key).params });
        }
      }
    }
    for (const [key, info] of actual) if (!expected.has(key)) total.extras.push(where(key, info));
  }
}

// ---- report ---------------------------------------------------------------------------------------------------

const ratio = (part, whole) => (whole === 0 ? undefined : part / whole);
const percent = (value) => (value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** Formats rows as an aligned table; the first row is the header, numbers are right-aligned. */
function formatTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Up to `count` entries, from as many different files as possible (one cause often repeats within a file). */
function spread(entries, count) {
  const picked = [];
  const files = new Set();
  for (const entry of entries) {
    if (picked.length < count && !files.has(entry.file)) {
      picked.push(entry);
      files.add(entry.file);
    }
  }
  for (const entry of entries) if (picked.length < count && !picked.includes(entry)) picked.push(entry);
  return picked.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

const clip = (text, max = 110) => {
  const trimmed = (text ?? '').trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
};

function printExamples(title, entries) {
  if (entries.length === 0) return;
  console.log(`  ${title} (${entries.length}):`);
  for (const e of spread(entries, EXAMPLES)) {
    console.log(`    ${e.file}:${e.line ?? '?'}  ${e.key}`);
    if (e.text !== undefined) console.log(`        | ${clip(e.text)}`);
  }
}

// ---- main -----------------------------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2));
const root = args.root ? resolve(args.root) : (await fetchCorpus()).srcDir;
const files = await listTypeScriptFiles(root);
console.log(`Corpus: ${root} (${files.length} TypeScript files)\n`);

const index = await CodeIndex.open({ root });
const totals = emptyTotals();
const params = { compared: 0, exact: 0, mismatches: [] };
const failures = [];
let withSyntaxErrors = 0;
for (const file of files) {
  const text = await readFile(join(root, file), 'utf8');
  let analysis;
  try {
    analysis = await index.analyzeFile(file);
  } catch (error) {
    // Counted as finding nothing in this file; listed below.
    failures.push(`${file}: ${error.code ?? ''} ${error.message}`);
    analysis = { functions: [], classes: [], interfaces: [], imports: [], exports: [], errors: [] };
  }
  if (analysis.errors.length > 0) withSyntaxErrors++;
  const lines = text.split(/\r?\n/);
  compareFile(file, lines, oracleFacts(file, text), ourFacts(analysis, lines), totals, params);
}
index.close();

const rows = [['category', 'oracle', 'ours', 'tp', 'precision', 'recall']];
for (const category of CATEGORIES) {
  const t = totals[category];
  rows.push([category, t.oracle, t.ours, t.tp, percent(ratio(t.tp, t.ours)), percent(ratio(t.tp, t.oracle))]);
}
const sum = (field) => DECLARATIONS.reduce((acc, category) => acc + totals[category][field], 0);
const declarations = { oracle: sum('oracle'), ours: sum('ours'), tp: sum('tp') };
rows.push([
  'declarations',
  declarations.oracle,
  declarations.ours,
  declarations.tp,
  percent(ratio(declarations.tp, declarations.ours)),
  percent(ratio(declarations.tp, declarations.oracle)),
]);
console.log(formatTable(rows));
const paramRate = ratio(params.exact, params.compared);
console.log(`\nParameter lists: ${params.exact}/${params.compared} exact (${percent(paramRate)})`);
console.log(`Files with syntax errors (code-index): ${withSyntaxErrors}`);
if (failures.length > 0) {
  console.log(`Files code-index failed to analyze: ${failures.length}`);
  for (const failure of failures.slice(0, EXAMPLES)) console.log(`  ${failure}`);
}

console.log('\nExamples (misses: in the oracle, not in ours; extras: in ours, not in the oracle)');
for (const category of CATEGORIES) {
  const t = totals[category];
  if (t.misses.length === 0 && t.extras.length === 0) continue;
  console.log(`\n${category}`);
  printExamples('misses', t.misses);
  printExamples('extras', t.extras);
}
if (params.mismatches.length > 0) {
  console.log(`\nparameter lists (${params.mismatches.length} mismatches)`);
  for (const m of spread(params.mismatches, EXAMPLES)) {
    console.log(`    ${m.file}:${m.line}  ${m.key}`);
    console.log(`        oracle: (${clip(m.oracle, 200)})`);
    console.log(`        ours:   (${clip(m.ours, 200)})`);
  }
}

const fixed = (value) => (value === undefined ? 'n/a' : value.toFixed(4));
const precision = fixed(ratio(declarations.tp, declarations.ours));
const recall = fixed(ratio(declarations.tp, declarations.oracle));
console.log(`\nACCURACY: declarations precision=${precision} recall=${recall} params=${fixed(paramRate)}`);
