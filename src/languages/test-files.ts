/**
 * Which files are tests: files under a test folder in every language, and files named as the language's convention
 * names tests (`LanguageDefinition.testFiles`).
 *
 * @module
 */
import { globMatcher } from '../model/glob.js';
import type { LanguageDefinition } from './define.js';

/** Folder names that hold tests in most ecosystems (`test/`, Jest's `__tests__/`, RSpec's `spec/`, ...). */
const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'testing', 'e2e', 'testdata']);

const matchers = new WeakMap<LanguageDefinition, Array<(name: string) => boolean>>();

/** True when a root-relative path is a test file: under a test folder, or named as its language names tests. */
export function isTestFile(file: string, definition: LanguageDefinition | undefined): boolean {
  const parts = file.split('/');
  const name = parts.pop() ?? '';
  if (parts.some((folder) => TEST_FOLDERS.has(folder.toLowerCase()))) return true;
  if (!definition?.testFiles) return false;
  let own = matchers.get(definition);
  if (!own) {
    own = definition.testFiles.map((pattern) => globMatcher(pattern, false));
    matchers.set(definition, own);
  }
  return own.some((matches) => matches(name));
}
