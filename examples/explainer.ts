/**
 * Asking the Codebase Explainer a question about this folder, from code. Any OpenAI-compatible endpoint works:
 * OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_API_KEY=local CODE_INDEX_MODEL=qwen2.5-coder for Ollama.
 */
import { isCodeIndexError } from 'code-index';
import { createExplainer, createJsonLogger, loadExplainerConfig } from 'code-index/explainer';

const config = loadExplainerConfig(); // throws, naming the variable, when OPENAI_API_KEY is missing
const explainer = createExplainer({ ...config, allowedRoots: [process.cwd()], logger: createJsonLogger({ level: 'warn' }) });
try {
  const answer = await explainer.explain(
    { question: process.argv[2] ?? 'What does this project do?', directory: process.cwd() },
    { signal: AbortSignal.timeout(120_000) },
  );
  console.log(answer.explanation);
  for (const snippet of answer.codeSnippets) console.log(`\n${snippet.file}:${snippet.startLine}-${snippet.endLine}\n${snippet.content}`);
  console.log(`\n${answer.metadata.toolCalls} tool calls, ${answer.metadata.filesExamined} files, confidence ${answer.metadata.confidence}`);
} catch (error) {
  if (isCodeIndexError(error)) console.error(`${error.code}: ${error.message}`);
  else throw error;
}
