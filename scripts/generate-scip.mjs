#!/usr/bin/env node
// Generates src/scip/proto/scip_pb.ts from src/scip/proto/scip.proto with buf and protoc-gen-es (both devDependencies;
// the plugin options are in src/scip/proto/buf.gen.yaml). The generated file is committed.
// Usage: node scripts/generate-scip.mjs [--check]   (--check fails when the committed file differs from a fresh one)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOrCheck } from './generated-file.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = join(root, 'src', 'scip', 'proto');
const target = join(folder, 'scip_pb.ts');
const bin = join(root, 'node_modules', '.bin');

/** Runs `buf generate` in the proto folder, writing under `out`; returns the generated text, or throws. */
function generate(out) {
  const result = spawnSync('buf', ['generate', '--output', out], {
    cwd: folder,
    // buf.gen.yaml names the plugin `protoc-gen-es`: found on PATH, here the project's own copy.
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (result.error || result.status !== 0) {
    const reason = result.error?.message ?? result.stderr.trim();
    throw new Error(`buf generate failed in src/scip/proto: ${reason}\nAre @bufbuild/buf and @bufbuild/protoc-gen-es installed? Run npm install.`);
  }
  return readFileSync(join(out, 'scip_pb.ts'), 'utf8');
}

const scratch = mkdtempSync(join(tmpdir(), 'code-index-scip-'));
try {
  const output = generate(scratch);
  writeOrCheck(target, output, 'run node scripts/generate-scip.mjs');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
