/**
 * git, run so that it can never run the repository's commands nor read another repository's data.
 *
 * A checkout an agent is pointed at may be hostile: its `.git/config` can name programs (`core.fsmonitor`, diff
 * `textconv` and external drivers, clean/smudge filters, hooks, pager, credential helpers, `core.sshCommand`) and
 * its `.git` can be a file or a `commondir` that points at another repository on the machine. So git runs here
 *   - with a clean environment (no inherited `GIT_*` variable can pick another repository, index or config),
 *     no system config, every command-running setting overridden on the command line (the highest precedence),
 *     lazy fetches and every transport off, and pathspec magic off;
 *   - only for plumbing that reads objects and the index (`rev-parse`, `merge-base`, `ls-tree`, `cat-file blob`,
 *     `ls-files`, `diff-tree` and `diff-index --cached` in raw form, renames off, submodules ignored): none of them
 *     runs filters, textconv, fsmonitor or hooks even before the overrides, and none reads a working file. (`diff-index`
 *     against the working tree would: an entry whose recorded time is not older than the index is "racily clean",
 *     and git hashes the file through the repository's clean filter to decide. Which working files differ from the
 *     index is decided here instead, {@link worktreeChanges}, from the stat data the index records and the files read
 *     through the root check);
 *   - only on a repository that either lies above the root (found in a parent folder, outside anything the
 *     checkout controls), or keeps its data inside the root, or is a linked worktree or submodule whose git
 *     directory names this root as its work tree.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CodeIndexError, ErrorCode } from '../errors.js';
import { readVerified, resolveInRoot } from './source.js';

/** `-c` overrides: each setting that makes git run a program, turned off. */
const NEUTRAL_CONFIG = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.askPass=',
  'core.sshCommand=',
  'core.gitProxy=',
  'core.untrackedCache=false',
  'credential.helper=',
  'diff.external=',
  'protocol.allow=never',
  // A bare repository planted in the checkout is never used unless named explicitly (git >= 2.38).
  'safe.bareRepository=explicit',
];

/** Environment variables git may keep (finding git itself and the user's own global config). */
const KEPT_ENV = ['PATH', 'HOME', 'USERPROFILE', 'SYSTEMROOT', 'TMPDIR', 'TMP', 'TEMP'];

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of KEPT_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_LAZY_FETCH: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_PAGER: 'cat',
    LC_ALL: 'C',
  };
}

/** A failed git run (`GIT_FAILED`), with its stderr for classifying. */
class GitFailure extends CodeIndexError {
  readonly stderr: string;
  constructor(stderr: string) {
    super(ErrorCode.GIT_FAILED, `git failed: ${(stderr.trim().split('\n')[0] ?? '').slice(0, 300)}`, {});
    this.stderr = stderr;
  }
}

