/**
 * Analyze one file and print its outline: the README's library example (type-checked in CI).
 *
 * Run: `npm run build && node --experimental-strip-types examples/analyze.ts src/index.ts` (Node 22+), or compile it.
 */
import { CodeIndex, isCodeIndexError } from 'code-index';

const index = await CodeIndex.open({ root: process.cwd() });
try {
  const analysis = await index.analyzeFile(process.argv[2] ?? 'src/index.ts');
  for (const fn of analysis.functions) console.log(`${fn.line}: ${fn.signature}`);
  for (const cls of analysis.classes) {
    console.log(`${cls.line}: class ${cls.name}${cls.extends ? ` extends ${cls.extends}` : ''}`);
    for (const method of cls.methods) console.log(`  ${method.line}: ${method.signature}`);
  }
  for (const warning of analysis.warnings) console.warn(`${warning.code}: ${warning.message}`);
} catch (error) {
  if (isCodeIndexError(error)) console.error(`${error.code}: ${error.message}`);
  else throw error;
} finally {
  index.close();
}
