/**
 * What the uncommitted work in the working directory's repository changes, and who depends on it: the definitions
 * whose signature changed or that were removed, each with the files that use it (tests marked), as a pre-commit check
 * would print them. Exits 1 when a removed definition is still used somewhere.
 */
import { CodeIndex, renderChanges } from 'code-index';

const index = await CodeIndex.open({ root: process.cwd() });
try {
  const result = await index.changes({ depth: 2 });
  console.log(renderChanges(result));
  const broken = result.files.flatMap((file) =>
    file.definitions
      .filter((change) => change.change === 'removed' && (change.impact?.uses ?? 0) > 0)
      .map((change) => `${file.file}: ${change.name} is removed but still used in ${change.impact?.files.map((f) => f.file).join(', ')}`),
  );
  for (const line of broken) console.error(line);
  process.exitCode = broken.length > 0 ? 1 : 0;
} finally {
  index.close();
}
