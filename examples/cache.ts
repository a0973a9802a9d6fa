/**
 * The user cache: every on-disk index code-index keeps there (one folder per root), what it serves and takes, and a
 * clean-up of those whose root is gone or that nobody used for a week, tried first without removing anything.
 */
import { cleanCaches, listCaches } from 'code-index';

for (const cache of listCaches()) {
  const root = cache.root ?? '(root not recorded)';
  console.log(`${cache.lastUsed}  ${(cache.size / 2 ** 20).toFixed(1)} MiB  ${root}${cache.rootExists === false ? ' (gone)' : ''}`);
}
const plan = cleanCaches({ gone: true, olderThanDays: 7, dryRun: true });
console.log(`would free ${plan.freed} bytes in ${plan.removed.length} folders`);
if (process.argv.includes('--yes')) cleanCaches({ gone: true, olderThanDays: 7 });
