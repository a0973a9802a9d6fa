/**
 * `code-index scip`: the index of --root as a SCIP file for Sourcegraph (`src code-intel upload -file index.scip`),
 * written as it is made (a document at a time, with the stream's backpressure) into a temporary file beside the output,
 * renamed over it at the end: an export that fails or is stopped leaves the previous file as it was.
 *
 * @module
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { withProgress } from '../progress.js';
import { type Command, EXIT, usageError } from '../shared.js';

/** `code-index scip` */
export const scip: Command = {
  name: 'scip',
  args: '',
  summary: 'Write the index of --root as SCIP (index.scip) for Sourcegraph: definitions, bound references, symbols, per file.',
  details: [
    'Global symbols are `code-index MANAGER PACKAGE VERSION descriptors`, the package from the nearest manifest (package.json,',
    'go.mod, Cargo.toml, pyproject.toml, setup.cfg, pom.xml, composer.json, *.gemspec); names a file keeps to itself are',
    '`local N`. References are the ones binding resolves to a definition; names that bind to nothing are left out.',
    'Upload: `src code-intel upload -file index.scip`. JSON: { output, documents, bytes, seconds, skipped: [{ file, reason }] }.',
  ].join('\n'),
  options: {
    output: { type: 'string', flag: '--output FILE', help: 'Where to write the index (default: index.scip in the current directory)' },
    path: { type: 'string', flag: '--path DIR', help: 'Only the files under DIR (relative to --root)' },
  },
  async run(context) {
    if (context.positionals.length > 0) throw usageError(`${context.positionals[0]}: scip takes no arguments (--output FILE)`);
    const output = resolve(typeof context.values.output === 'string' ? context.values.output : 'index.scip');
    const path = typeof context.values.path === 'string' ? context.values.path : undefined;
    const index = await context.index();
    const started = performance.now();
    const partial = `${output}.${process.pid}.partial`;
    const stream = createWriteStream(partial);
    let bytes = 0;
    let documents = 0;
    const skipped: Array<{ file: string; reason: string }> = [];
    try {
      await withProgress(async (onProgress) => {
        for await (const record of index.exportScip({ ...(path !== undefined ? { path } : {}), onProgress, onSkipped: (file, reason) => skipped.push({ file, reason }) })) {
          bytes += record.length;
          // A record is one field of the Index message: 0x12 is the tag of field 2, documents (length-delimited).
          if (record[0] === 0x12) documents++;
          if (!stream.write(record)) await once(stream, 'drain');
        }
      });
      stream.end();
      await once(stream, 'finish');
      await rename(partial, output);
    } catch (error) {
      stream.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    // Files the index could not analyze have no document: said, never left out silently.
    const summary = { output, documents, bytes, seconds: Math.round((performance.now() - started) / 100) / 10, skipped };
    context.out.result(summary, () =>
      [
        `${summary.output}: ${summary.documents} documents, ${bytes.toLocaleString('en-US')} bytes in ${summary.seconds} s`,
        ...(skipped.length > 0 ? [`${skipped.length} files skipped (not in the index), e.g. ${skipped[0]?.file}: ${skipped[0]?.reason}`] : []),
      ].join('\n'),
    );
    return summary.documents > 0 ? EXIT.FOUND : EXIT.NOTHING;
  },
};
