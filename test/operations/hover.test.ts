/**
 * hover (src/operations/hover.ts): the signature and the cleaned doc comment of the definition at a position or named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeIndex, createDefaultRegistry } from '../../src/index.js';
import { createNavigationProject, type NavigationProject } from '../helpers/navigation-project.js';

const registry = createDefaultRegistry();
let project: NavigationProject;
let index: CodeIndex;

beforeAll(async () => {
  project = createNavigationProject();
  index = await CodeIndex.open({ root: project.root, registry, rescanAfterMs: 0 });
});

afterAll(() => {
  index.close();
  registry.dispose();
  project.remove();
});

describe('hover', () => {
  it('Should hover with the signature and the cleaned doc comment', async () => {
    const result = await index.hover({ file: 'src/auth/service.ts', line: 11, symbol: 'hashPassword' });
    expect(result).toMatchObject({
      symbol: 'hashPassword',
      signature: 'hashPassword(value: string): string',
      documentation: 'Hashes a password.',
      definitionLocation: { file: 'src/util/crypto.ts', line: 2 },
    });
    const cls = await index.hover({ symbol: 'AuthService' });
    expect(cls.documentation).toBe('Authenticates users.\n@example new AuthService().login("a", "b")');
    const method = await index.hover({ symbol: 'login' });
    expect(method).toMatchObject({ documentation: 'Logs a user in.', signature: 'login(email: string, password: string): Promise<User>' });
  });
});
