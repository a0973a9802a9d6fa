/**
 * Anthropic function calling: an agent loop over the Messages API with code-index's tools.
 *
 *   ANTHROPIC_API_KEY=... node examples/anthropic-agent.js "Who calls parseFile?"
 */
import Anthropic from '@anthropic-ai/sdk';
import { createToolbox } from 'code-index/tools';
import { anthropicTools, dispatchAnthropicToolUse } from 'code-index/anthropic';

/** The part of the Anthropic client the loop uses (a test passes a scripted one). */
export type MessagesClient = { messages: Pick<Anthropic['messages'], 'create'> };

/** Asks `question` about the code under `root`; the model uses tools until it answers (at most `maxTurns`). */
export async function ask(client: MessagesClient, model: string, root: string, question: string, maxTurns = 8): Promise<string> {
  const toolbox = await createToolbox({ root, toolset: ['treesitter', 'graph', 'repo_map'] });
  try {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: question }];
    for (let turn = 0; turn < maxTurns; turn++) {
      const response = (await client.messages.create({
        model,
        max_tokens: 1024,
        system: 'Answer questions about the code base. Use the tools instead of guessing; cite file:line.',
        tools: anthropicTools(toolbox) as Anthropic.Tool[],
        messages,
      })) as Anthropic.Message;
      messages.push({ role: 'assistant', content: response.content });
      const uses = response.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use');
      if (uses.length === 0) {
        return response.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      }
      messages.push({ role: 'user', content: await Promise.all(uses.map((use) => dispatchAnthropicToolUse(toolbox, use))) });
    }
    return 'No answer within the turn budget.';
  } finally {
    toolbox.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ask(new Anthropic(), process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5', process.cwd(), process.argv[2] ?? 'What does this project export?'));
}