/** Runs hardened git in `cwd`; resolves its stdout bytes. */
function runGit(cwd: string, args: string[], maxBytes = 1024 * 1024, timeoutMs = 10_000): Promise<Buffer> {
  const argv = ['--no-pager', '--literal-pathspecs', '--no-replace-objects', ...NEUTRAL_CONFIG.flatMap((setting) => ['-c', setting]), ...args];
  return new Promise((resolvePromise, reject) => {
    execFile(
      'git',
      argv,
      { cwd, env: gitEnvironment(), timeout: timeoutMs, maxBuffer: maxBytes, encoding: 'buffer', windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolvePromise(stdout);
        if ((error as { code?: unknown }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          return reject(
            new CodeIndexError(ErrorCode.GIT_FAILED, `git's answer is over ${maxBytes} bytes`, { max_bytes: maxBytes, suggestion: 'Narrow the question (fewer paths)' }),
          );
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(new CodeIndexError(ErrorCode.GIT_FAILED, 'git is not installed on this machine', { suggestion: 'Install git' }));
        }
        reject(new GitFailure(stderr.toString('utf8') || error.message));
      },
    );
  });
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

function real(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** A repository the root may be diffed against. */
export interface Repository {
  /** Where to run git (the root). */
  cwd: string;
  /** The root's path from the top of the work tree, with `/` and a trailing `/` (`''` at the top). */
  prefix: string;
}

function foreignRepository(reason: string): CodeIndexError {
  return new CodeIndexError(
    ErrorCode.PATH_TRAVERSAL,
    `The root's git repository keeps its data outside the root (${reason}) and does not name this folder as its work tree, so it is not read`,
    { suggestion: 'Read the file with read_file; diffs need a repository inside the root or in a folder above it' },
  );
}

/**
 * Finds the repository of `root` and checks it may be read.
 *
 * @throws CodeIndexError `NOT_A_GIT_REPOSITORY`, `PATH_TRAVERSAL` (a repository elsewhere, reached from the
 * root's `.git` file, `commondir` or alternates), `GIT_FAILED`.
 */
export async function openRepository(root: string): Promise<Repository> {
  let lines: string[];
  try {
    const out = await runGit(root, ['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir']);
    lines = out.toString('utf8').split('\n');
  } catch (error) {
    if (error instanceof GitFailure && /not a git repository|must be run in a work tree/i.test(error.stderr)) {
      throw new CodeIndexError(ErrorCode.NOT_A_GIT_REPOSITORY, 'The root is not inside a git work tree, so there is no diff', {
        suggestion: 'Read the file with read_file instead',
      });
    }
    throw error;
  }
  const [top, gitDir, commonDir] = lines.map((line) => (line ? real(line) : undefined));
  if (!top || !gitDir || !commonDir || !isInside(top, root)) {
    throw new CodeIndexError(ErrorCode.NOT_A_GIT_REPOSITORY, 'The root is not inside the work tree of its git repository', {
      suggestion: 'Read the file with read_file instead',
    });
  }
  const dotGit = `${root}${sep}.git`;
  // No `.git` in the root: git found the repository in a folder above it, which the checkout does not control.
  if (existsSync(dotGit) || isInside(root, gitDir)) await checkOwnRepository(root, dotGit, top, gitDir, commonDir);
  const prefix = relative(top, root).split(sep).join('/');
  return { cwd: root, prefix: prefix ? `${prefix}/` : '' };
}

/** The root has its own `.git`: its data must be inside the root, or its git directory must claim the root. */
async function checkOwnRepository(root: string, dotGit: string, top: string, gitDir: string, commonDir: string): Promise<void> {
  const objects = real(`${commonDir}${sep}objects`);
  if (isInside(root, gitDir) && isInside(root, commonDir) && objects && isInside(root, objects)) {
    for (const line of readLines(`${objects}${sep}info${sep}alternates`)) {
      const alternate = real(isAbsolute(line) ? line : resolve(objects, line));
      if (alternate && !isInside(root, alternate)) throw foreignRepository('objects/info/alternates');
    }
    return;
  }
  // A linked worktree: its git directory records the `.git` file that points at it.
  const back = readLines(`${gitDir}${sep}gitdir`)[0];
  if (back && lstatSync(dotGit, { throwIfNoEntry: false })?.isFile() && real(resolve(gitDir, back)) === real(dotGit)) return;
  // A submodule: its git directory's own config names the work tree (and git took `top` from it).
  try {
    const worktree = (await runGit(root, ['config', '--file', `${gitDir}${sep}config`, '--get', 'core.worktree'])).toString('utf8').trim();
    if (worktree && real(resolve(gitDir, worktree)) === top && top === root) return;
  } catch (error) {
    // No core.worktree there (git config exits 1).
    if (!(error instanceof GitFailure)) throw error;
  }
  throw foreignRepository(isInside(root, gitDir) ? 'its object store or common directory' : 'a .git file pointing elsewhere');
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  } catch {
    return [];
  }
}

/** True when the repository has a commit at HEAD. */
export async function hasHead(repository: Repository): Promise<boolean> {
  try {
    await runGit(repository.cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
    return true;
  } catch (error) {
    if (error instanceof GitFailure) return false;
    throw error;
  }
}

/** An entry of HEAD's tree or of the index. */
export interface GitEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  size?: number;
}

/** The entry at `path` (root-relative) in HEAD's tree, if any. Only that exact path, never a pattern. */
export async function headEntry(repository: Repository, path: string): Promise<GitEntry | undefined> {
  const full = `${repository.prefix}${path}`;
  const out = await runGit(repository.cwd, ['ls-tree', '-z', '-l', '--full-tree', 'HEAD', '--', full]);
  for (const record of out.toString('utf8').split('\0')) {
    const match = /^(\d{6}) (blob|tree|commit) ([0-9a-f]{40,64}) +(-|\d+)\t([\s\S]*)$/.exec(record);
    if (match && match[5] === full) {
      return { mode: match[1] as string, type: match[2] as GitEntry['type'], oid: match[3] as string, ...(match[4] !== '-' ? { size: Number(match[4]) } : {}) };
    }
  }
  return undefined;
}

/** True when `path` (root-relative) is in the index (staged), whatever HEAD has. */
export async function isStaged(repository: Repository, path: string): Promise<boolean> {
  const out = await runGit(repository.cwd, ['ls-files', '-z', '--stage', '--full-name', '--', path]);
  const full = `${repository.prefix}${path}`;
  return out
    .toString('utf8')
    .split('\0')
    .some((record) => record.slice(record.indexOf('\t') + 1) === full);
}

/** The raw bytes of a blob (no filter, no textconv). */
export async function readBlob(repository: Repository, oid: string, maxBytes: number): Promise<Buffer> {
  if (!/^[0-9a-f]{40,64}$/.test(oid)) throw new CodeIndexError(ErrorCode.INTERNAL_ERROR, 'Not an object id', {});
  return runGit(repository.cwd, ['cat-file', 'blob', oid], maxBytes + 1);
}

/** What `rev-parse` accepts as a revision here: no option, no pathspec, no range, no control character. */
function checkRevision(revision: string, field: string): void {
  const text = typeof revision === 'string' ? revision : '';
  const control = [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (text === '' || text.length > 256 || text.startsWith('-') || control || text.includes('..')) {
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${field} is not a revision: ${JSON.stringify(String(revision).slice(0, 100))}`, {
      [field]: String(revision).slice(0, 256),
      suggestion: 'Name a commit: a branch, a tag, a commit id, HEAD~2',
    });
  }
}

/**
 * The commit a revision names (`HEAD`, `main`, `v1.2`, `HEAD~2`, an abbreviated id).
 *
 * @throws CodeIndexError `INVALID_ARGUMENT` for a revision that is malformed or names no commit.
 */
export async function resolveCommit(repository: Repository, revision: string, field = 'revision'): Promise<string> {
  checkRevision(revision, field);
  try {
    const out = await runGit(repository.cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
    return out.toString('utf8').trim();
  } catch (error) {
    if (!(error instanceof GitFailure)) throw error;
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${field} ${JSON.stringify(revision)} names no commit of the repository`, {
      [field]: revision,
      suggestion: 'Name a commit: a branch, a tag, a commit id, HEAD~2',
    });
  }
}

/** The best common ancestor of two commits (`A...B` compares B with it). */
export async function mergeBase(repository: Repository, a: string, b: string): Promise<string> {
  try {
    return (await runGit(repository.cwd, ['merge-base', a, b])).toString('utf8').trim();
  } catch (error) {
    if (!(error instanceof GitFailure)) throw error;
    throw new CodeIndexError(ErrorCode.INVALID_ARGUMENT, `${a.slice(0, 12)} and ${b.slice(0, 12)} have no common ancestor`, {
      suggestion: 'Compare the two commits directly (A..B)',
    });
  }
}

/** A file a diff lists: its status, its path (root-relative) and the objects on each side. */
export interface GitChange {
  /** `A` added, `D` deleted, `M` modified, `T` its type changed (a file became a link). */
  status: 'A' | 'D' | 'M' | 'T';
  /** Root-relative path. */
  path: string;
  /** Mode and object before (absent when added). */
  before?: { mode: string; oid: string };
  /**
   * Mode and object after (absent when deleted). The object is absent when it is the working file, which git lists
   * by its stat data only: the caller reads it.
   */
  after?: { mode: string; oid?: string };
  /** Not tracked by git (a new file of the working tree, not yet added). */
  untracked?: true;
}

/** Where the newer side of a diff is: a commit, the index (staged changes) or the working tree. */
export type DiffSide = { commit: string } | 'index' | 'worktree';

/** Most bytes a diff's listing may take (about 100,000 changed files). */
const MAX_LISTING_BYTES = 16 * 1024 * 1024;

const NULL_OID = /^0+$/;

/**
 * The files that differ between a commit and a newer side, under the root (and under `paths`, root-relative, when
 * given), in path order. Renames are not detected here: git would read working files' content through their filters
 * to find them, and the caller pairs deleted and added files itself. Submodules are left out. For the working tree,
 * see {@link worktreeChanges}, which lists untracked files too.
 */
export async function diffFiles(repository: Repository, base: string, side: Exclude<DiffSide, 'worktree'>, paths: readonly string[] = []): Promise<GitChange[]> {
  const common = ['-z', '--raw', '--no-renames', '--ignore-submodules=all', '--no-textconv', '--no-ext-diff', '--abbrev=64'];
  const args = side === 'index' ? ['diff-index', ...common, '--cached', base] : ['diff-tree', '-r', ...common, base, side.commit];
  const out = await runGit(repository.cwd, [...args, '--', ...pathspecs(paths)], MAX_LISTING_BYTES, 60_000);
  const fields = out.toString('utf8').split('\0');
  const changes: GitChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const match = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([ADMT])$/.exec(fields[i] as string);
    const full = fields[i + 1] as string;
    if (!match || !full.startsWith(repository.prefix)) continue;
    const [, modeBefore, modeAfter, oidBefore, oidAfter, status] = match as unknown as [string, string, string, string, string, GitChange['status']];
    const change: GitChange = { status, path: full.slice(repository.prefix.length) };
    if (status !== 'A') change.before = { mode: modeBefore, oid: oidBefore };
    if (status !== 'D') change.after = { mode: modeAfter, ...(NULL_OID.test(oidAfter) ? {} : { oid: oidAfter }) };
    changes.push(change);
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Files of the working tree git does not track and does not ignore (new files not yet added), root-relative. */
export async function untrackedFiles(repository: Repository, paths: readonly string[] = []): Promise<string[]> {
  const out = await runGit(repository.cwd, ['ls-files', '-z', '--others', '--exclude-standard', '--full-name', '--', ...pathspecs(paths)], MAX_LISTING_BYTES, 60_000);
  return out
    .toString('utf8')
    .split('\0')
    // (a nested repository is listed as its folder, `dir/`: not a file)
    .filter((full) => full !== '' && !full.endsWith('/') && full.startsWith(repository.prefix))
    .map((full) => full.slice(repository.prefix.length))
    .sort();
}

/**
 * The pathspecs of root-relative paths (git runs in the root, and reads pathspecs from there; literal: pathspec magic
 * is off), the whole root when none is given.
 */
function pathspecs(paths: readonly string[]): string[] {
  return paths.length === 0 ? ['.'] : [...paths];
}

/** An entry of the index: its mode, object and merge stage, and the stat data git recorded when it last hashed it. */
interface IndexEntry {
  path: string;
  mode: string;
  oid: string;
  stage: number;
  /** Seconds and nanoseconds of the file's modification time, and its size, as the index records them. */
  stat?: { mtimeSec: bigint; mtimeNsec: bigint; size: bigint };
}

/** The index's entries under the paths (`ls-files --stage --debug`: the stat data after each entry). */
async function indexEntries(repository: Repository, paths: readonly string[]): Promise<IndexEntry[]> {
  const out = (await runGit(repository.cwd, ['ls-files', '-z', '--stage', '--debug', '--full-name', '--', ...pathspecs(paths)], MAX_LISTING_BYTES, 60_000)).toString('utf8');
  const entries: IndexEntry[] = [];
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf('\0', at);
    if (end === -1) break;
    const match = /^(\d{6}) ([0-9a-f]+) (\d)\t([\s\S]*)$/.exec(out.slice(at, end));
    at = end + 1;
    // The stat lines: `  ctime: s:ns`, `  mtime: s:ns`, `  dev: ..\tino: ..`, `  uid: ..\tgid: ..`, `  size: ..\tflags: ..`.
    let stat: IndexEntry['stat'];
    const lines: string[] = [];
    while (lines.length < 5 && out.startsWith('  ', at)) {
      const next = out.indexOf('\n', at);
      if (next === -1) break;
      lines.push(out.slice(at, next));
      at = next + 1;
    }
    const mtime = /^ {2}mtime: (\d+):(\d+)$/.exec(lines[1] ?? '');
    const size = /^ {2}size: (\d+)\t/.exec(lines[4] ?? '');
    if (mtime && size) stat = { mtimeSec: BigInt(mtime[1] as string), mtimeNsec: BigInt(mtime[2] as string), size: BigInt(size[1] as string) };
    if (!match || !(match[4] as string).startsWith(repository.prefix)) continue;
    entries.push({ path: (match[4] as string).slice(repository.prefix.length), mode: match[1] as string, oid: match[2] as string, stage: Number(match[3]), ...(stat ? { stat } : {}) });
  }
  return entries;
}

/** A working file modified this recently is hashed even when its stat is the index's (git's "racy" entries). */
const SETTLED_NS = 3_000_000_000n;

/** The object id git would give these bytes as a blob (SHA-1, or SHA-256 for a repository of 64-digit ids). */
function blobId(bytes: Uint8Array, oidLength: number): string {
  return createHash(oidLength === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}

/**
 * Whether a working file has the content of its index entry: by the stat data the index records (size and
 * modification time to the nanosecond, and not modified in the last seconds), else by hashing the file read through
 * the root check. `exists` is false when the file is gone or is no regular file inside the root.
 */
async function sameAsIndex(root: string, entry: IndexEntry, maxFileSize: number): Promise<{ exists: boolean; same: boolean }> {
  try {
    const resolved = await resolveInRoot(root, entry.path);
    const stat = statSync(resolved.absolute, { bigint: true });
    if (!stat.isFile()) return { exists: false, same: false };
    const seconds = stat.mtimeNs / 1_000_000_000n;
    const settled = BigInt(Date.now()) * 1_000_000n - stat.mtimeNs > SETTLED_NS;
    if (entry.stat && settled && entry.stat.size === stat.size && entry.stat.mtimeSec === seconds && entry.stat.mtimeNsec === stat.mtimeNs % 1_000_000_000n) {
      return { exists: true, same: true };
    }
    const bytes = readVerified(resolved, maxFileSize).bytes;
    return { exists: true, same: blobId(bytes, entry.oid.length) === entry.oid };
  } catch (error) {
    // Too large to hash (or unreadable): it differs unless its stat says otherwise; the caller reads it and says why.
    if (error instanceof CodeIndexError && error.code !== ErrorCode.FILE_NOT_FOUND && error.code !== ErrorCode.PATH_TRAVERSAL) return { exists: true, same: false };
    return { exists: false, same: false };
  }
}

/**
 * The files of the working tree that differ from a commit, under the root (and `paths`), in path order: staged and
 * unstaged changes together, and files git does not track yet (not ignored). git lists the index and what is staged;
 * which working files differ from their index entries is decided here (see the module's note), so no program of the
 * repository runs. A working file's side has no object id: the caller reads it.
 *
 * @param maxFileSize - Files larger than this are not hashed: they differ unless their stat is the index's.
 */
export async function worktreeChanges(repository: Repository, root: string, base: string, paths: readonly string[], maxFileSize: number): Promise<GitChange[]> {
  const staged = new Map((await diffFiles(repository, base, 'index', paths)).map((change) => [change.path, change]));
  const changes = new Map<string, GitChange>();
  const tracked = new Set<string>();
  for (const entry of await indexEntries(repository, paths)) {
    // An unmerged path (stages 1-3): compared by its "ours" version (stage 2).
    if (entry.stage !== 0 && entry.stage !== 2) continue;
    if (tracked.has(entry.path)) continue;
    tracked.add(entry.path);
    const inIndex = staged.get(entry.path);
    // A link or a submodule: what git has staged of it, nothing read.
    if (entry.mode !== '100644' && entry.mode !== '100755') {
      if (inIndex) changes.set(entry.path, inIndex);
      continue;
    }
    // Not staged: the index has the base's version.
    const before = inIndex ? inIndex.before : { mode: entry.mode, oid: entry.oid };
    const working = await sameAsIndex(root, entry, maxFileSize);
    if (!working.exists) {
      if (before) changes.set(entry.path, { status: 'D', path: entry.path, before });
    } else if (working.same) {
      if (inIndex) changes.set(entry.path, inIndex);
    } else {
      changes.set(entry.path, { status: before ? 'M' : 'A', path: entry.path, ...(before ? { before } : {}), after: { mode: entry.mode } });
    }
  }
  // Deleted from the index (staged deletions): gone, unless the file is back as an untracked one (below).
  for (const change of staged.values()) if (!tracked.has(change.path) && change.before) changes.set(change.path, { status: 'D', path: change.path, before: change.before });
  for (const path of await untrackedFiles(repository, paths)) {
    const gone = changes.get(path);
    changes.set(path, gone?.before ? { status: 'M', path, before: gone.before, after: { mode: '100644' } } : { status: 'A', path, after: { mode: '100644' }, untracked: true });
  }
  return [...changes.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
