/**
 * `src/extract/conditions.ts`: the branch of a preprocessor conditional a definition sits in, and its test read as
 * data by the language's `@test.*` patterns.
 */
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/extract/facts.js';
import { source, withParsed } from './parse.js';

describe('withConditionals', () => {
  it('Should give a name defined in several branches the test of each branch', async () => {
    const text = source(
      '#if defined(_WIN32) && !(WINVER >= 0x0600UL)',
      '#define PATH_MAX 260',
      '#elif defined __APPLE__ || LINUX',
      '#define PATH_MAX 1024',
      '#else',
      '#define PATH_MAX 4096',
      '#endif',
      '#ifdef DEBUG',
      'int level(void);',
      '#endif',
    );
    const definitions = await withParsed('c', text, (parsed) => extractFacts(parsed).definitions);
    expect(definitions.map((def) => [def.name, def.line, def.conditional ?? null])).toEqual([
      [
        'PATH_MAX',
        2,
        { group: 0, branch: 0, when: ['&&', ['defined', '_WIN32'], ['!', ['>=', ['id', 'WINVER'], ['num', 0x0600]]]] },
      ],
      [
        'PATH_MAX',
        4,
        {
          group: 0,
          branch: 1,
          when: [
            '&&',
            ['!', ['&&', ['defined', '_WIN32'], ['!', ['>=', ['id', 'WINVER'], ['num', 0x0600]]]]],
            ['||', ['defined', '__APPLE__'], ['id', 'LINUX']],
          ],
        },
      ],
      [
        'PATH_MAX',
        6,
        {
          group: 0,
          branch: 2,
          when: [
            '&&',
            ['!', ['&&', ['defined', '_WIN32'], ['!', ['>=', ['id', 'WINVER'], ['num', 0x0600]]]]],
            ['!', ['||', ['defined', '__APPLE__'], ['id', 'LINUX']]],
          ],
        },
      ],
      // Defined once: no conditional.
      ['level', 9, null],
    ]);
  });

  it('Should give a macro defined in a branch its test, once defined too, and take an include guard for no condition', async () => {
    const text = source(
      '#ifndef CONFIG_H',
      '#define CONFIG_H',
      '#define VERSION 504',
      '#if defined(USE_WINDOWS)',
      '#define USE_C89',
      '#endif',
      'int version(void);',
      '#endif',
    );
    const definitions = await withParsed('c', text, (parsed) => extractFacts(parsed).definitions);
    expect(definitions.map((def) => [def.name, def.conditional ?? null])).toEqual([
      ['CONFIG_H', null],
      ['VERSION', null],
      ['USE_C89', { group: text.indexOf('#if defined'), branch: 0, when: ['defined', 'USE_WINDOWS'] }],
      ['version', null],
    ]);
  });

  it('Should read what the test patterns do not know (a function-like macro) as unknown', async () => {
    const text = source('#if HAS_FEATURE(files)', 'int open_file(void) { return 1; }', '#else', 'int open_file(void) { return 0; }', '#endif');
    const definitions = await withParsed('cpp', text, (parsed) => extractFacts(parsed).definitions);
    expect(definitions.map((def) => def.conditional?.when)).toEqual([['?'], ['!', ['?']]]);
  });
});
