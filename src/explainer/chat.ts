/**
 * The Chat Completions wire format, as far as the Explainer speaks it: the messages, tool definitions and options it
 * sends, and the parts of a completion it reads. Field names and shapes are OpenAI's (`POST /chat/completions`), which
 * Ollama, LM Studio and vLLM implement too; anything the Explainer neither sends nor reads is left out.
 *
 * A completion is not validated beyond its `choices` array (see `ChatModel.complete`): the types say what a
 * conforming server sends, and the code that reads them still tolerates a missing field.
 *
 * @module
 */

/** The instructions the conversation starts with. */
export interface ChatSystemMessage {
  /** Always `system`. */
  role: 'system';
  /** The instructions. */
  content: string;
}

/** What the user asks (the question, or a request to answer now). */
export interface ChatUserMessage {
  /** Always `user`. */
  role: 'user';
  /** The text. */
  content: string;
}

/**
 * A tool call the model asks for. `arguments` is the model's JSON text, which may be malformed: it is parsed by the
 * caller, never trusted.
 */
export interface ChatToolCall {
  /** Matches the call to its result ({@link ChatToolMessage.tool_call_id}); some local servers leave it empty. */
  id: string;
  /** Always `function`. */
  type: 'function';
  /** The tool's name and its arguments as JSON text. */
  function: { name: string; arguments: string };
}

/**
 * The model's message: read from a completion's choice, and sent back in the history when it asked for tools (or
 * when its answer is quoted to ask again).
 */
export interface ChatAssistantMessage {
  /** Always `assistant`. */
  role: 'assistant';
  /** The text; `null` (or absent) when the model only asks for tools. */
  content?: string | null;
  /** The tools it asks for, if any. */
  tool_calls?: ChatToolCall[];
}

/** The result of one tool call, sent back to the model. */
export interface ChatToolMessage {
  /** Always `tool`. */
  role: 'tool';
  /** The {@link ChatToolCall.id} this answers. */
  tool_call_id: string;
  /** The result, as text (the tool runner's JSON). */
  content: string;
}

/** One message of a conversation. */
export type ChatMessage = ChatSystemMessage | ChatUserMessage | ChatAssistantMessage | ChatToolMessage;

/** A tool the model may call: a function with a JSON Schema of its arguments. */
export interface ChatTool {
  /** Always `function`. */
  type: 'function';
  /** The tool's name, its description for the model, the JSON Schema of its arguments and whether it is strict. */
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
}

/** Whether the model may call tools (`auto`), must not (`none`) or must call one (`required`). */
export type ChatToolChoice = 'auto' | 'none' | 'required';

/** Structured output: the reply must be JSON matching `schema` (strict: exactly, where the server supports it). */
export interface ChatResponseFormat {
  /** Always `json_schema`. */
  type: 'json_schema';
  /** The schema, with the name the server reports it under. */
  json_schema: { name: string; strict?: boolean; schema: Record<string, unknown> };
}

/** The body of `POST /chat/completions`. */
export interface ChatCompletionRequest {
  /** The model to answer. */
  model: string;
  /** The conversation so far. */
  messages: ChatMessage[];
  /** The tools the model may call. */
  tools?: ChatTool[];
  /** Whether it may call them. */
  tool_choice?: ChatToolChoice;
  /** The form the reply must take; servers without structured output refuse it with a 400 or 422. */
  response_format?: ChatResponseFormat;
}

/** Tokens a call used, as the server counts them (only logged). */
export interface ChatUsage {
  /** Tokens of the request. */
  prompt_tokens: number;
  /** Tokens of the reply. */
  completion_tokens: number;
  /** Both. */
  total_tokens: number;
}

/** One of a completion's answers; the Explainer asks for one and reads the first. */
export interface ChatChoice {
  /** The model's message. */
  message: ChatAssistantMessage;
  /** Why the model stopped: `stop`, `tool_calls`, `length`, `content_filter`, or a local server's own word. */
  finish_reason: string | null;
}

/** A `POST /chat/completions` response (not streamed). */
export interface ChatCompletion {
  /** The server's id of the completion. */
  id: string;
  /** The answers. */
  choices: ChatChoice[];
  /** Tokens used, when the server counts them. */
  usage?: ChatUsage;
}
