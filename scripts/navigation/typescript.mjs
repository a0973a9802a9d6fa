// The TypeScript LanguageService as the oracle for TypeScript and JavaScript corpora (npm packages):
// getDefinitionAtPosition and getQuickInfoAtPosition over the corpus, allowJs.
//
// Samples: call sites (the callee identifier, or the property of a member call) and type positions (type
// references, `extends`/`implements`, `new X`, `instanceof X`) whose definition the compiler finds inside the
// corpus (not in lib.d.ts or dependencies).
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { fetchCorpus } from '../fetch-corpus.mjs';
import { shuffled } from './sampling.mjs';

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

/**
 * The oracle's answers at a seeded sample of positions of a corpus.
 * @param {{ spec: string, folder: string, language: 'typescript' | 'javascript' }} corpus
 * @param {{ samples: number }} args
 */
export async function sample(corpus, args) {
  const { root: packageRoot } = await fetchCorpus(corpus.spec, { requireSources: corpus.folder !== '.' });
  const root = resolve(packageRoot, corpus.folder);
  const extensions = corpus.language === 'typescript' ? ['.ts', '.tsx'] : ['.js', '.cjs', '.mjs'];
  const files = listFiles(root, extensions).filter((file) => !file.split(sep).includes('node_modules'));
  const service = languageService(root, files);
  const program = service.getProgram();
  const inCorpus = (file) => file.startsWith(root + sep) && !file.includes(`${sep}node_modules${sep}`) && !file.endsWith('.d.ts');
  // Every candidate position, then the first of a seeded shuffle whose definition is inside the corpus.
  const candidates = [];
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) continue;
    for (const position of positions(sourceFile)) candidates.push({ file, sourceFile, ...position });
  }
  const samples = [];
  const taken = { call: 0, type: 0 };
  for (const candidate of shuffled(candidates, 12)) {
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
    const at = lineColumn(candidate.sourceFile, candidate.offset);
    samples.push({ kind: candidate.kind, file: relative(root, candidate.file).split(sep).join('/'), ...at, name: candidate.name, expected, documented });
    taken[candidate.kind]++;
  }
  return { root, files: files.length, candidates: candidates.length, samples };
}

/**
 * The kind check:references files a declaration under: `method` (methods of classes, interfaces and object types),
 * `property` (their properties and accessors), `declaration` (functions, classes, interfaces, type aliases, enums,
 * namespaces and variables at a module's top level); undefined for anything else.
 */
function declarationKind(node) {
  const parent = node.parent;
  const memberOfType = parent && (ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent) || ts.isTypeLiteralNode(parent));
  if ((ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) && memberOfType) return 'method';
  if ((ts.isPropertyDeclaration(node) || ts.isPropertySignature(node) || ts.isGetAccessorDeclaration(node)) && memberOfType) return 'property';
  if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) {
    return 'declaration';
  }
  if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) return 'declaration';
  if (ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent?.parent) && ts.isSourceFile(node.parent.parent.parent)) return 'declaration';
  return undefined;
}

/** The named declarations of a source file: { kind, offset, name } of each declaration's name. */
function declarations(sourceFile) {
  const found = [];
  const visit = (node) => {
    const kind = declarationKind(node);
    if (kind && node.name && (ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name))) {
      found.push({ kind, offset: node.name.getStart(sourceFile), name: node.name.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * The oracle's references of a seeded sample of declarations of a corpus (check:references): for each, the
 * LanguageService's `findReferences` at the declaration's name, every reference that is not a definition, inside the
 * corpus, as { file, line }. Declarations without such a reference are skipped (they say nothing about recall).
 * @param {{ spec: string, folder: string, language: 'typescript' | 'javascript' }} corpus
 * @param {{ samples: number }} args  samples per kind
 */
export async function references(corpus, args) {
  const { root: packageRoot } = await fetchCorpus(corpus.spec, { requireSources: corpus.folder !== '.' });
  const root = resolve(packageRoot, corpus.folder);
  const extensions = corpus.language === 'typescript' ? ['.ts', '.tsx'] : ['.js', '.cjs', '.mjs'];
  const files = listFiles(root, extensions).filter((file) => !file.split(sep).includes('node_modules'));
  const service = languageService(root, files);
  const program = service.getProgram();
  const inCorpus = (file) => file.startsWith(root + sep) && !file.includes(`${sep}node_modules${sep}`) && !file.endsWith('.d.ts');
  const candidates = [];
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (!sourceFile) continue;
    for (const declaration of declarations(sourceFile)) candidates.push({ file, sourceFile, ...declaration });
  }
  const samples = [];
  const taken = { declaration: 0, method: 0, property: 0 };
  for (const candidate of shuffled(candidates, 12)) {
    if (Object.values(taken).every((n) => n >= args.samples)) break;
    if (taken[candidate.kind] >= args.samples) continue;
    const expected = new Map();
    for (const symbol of service.findReferences(candidate.file, candidate.offset) ?? []) {
      for (const reference of symbol.references) {
        if (reference.isDefinition || !inCorpus(reference.fileName)) continue;
        const target = program.getSourceFile(reference.fileName);
        const at = { file: relative(root, reference.fileName).split(sep).join('/'), line: lineColumn(target, reference.textSpan.start).line };
        expected.set(`${at.file}:${at.line}`, at);
      }
    }
    if (expected.size === 0) continue;
    const at = lineColumn(candidate.sourceFile, candidate.offset);
    samples.push({ kind: candidate.kind, file: relative(root, candidate.file).split(sep).join('/'), ...at, name: candidate.name, expected: [...expected.values()] });
    taken[candidate.kind]++;
  }
  return { root, files: files.length, candidates: candidates.length, samples };
}
