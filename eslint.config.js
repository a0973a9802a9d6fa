// ESLint flat config: recommended JavaScript and type-aware TypeScript rules.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'docs/', 'temp/', 'coverage/', 'test/fixtures/', 'test/mixed-project/', 'test/binding/cases/', 'test/graph/', '.bench-cache/', '.probe/', 'wip/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  // protoc-gen-es writes `/* eslint-disable */` into what it generates.
  { files: ['src/scip/proto/*_pb.ts'], linterOptions: { reportUnusedDisableDirectives: 'off' } },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
