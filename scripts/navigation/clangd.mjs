// clangd as the oracle for C and C++ corpora (git repositories pinned to a commit): textDocument/definition and
// textDocument/hover over the corpus, with a compile_commands.json listing every source file (so clangd's
// background index knows where each function is defined) and the corpus's include flags.
//
// The clangd binary: $CLANGD, else `clangd` on the PATH (Debian's clangd-14 works unpacked with
// `apt-get download clangd-14 libclang-cpp14 libllvm14 libclang-common-14-dev libprotobuf32 libgrpc29
// libgrpc++1.51 libc-ares2 libre2-9` + `dpkg-deb -x`, LD_LIBRARY_PATH at its lib folders).
// The corpus: .bench-cache/<owner>__<name>@<commit>/, cloned from GitHub when absent. Answers are cached in
// .bench-cache/clangd-samples/ (the background index and 800 requests take minutes).
//
// Samples: call sites (the callee identifier, or the field of a member call `a.f()` / `p->f()`, or the name of
// `ns::f()`) and type positions (a type identifier in a declaration) whose definition clangd finds inside the
// corpus. Positions are found with tree-sitter (syntax only); the answers are clangd's.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';
import { CACHE_DIR } from '../fetch-corpus.mjs';
import { shuffled } from './sampling.mjs';

const GRAMMARS = {
  c: fileURLToPath(new URL('../../grammars/tree-sitter-c.wasm.br', import.meta.url)),
  cpp: fileURLToPath(new URL('../../grammars/tree-sitter-cpp.wasm.br', import.meta.url)),
};
const SOURCES = { c: ['.c'], cpp: ['.cc', '.cpp', '.cxx'] };
const HEADERS = ['.h', '.hh', '.hpp', '.hxx'];
/** The seed of the sample. */
const SEED = 12;

/** The pinned checkout of a repository (a corpus or one of its dependencies), cloned once. */
function checkout(corpus) {
  const dir = join(CACHE_DIR, `${corpus.repo.replace('/', '__')}@${corpus.commit}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['clone', '--quiet', `https://github.com/${corpus.repo}.git`, dir]);
    execFileSync('git', ['-C', dir, 'checkout', '--quiet', corpus.commit]);
  }
  // The real path: clangd answers with real paths, and the cache folder may be a link.
  return realpathSync(join(dir, corpus.folder ?? '.'));
}

/**
 * The include flags of a corpus's dependencies (`dependencies: [{ repo, commit, include: [folders] }]`, its git
 * submodules, such as the test framework its tests include): checked out beside it, outside the corpus, so that its
 * files compile and answers inside a dependency are not samples.
 */
function dependencyFlags(corpus) {
  return (corpus.dependencies ?? []).flatMap((dependency) => {
    const dir = checkout(dependency);
    return dependency.include.map((folder) => `-I${join(dir, folder)}`);
  });
}

function listFiles(root, extensions) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (extensions.some((e) => entry.endsWith(e))) files.push(path);
    }
  };
  walk(root);
  return files.sort();
}

/** A minimal LSP client over stdio. */
function lspClient(command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = Buffer.alloc(0);
  let nextId = 1;
  const pending = new Map();
  const listeners = [];
  const send = (message) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())?.[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
      buffer = buffer.subarray(end + 4 + length);
      if (message.id !== undefined && message.method === undefined) {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      } else if (message.method !== undefined) {
        // Requests from the server (workDoneProgress/create, configuration): answered empty.
        if (message.id !== undefined) send({ id: message.id, result: null });
        for (const listener of listeners) listener(message);
      }
    }
  });
  return {
    request: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        send({ id, method, params });
      }),
    notify: (method, params) => send({ method, params }),
    on: (listener) => listeners.push(listener),
    close: () => {
      // Every handle let go, so that the checking script ends when its work does.
      send({ method: 'exit' });
      child.stdin.end();
      child.stdout.destroy();
      child.kill();
      child.unref();
    },
  };
}

