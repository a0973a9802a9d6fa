/**
 * findReferences (src/operations/references.ts): every use of a name, bound or name-matched, definitions flagged apart.
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

describe('findReferences', () => {
  it('Should list calls, imports and new-expressions, with definitions flagged apart', async () => {
    const result = await index.findReferences({ symbol: 'hashPassword' });
    expect(result.references.map((r) => `${r.file}:${r.line}:${r.kind}`)).toEqual([
      'src/auth/service.ts:1:import',
      'src/auth/service.ts:11:call',
    ]);
    expect(result.total).toBe(2);
    expect(result.definitions.every((d) => d.isDefinition)).toBe(true);
    const users = await index.findReferences({ symbol: 'User' });
    expect(users.references.map((r) => r.kind)).toEqual(expect.arrayContaining(['import', 'class', 'type']));
  });
});
