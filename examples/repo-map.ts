/**
 * The repository map: the most important definitions of the project under the working directory, ranked by how much
 * the rest of the code references them, fitted into 1,000 tokens (leaning towards the files named on the command
 * line), and the compact text a model reads for one file's structure.
 */
import { CodeIndex, countTokens } from 'code-index';
import { createToolbox } from 'code-index/tools';

const index = await CodeIndex.open({ root: process.cwd() });
try {
  const map = await index.repoMap({ tokenBudget: 1000, focus: process.argv.slice(2) });
  console.log(map.text);
  console.log(`(${map.tokens} tokens: ${map.shownDefinitions} of ${map.totalDefinitions} definitions, ${map.files.length} of ${map.totalFiles} files)`);

  const toolbox = await createToolbox({ index, toolset: ['code_analyze', 'repo_map'] });
  const file = map.files[0]?.file;
  if (file) {
    const compact = await toolbox.call('code_analyze', { operation: 'analyze_file', file, maxTokens: 500 });
    const json = await toolbox.call('code_analyze', { operation: 'analyze_file', file, format: 'json' });
    console.log(`${file}: ${await countTokens(compact.text)} tokens as text, ${await countTokens(json.text)} as JSON`);
  }
} finally {
  index.close();
}
