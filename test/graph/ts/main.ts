import { factorial, parseFile } from './parser.js';

export function run(path: string): number {
  const values = parseFile(path);
  return values.reduce((sum, value) => sum + factorial(value), 0);
}

export function report(path: string): string {
  return `total ${run(path)}`;
}
