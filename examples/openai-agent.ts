/**
 * OpenAI function calling: an agent loop over chat completions with code-index's tools. Works with any
 * OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM: set OPENAI_BASE_URL).
 *
 *   OPENAI_API_KEY=... node examples/openai-agent.js "Where is CodeIndex.open defined?"
 */
import OpenAI from 'openai';
import { createToolbox } from 'code-index/tools';
import { dispatchOpenAIChatToolCall, openAIChatTools } from 'code-index/openai';

/** The part of the OpenAI client the loop uses (a test passes a scripted one). */
export type ChatClient = Pick<OpenAI, 'chat'>;

/** Asks `question` about the code under `root`; the model calls tools until it answers (at most `maxTurns`). */
export async function ask(client: ChatClient, model: string, root: string, question: string, maxTurns = 8): Promise<string> {
  const toolbox = await createToolbox({ root, toolset: ['code_analyze', 'treesitter', 'repo_map'] });
  try {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Answer questions about the code base. Use the tools instead of guessing; cite file:line.' },
      { role: 'user', content: question },
    ];
    for (let turn = 0; turn < maxTurns; turn++) {
      const completion = await client.chat.completions.create({ model, messages, tools: openAIChatTools(toolbox) });
      const message = completion.choices[0]?.message;
      if (!message) throw new Error('the model sent no message');
      messages.push(message);
      const calls = (message.tool_calls ?? []).filter((call) => call.type === 'function');
      if (calls.length === 0) return message.content ?? '';
      // Several calls in one turn run in parallel; each answer goes back as a `tool` message.
      messages.push(...(await Promise.all(calls.map((call) => dispatchOpenAIChatToolCall(toolbox, call)))));
    }
    return 'No answer within the turn budget.';
  } finally {
    toolbox.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await ask(new OpenAI(), process.env.OPENAI_MODEL ?? 'gpt-4o-mini', process.cwd(), process.argv[2] ?? 'What does this project export?'));
}
