/**
 * Vercel AI SDK: `generateText` with code-index's tools and a step limit; any AI SDK model works
 * (`openai('gpt-4o-mini')` from `@ai-sdk/openai`, `anthropic(...)`, a local one).
 */
import { generateText, type LanguageModel, stepCountIs, type ToolSet } from 'ai';
import { createToolbox } from 'code-index/tools';
import { vercelTools } from 'code-index/vercel';

/** Asks `question` about the code under `root`, letting the model call tools for up to `maxSteps` steps. */
export async function ask(model: LanguageModel, root: string, question: string, maxSteps = 8): Promise<{ text: string; toolCalls: string[] }> {
  const toolbox = await createToolbox({ root, toolset: ['code_analyze', 'treesitter'] });
  try {
    const result = await generateText({
      model,
      system: 'Answer questions about the code base. Use the tools instead of guessing; cite file:line.',
      prompt: question,
      // The adapter's tools carry their zod schemas and a toModelOutput that gives the model the compact text.
      tools: vercelTools(toolbox) as unknown as ToolSet,
      stopWhen: stepCountIs(maxSteps),
    });
    return { text: result.text, toolCalls: result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName)) };
  } finally {
    toolbox.close();
  }
}
