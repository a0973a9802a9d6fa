/**
 * hover (src/operations/hover.ts): the signature and the cleaned doc comment of the definition at a position or named.
 */
import { describe, expect, it } from 'vitest';
import { useNavigationIndex } from '../helpers/navigation-project.js';

const nav = useNavigationIndex();


describe('hover', () => {
  it('Should hover with the signature and the cleaned doc comment', async () => {
    const result = await nav.index.hover({ file: 'src/auth/service.ts', line: 11, symbol: 'hashPassword' });
    expect(result).toMatchObject({
      symbol: 'hashPassword',
      signature: 'hashPassword(value: string): string',
      documentation: 'Hashes a password.',
      definitionLocation: { file: 'src/util/crypto.ts', line: 2 },
    });
    const cls = await nav.index.hover({ symbol: 'AuthService' });
    expect(cls.documentation).toBe('Authenticates users.\n@example new AuthService().login("a", "b")');
    const method = await nav.index.hover({ symbol: 'login' });
    expect(method).toMatchObject({ documentation: 'Logs a user in.', signature: 'login(email: string, password: string): Promise<User>' });
  });
});
