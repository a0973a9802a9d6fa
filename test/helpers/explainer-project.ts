/**
 * A small project on disk for the Explainer's tests, with a secret beside it that must never be read: a symlinked
 * file and a symlinked folder inside the project point at it.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the file outside the project holds: it must never reach the model, the response or the logs. */
export const SECRET = 'hunter2-must-not-leak';

export const FILES: Record<string, string> = {
  'package.json': '{ "name": "demo-api", "main": "src/server.ts" }\n',
  'README.md': '# Demo API\n\nAn HTTP API whose routes are guarded by JWT authentication.\n',
  'src/server.ts': [
    "import { authMiddleware } from './auth/middleware';",
    '',
    '/** The app: every route goes through the auth middleware. */',
    'export const app = { use: [authMiddleware] };',
    '',
  ].join('\n'),
  'src/auth/middleware.ts': [
    "import { verifyToken } from './jwt';",
    '',
    '/** Checks the bearer token of a request. */',
    'export async function authMiddleware(req: Req, res: Res, next: () => void) {',
    "  const header = req.headers.authorization ?? '';",
    "  const token = header.replace('Bearer ', '');",
    '  if (!verifyToken(token)) return res.status(401).end();',
    '  next();',
    '}',
    '',
    'interface Req { headers: { authorization?: string } }',
    'interface Res { status(code: number): { end(): void } }',
    '',
  ].join('\n'),
  'src/auth/jwt.ts': [
    '/** A token is valid when it was signed by us. */',
    'export function verifyToken(token: string): boolean {',
    "  return token.startsWith('valid-');",
    '}',
    '',
  ].join('\n'),
  'node_modules/dep/index.js': 'export const authSecretOfDependency = 1;\n',
};

export interface Project {
  /** The project (real path). */
  root: string;
  /** The folder beside it holding the secret. */
  outside: string;
  /** The temporary folder holding both. */
  base: string;
  cleanup(): void;
}

export function createProject(): Project {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'code-index-explainer-')));
  const root = join(base, 'project');
  const outside = join(base, 'outside');
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.ts'), `export const token = "${SECRET}";\n`);
  symlinkSync(join(outside, 'secret.ts'), join(root, 'src/link.ts'));
  symlinkSync(outside, join(root, 'outdir'));
  return { root, outside, base, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** Lines `start`..`end` (1-based, inclusive) of a project file. */
export function lines(file: string, start: number, end: number): string {
  return (FILES[file] ?? '').split('\n').slice(start - 1, end).join('\n');
}
