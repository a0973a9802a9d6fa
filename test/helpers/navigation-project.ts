/**
 * A small TypeScript project on disk for the navigation tests (search, definitions, references, hover, discovery and
 * the cache): two namesake `hashPassword`s, an import of one of them, doc comments, and what discovery must skip
 * (`.gitignore`d files at two levels and a negation, a build folder, a hidden folder, a symlink out of the root).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { CodeIndex, createDefaultRegistry, type LanguageRegistry } from '../../src/index.js';

/** A project written to a temporary folder. */
export interface NavigationProject {
  /** Its root folder. */
  root: string;
  /** Writes a file of the project (its folders are made). */
  write(file: string, text: string): void;
  /** Removes the project and the folder its symlink points to. */
  remove(): void;
}

/** Writes the project to a new temporary folder. */
export function createNavigationProject(): NavigationProject {
  const root = mkdtempSync(join(tmpdir(), 'code-index-nav-'));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  // A git work tree (its `.gitignore` files apply only in one).
  write('.git/HEAD', 'ref: refs/heads/main\n');
  write('.gitignore', 'generated/\n*.log.ts\n!keep.log.ts\n');
  write(
    'src/auth/service.ts',
    [
      "import { hashPassword } from '../util/crypto';",
      "import { User } from './user';",
      '',
      '/**',
      ' * Authenticates users.',
      ' * @example new AuthService().login("a", "b")',
      ' */',
      'export class AuthService {',
      '  /** Logs a user in. */',
      '  async login(email: string, password: string): Promise<User> {',
      '    const digest = hashPassword(password);',
      '    return new User(email, digest);',
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  write('src/auth/user.ts', 'export class User {\n  constructor(public email: string, public digest: string) {}\n}\n');
  write('src/util/crypto.ts', '/** Hashes a password. */\nexport function hashPassword(value: string): string {\n  return value;\n}\n');
  write('src/util/other.ts', 'export function hashPassword(value: string): string {\n  return `x${value}`;\n}\n');
  write('generated/api.ts', 'export function generatedOnly() {}\n');
  write('src/debug.log.ts', 'export function ignoredByPattern() {}\n');
  write('src/keep.log.ts', 'export function keptByNegation() {}\n');
  write('node_modules/dep/index.js', 'export function fromDependency() {}\n');
  write('.hidden/secret.ts', 'export function hiddenFolder() {}\n');
  write('src/nested/.gitignore', 'local.ts\n');
  write('src/nested/local.ts', 'export function ignoredByNestedGitignore() {}\n');
  write('src/nested/kept.ts', 'export function keptInNested() {}\n');
  write('README.md', '# Project\n\nSee [auth](src/auth/service.ts).\n');
  const outside = mkdtempSync(join(tmpdir(), 'code-index-outside-'));
  writeFileSync(join(outside, 'escape.ts'), 'export function outsideRoot() {}\n');
  symlinkSync(outside, join(root, 'src', 'linked'));
  return {
    root,
    write,
    remove: () => {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}

/** An index over a navigation project, open for the tests of one file (see {@link useNavigationIndex}). */
export interface NavigationIndex {
  readonly project: NavigationProject;
  readonly index: CodeIndex;
  readonly registry: LanguageRegistry;
}

/**
 * Writes a navigation project and opens an index over it before the file's tests (rescanning on every question, so
 * that a test's edits are seen), and closes and removes both after them.
 */
export function useNavigationIndex(): NavigationIndex {
  const registry = createDefaultRegistry();
  let project: NavigationProject | undefined;
  let index: CodeIndex | undefined;
  beforeAll(async () => {
    project = createNavigationProject();
    index = await CodeIndex.open({ root: project.root, registry, rescanAfterMs: 0 });
  });
  afterAll(() => {
    index?.close();
    registry.dispose();
    project?.remove();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The navigation index is open only inside the tests');
    return value;
  };
  return {
    get project() {
      return opened(project);
    },
    get index() {
      return opened(index);
    },
    registry,
  };
}
