// Writing a generated file, or with --check, failing when the committed one differs from what the generator makes
// now (the scripts that generate sources and docs share this: bundled.ts, docs/languages.md, scip_pb.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `output` to `target` (its folder made as needed), or, when the command line has --check, compares them and
 * sets a failing exit code with `howToFix` when they differ (a missing file is stale too). Returns whether it is current.
 */
export function writeOrCheck(target, output, howToFix) {
  if (!process.argv.includes('--check')) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output);
    return true;
  }
  let current;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === output) return true;
  console.error(`${target} is stale: ${howToFix}`);
  process.exitCode = 1;
  return false;
}