/** Call and type positions of a tree: { kind, row, column, name }. */
function positions(tree) {
  const found = [];
  const visit = (node) => {
    if (node.type === 'call_expression') {
      let callee = node.childForFieldName('function');
      if (callee?.type === 'template_function') callee = callee.childForFieldName('name');
      if (callee?.type === 'field_expression') callee = callee.childForFieldName('field');
      else if (callee?.type === 'qualified_identifier') {
        while (callee?.type === 'qualified_identifier') callee = callee.childForFieldName('name');
        if (callee?.type === 'template_function') callee = callee.childForFieldName('name');
      }
      if (callee && (callee.type === 'identifier' || callee.type === 'field_identifier')) found.push({ kind: 'call', node: callee });
    } else if (node.type === 'type_identifier' && node.parent?.type !== 'type_definition' && !['struct_specifier', 'class_specifier', 'union_specifier', 'enum_specifier'].includes(node.parent?.type ?? '')) {
      found.push({ kind: 'type', node });
    }
    for (const child of node.namedChildren) visit(child);
  };
  visit(tree.rootNode);
  return found.map(({ kind, node }) => ({ kind, row: node.startPosition.row, column: node.startPosition.column, name: node.text }));
}

/** Whether a clangd hover shows documentation: a section of prose besides the heading, type, parameters and code. */
function documented(hover) {
  const value = hover?.contents?.value ?? '';
  const sections = value.split(/\n---\n/).slice(1);
  return sections.some((section) => {
    const text = section.trim();
    return text !== '' && !/^(```|→|Parameters:|Type:|Value = |Size:|Offset:|Passed |Provided by|\/\/ In |In |Returns:|Template parameters|Alignment|Field of)/.test(text);
  });
}

/**
 * The oracle's answers at a seeded sample of positions of a corpus.
 * @param {{ repo: string, commit: string, folder?: string, language: 'c' | 'cpp', flags: string[] }} corpus
 * @param {{ samples: number }} args
 */
export async function sample(corpus, args) {
  const root = checkout(corpus);
  // clangd's background index and answers take minutes: cached per corpus, sample size and clangd version (any
  // cached version when no clangd is at hand).
  const folder = join(CACHE_DIR, 'clangd-samples');
  const dependencies = (corpus.dependencies ?? []).map((d) => `+${d.repo.split('/').pop()}@${d.commit.slice(0, 7)}`).join('');
  const prefix = `${`${corpus.spec}${dependencies}`.replace(/[^\w.+-]/g, '_')}_${args.samples}_seed${SEED}_clangd`;
  let version;
  try {
    version = execFileSync(process.env.CLANGD ?? 'clangd', ['--version'], { encoding: 'utf8' }).match(/version ([\d.]+)/)?.[1] ?? 'unknown';
  } catch {
    const cached = existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(prefix) && name.endsWith('_named.json')).sort() : [];
    if (cached.length === 0) throw new Error(`clangd is needed for ${corpus.spec} (no cached answers): set $CLANGD`);
    version = cached.at(-1).slice(prefix.length, -'_named.json'.length);
  }
  const cache = join(folder, `${prefix}${version}_named.json`);
  if (existsSync(cache)) return { ...JSON.parse(readFileSync(cache, 'utf8')), root };
  const result = await answers(corpus, args, root);
  mkdirSync(join(CACHE_DIR, 'clangd-samples'), { recursive: true });
  writeFileSync(cache, JSON.stringify({ ...result, root: undefined }));
  return result;
}

async function answers(corpus, args, root) {
  const texts = new Map();
  const lineOf = (path, line) => {
    if (!texts.has(path)) texts.set(path, existsSync(path) ? readFileSync(path, 'utf8').split('\n') : []);
    return texts.get(path)[line - 1] ?? '';
  };
  const sources = listFiles(root, SOURCES[corpus.language]);
  const files = listFiles(root, [...SOURCES[corpus.language], ...HEADERS]);
  const compiler = corpus.language === 'c' ? 'cc' : 'c++';
  writeFileSync(
    join(root, 'compile_commands.json'),
    JSON.stringify(sources.map((file) => ({ directory: root, file, arguments: [compiler, ...corpus.flags.map((f) => f.replace('{root}', root)), ...dependencyFlags(corpus), '-c', file] }))),
  );
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(brotliDecompressSync(readFileSync(GRAMMARS[corpus.language]))));
  const candidates = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const tree = parser.parse(text);
    for (const position of positions(tree)) candidates.push({ file, text, ...position });
    tree.delete();
  }

  const client = lspClient(process.env.CLANGD ?? 'clangd', ['--background-index', '-j=1', '--log=error', `--compile-commands-dir=${root}`], root);
  let indexed;
  const done = new Promise((resolve) => (indexed = resolve));
  client.on((message) => {
    if (message.method === '$/progress' && message.params?.token === 'backgroundIndexProgress' && message.params.value?.kind === 'end') indexed();
  });
  await client.request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { window: { workDoneProgress: true }, textDocument: { hover: { contentFormat: ['markdown'] } } } });
  client.notify('initialized', {});
  // clangd loads the compilation database (and starts its background index) when a file is opened.
  const first = sources[0] ?? files[0];
  client.notify('textDocument/didOpen', { textDocument: { uri: pathToFileURL(first).href, languageId: corpus.language, version: 1, text: readFileSync(first, 'utf8') } });
  // The background index must know every definition before the answers are read.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 20 * 60_000))]);

  const opened = new Set([pathToFileURL(first).href]);
  const samples = [];
  const taken = { call: 0, type: 0 };
  const inCorpus = (path) => path.startsWith(root + sep);
  for (const candidate of shuffled(candidates, SEED)) {
    if (taken.call >= args.samples && taken.type >= args.samples) break;
    if (taken[candidate.kind] >= args.samples) continue;
    const uri = pathToFileURL(candidate.file).href;
    if (!opened.has(uri)) {
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: corpus.language, version: 1, text: candidate.text } });
      opened.add(uri);
    }
    const position = { line: candidate.row, character: candidate.column };
    const reply = await client.request('textDocument/definition', { textDocument: { uri }, position });
    const locations = Array.isArray(reply.result) ? reply.result : reply.result ? [reply.result] : [];
    const paths = locations.map((l) => {
      const start = (l.range ?? l.targetSelectionRange).start;
      return { path: fileURLToPath(l.uri ?? l.targetUri), line: start.line + 1, character: start.character };
    });
    // An answer that is not a declaration of the name (where a file does not compile, clangd answers with the
    // namespace around the position, `namespace leveldb {`) says nothing of the name: not a sample.
    if (!candidate.name || !paths.every((p) => !inCorpus(p.path) || lineOf(p.path, p.line).slice(p.character).startsWith(candidate.name))) continue;
    // Answers at the asked position itself are declarations, not uses.
    const expected = paths.filter((p) => inCorpus(p.path)).map((p) => ({ file: relative(root, p.path).split(sep).join('/'), line: p.line }));
    if (expected.length === 0 || paths.some((p) => !inCorpus(p.path))) continue;
    if (expected.some((e) => e.file === relative(root, candidate.file).split(sep).join('/') && e.line === candidate.row + 1)) continue;
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position });
    // UTF-16 column: the line's text before the name.
    const line = candidate.text.split('\n')[candidate.row] ?? '';
    const column = Buffer.from(line).subarray(0, candidate.column).toString().length + 1;
    samples.push({ kind: candidate.kind, file: relative(root, candidate.file).split(sep).join('/'), line: candidate.row + 1, column, name: candidate.name, expected, documented: documented(hover.result) });
    taken[candidate.kind]++;
  }
  await client.request('shutdown', null);
  client.close();
  return { root, files: files.length, candidates: candidates.length, samples };
}
