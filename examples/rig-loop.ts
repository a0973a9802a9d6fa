/**
 * Rig-style typed tools driven by a minimal loop (Rig's Agent / PromptRequest pattern): send the preamble, the
 * prompt and the tool definitions; run the tool calls the model asks for; feed the results back; stop on an answer
 * or at `maxTurns`. The model is any function from the conversation to a reply (a Rig completion model, an HTTP
 * client, a test script).
 */
import { createToolbox } from 'code-index/tools';
import { createRigTools, type RigToolDefinition } from 'code-index/rig';

/** One turn of the conversation. */
export type Turn =
  | { role: 'user' | 'assistant'; text: string }
  | { role: 'tool'; name: string; output: unknown; error?: { code: string; message: string } };

/** What the model answers: a text, or tool calls. */
export type Reply = { text: string } | { calls: Array<{ name: string; args: unknown }> };

/** A completion model: the preamble, the tools and the conversation so far in, a reply out. */
export type CompletionModel = (request: { preamble: string; tools: RigToolDefinition[]; turns: Turn[] }) => Promise<Reply>;

/** Runs the loop on `prompt` over the code under `root`. */
export async function prompt(model: CompletionModel, root: string, text: string, maxTurns = 10): Promise<{ answer: string; turns: Turn[] }> {
  const toolbox = await createToolbox({ root, toolset: 'explainer' });
  try {
    const tools = createRigTools(toolbox);
    const definitions = await Promise.all(tools.map((tool) => tool.definition(text)));
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const turns: Turn[] = [{ role: 'user', text }];
    for (let turn = 0; turn < maxTurns; turn++) {
      const reply = await model({ preamble: 'You explain code bases, citing the files you read.', tools: definitions, turns });
      if ('text' in reply) {
        turns.push({ role: 'assistant', text: reply.text });
        return { answer: reply.text, turns };
      }
      // Typed results: a failed call is an error value the model reads, never a thrown exception.
      const results = await Promise.all(
        reply.calls.map(async (call): Promise<Turn> => {
          const tool = byName.get(call.name);
          if (!tool) return { role: 'tool', name: call.name, output: null, error: { code: 'UNKNOWN_TOOL', message: `No tool ${call.name}` } };
          const result = await tool.call(call.args);
          return result.ok ? { role: 'tool', name: call.name, output: result.output } : { role: 'tool', name: call.name, output: null, error: result.error };
        }),
      );
      turns.push(...results);
    }
    return { answer: 'MAX_ITERATIONS: no answer within the turn budget', turns };
  } finally {
    toolbox.close();
  }
}
