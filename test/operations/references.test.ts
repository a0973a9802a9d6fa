/**
 * findReferences (src/operations/references.ts): every use of a name, bound or name-matched, definitions flagged apart.
 */
import { describe, expect, it } from 'vitest';
import { useNavigationIndex } from '../helpers/navigation-project.js';

const nav = useNavigationIndex();


describe('findReferences', () => {
  it('Should list calls, imports and new-expressions, with definitions flagged apart', async () => {
    const result = await nav.index.findReferences({ symbol: 'hashPassword' });
    expect(result.references.map((r) => `${r.file}:${r.line}:${r.kind}`)).toEqual([
      'src/auth/service.ts:1:import',
      'src/auth/service.ts:11:call',
    ]);
    expect(result.total).toBe(2);
    expect(result.definitions.every((d) => d.isDefinition)).toBe(true);
    const users = await nav.index.findReferences({ symbol: 'User' });
    expect(users.references.map((r) => r.kind)).toEqual(expect.arrayContaining(['import', 'class', 'type']));
  });
});
