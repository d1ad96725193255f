/**
 * PURE: a test case's input and recording taken from a run's stored messages (the conversation as
 * the model saw it). The messages, not the transcript or the recorded steps, because a replay must
 * answer the model's real calls: a call's arguments are the model's own (display transforms would
 * change them, so they could never equal a replayed call's), and a result is what the model read
 * (`toModelOutput` applied; a tool source's secrets were already redacted before the model saw it).
 *
 * The run's input is every message up to its last user message (a run appends only assistant and
 * tool messages); a single user message of plain text is a `prompt`. The recording is every tool
 * call after the input with its result, and the answer is the text of the last assistant message.
 */
import type { Expectation, RecordedToolCall, TestCaseInput } from '../schemas';

/** A stored message as this reads it (a `ModelMessage` of the AI SDK). */
export interface StoredMessage {
  role: string;
  content: unknown;
}

interface Part {
  type?: unknown;
  text?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  input?: unknown;
  output?: unknown;
  providerExecuted?: unknown;
}

export interface RunConversation {
  input: TestCaseInput;
  toolCalls: RecordedToolCall[];
  answer: string;
}

const partsOf = (message: StoredMessage): Part[] => (Array.isArray(message.content) ? (message.content as Part[]) : []);

/** A result as the model read it, and whether it was an error. */
function resultOf(output: unknown): { result: unknown; isError: boolean } {
  if (typeof output !== 'object' || output === null) return { result: output ?? null, isError: false };
  const { type, value } = output as { type?: unknown; value?: unknown };
  if (type === 'json' || type === 'text') return { result: value ?? null, isError: false };
  if (type === 'error-json' || type === 'error-text') return { result: value ?? null, isError: true };
  // Other kinds (content parts, a declined call) are kept whole.
  return { result: output, isError: type === 'execution-denied' };
}

function inputOf(messages: StoredMessage[]): TestCaseInput {
  const [only] = messages;
  if (messages.length === 1 && only!.role === 'user' && typeof only!.content === 'string' && only!.content !== '')
    return { prompt: only!.content };
  return { messages: messages.map((message) => structuredClone(message) as unknown as Record<string, unknown>) };
}

function answerOf(messages: StoredMessage[]): string {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return '';
  if (typeof last.content === 'string') return last.content;
  return partsOf(last)
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('');
}

export function conversationOfRun(messages: readonly StoredMessage[]): RunConversation {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const given = messages.slice(0, lastUser + 1);
  const after = messages.slice(lastUser + 1);
  const results = new Map<string, { result: unknown; isError: boolean }>();
  for (const message of after)
    if (message.role === 'tool')
      for (const part of partsOf(message))
        if (part.type === 'tool-result' && typeof part.toolCallId === 'string')
          results.set(part.toolCallId, resultOf(part.output));
  const toolCalls: RecordedToolCall[] = [];
  for (const message of after)
    if (message.role === 'assistant')
      for (const part of partsOf(message))
        if (part.type === 'tool-call' && part.providerExecuted !== true && typeof part.toolName === 'string') {
          const answered = results.get(String(part.toolCallId)) ?? { result: null, isError: false };
          toolCalls.push({ toolName: part.toolName, args: part.input ?? {}, ...answered });
        }
  return { input: inputOf(given), toolCalls, answer: answerOf(after) };
}

/**
 * What a case saved from a run expects at first: each tool it called, in the order first called,
 * and no tool it did not call. The person edits them afterwards.
 */
export function defaultExpectations(toolCalls: readonly RecordedToolCall[]): Expectation[] {
  const tools = [...new Set(toolCalls.map((call) => call.toolName))];
  return [...tools.map((tool): Expectation => ({ type: 'toolCalled', tool })), { type: 'onlyTools', tools }];
}
