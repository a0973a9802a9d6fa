/**
 * Script automation: print the public API of a package, file by file (its exports with their signatures).
 *
 *   node --experimental-strip-types examples/public-api.ts [folder]   (or compile it with tsc first)
 */
import { readdirSync } from 'node:fs';
import { CodeIndex } from 'code-index';

/** Lines of `file: export` for every file under `root` a language reads, build and dependency folders skipped. */
export async function publicApi(root: string): Promise<string[]> {
  const skipped = new Set(['node_modules', 'dist', 'build', '.git', 'target', 'vendor']);
  const index = await CodeIndex.open({ root });
  try {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => !file.split('/').some((part) => skipped.has(part)))
      .filter((file) => index.registry.detectLanguage(file).language !== undefined)
      .sort();
    const lines: string[] = [];
    for (const file of files) {
      const exports = await index.listExports(file).catch(() => []);
      if (exports.length === 0) continue;
      // Signatures by name, to print `login(email: string): Promise<User>` rather than `login`.
      const signatures = new Map((await index.getSignatures(file)).map((s) => [s.name, s.signature]));
      lines.push(file);
      for (const exported of exports) lines.push(`  ${exported.type} ${signatures.get(exported.name) ?? exported.name}`);
    }
    return lines;
  } finally {
    index.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await publicApi(process.argv[2] ?? process.cwd())) console.log(line);
}
