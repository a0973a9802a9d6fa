/**
 * Giving a model code-index's scanner tools through the OpenAI Chat Completions format, without the OpenAI package:
 * the definitions go into the request's `tools`, and each tool call the model makes is dispatched to a `role: "tool"`
 * message. Here one tool call is simulated.
 */
import { createToolbox } from 'code-index/tools';
import { dispatchOpenAIChatToolCall, openAIChatTools } from 'code-index/openai';

const toolbox = await createToolbox({ root: process.cwd(), toolset: 'scanner' });
try {
  const tools = openAIChatTools(toolbox);
  console.log(`${tools.length} tools: ${tools.map((t) => t.function.name).join(', ')}`);
  const message = await dispatchOpenAIChatToolCall(toolbox, {
    id: 'call_1',
    function: { name: 'find_definition', arguments: JSON.stringify({ symbol: 'CodeIndex' }) },
  });
  console.log(message.content);
} finally {
  toolbox.close();
}
