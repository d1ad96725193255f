/**
 * A chat UI's conversation as a pure function of a run's UI events (the editor's Playground uses
 * it): what the person typed, the model's text as it streams, and each tool call with its
 * arguments (partial while they stream), whether it waits for approval or resume data, and its
 * result.
 */
import type { JsonSchema } from '../tools';
import type { RunIdentity } from '../runtime/run-types';
import type { UiEvent } from './tool-input-events';

export type ToolCallState =
  'streaming' | 'running' | 'awaiting-approval' | 'declined' | 'suspended' | 'done' | 'failed';

export interface ToolCallView {
  toolCallId: string;
  toolName: string;
  args: unknown;
  /** Whether `args` are final (the call arrived) or still being streamed. */
  argsComplete: boolean;
  state: ToolCallState;
  result?: unknown;
  isError?: boolean;
  error?: string;
  suspendPayload?: unknown;
  resumeSchema?: JsonSchema;
}

export type ChatItem =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'assistant'; id: string; text: string }
  | { kind: 'tool'; id: string; call: ToolCallView };

export type RunPhase = 'idle' | 'running' | 'paused' | 'finished' | 'failed';

export interface Conversation {
  items: ChatItem[];
  phase: RunPhase;
  /** The run the Playground is in (continuations go to it). */
  run?: RunIdentity;
  error?: ConversationError;
}

/**
 * Why a run failed; a refused input lists its problems by field path (`draft.tools`), and a model
 * whose provider has no key names the provider (`model_not_configured`).
 */
export interface ConversationError {
  code: string;
  message: string;
  issues?: Array<{ path: string; message: string }>;
  provider?: string;
}

export const emptyConversation: Conversation = { items: [], phase: 'idle' };

export function addUserMessage(conversation: Conversation, text: string): Conversation {
  return {
    items: [...conversation.items, { kind: 'user', id: `user-${conversation.items.length}`, text }],
    phase: 'running',
  };
}

/** A run or continuation that failed before it streamed anything (a plain JSON error). */
export function failRun(conversation: Conversation, error: ConversationError): Conversation {
  return {
    ...conversation,
    phase: conversation.run && error.code !== 'model_not_configured' ? 'paused' : 'failed',
    error,
  };
}

export function continueRun(conversation: Conversation): Conversation {
  const { error: _error, ...rest } = conversation;
  return { ...rest, phase: 'running' };
}

function updateCall(
  conversation: Conversation,
  toolCallId: string,
  toolName: string,
  change: (call: ToolCallView) => Partial<ToolCallView>,
): Conversation {
  const index = conversation.items.findIndex((item) => item.kind === 'tool' && item.call.toolCallId === toolCallId);
  if (index === -1) {
    const call: ToolCallView = { toolCallId, toolName, args: undefined, argsComplete: false, state: 'streaming' };
    const item: ChatItem = { kind: 'tool', id: `tool-${toolCallId}`, call: { ...call, ...change(call) } };
    return { ...conversation, items: [...conversation.items, item] };
  }
  const items = conversation.items.slice();
  const item = items[index] as Extract<ChatItem, { kind: 'tool' }>;
  items[index] = { ...item, call: { ...item.call, ...change(item.call) } };
  return { ...conversation, items };
}

function appendText(conversation: Conversation, text: string): Conversation {
  const last = conversation.items.at(-1);
  if (last?.kind === 'assistant') {
    return { ...conversation, items: [...conversation.items.slice(0, -1), { ...last, text: last.text + text }] };
  }
  const item: ChatItem = { kind: 'assistant', id: `assistant-${conversation.items.length}`, text };
  return { ...conversation, items: [...conversation.items, item] };
}

function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return typeof error === 'string' ? error : JSON.stringify(error);
}

export function applyEvent(conversation: Conversation, event: UiEvent): Conversation {
  switch (event.type) {
    case 'tool_input_start':
      return updateCall(conversation, event.toolCallId, event.toolName, () => ({ state: 'streaming' }));
    case 'tool_input_delta':
      return updateCall(conversation, event.toolCallId, event.toolName, () => ({ args: event.partialInput }));
    case 'tool_input_end':
      return updateCall(conversation, event.toolCallId, event.toolName, (call) => ({ args: event.input ?? call.args }));
  }
  const { chunk } = event;
  switch (chunk.type) {
    case 'start':
      return { ...conversation, run: chunk.payload, phase: 'running' };
    case 'text-delta':
      return appendText(conversation, chunk.payload.text);
    case 'tool-call':
      return updateCall(conversation, chunk.payload.toolCallId, chunk.payload.toolName, (call) => ({
        args: chunk.payload.args,
        argsComplete: true,
        state: call.state === 'awaiting-approval' ? call.state : 'running',
      }));
    case 'tool-call-approval':
      return updateCall(conversation, chunk.payload.toolCallId, chunk.payload.toolName, () => ({
        args: chunk.payload.args,
        argsComplete: true,
        state: 'awaiting-approval',
      }));
    case 'tool-call-suspended': {
      const { toolCallId, toolName, suspendPayload, resumeSchema } = chunk.payload;
      // A call that suspends without a resume schema keeps the one it had.
      return updateCall(conversation, toolCallId, toolName, (call) => ({
        state: 'suspended',
        suspendPayload,
        resumeSchema: resumeSchema || call.resumeSchema,
      }));
    }
    case 'tool-result': {
      const { toolCallId, toolName, result, isError } = chunk.payload;
      return updateCall(conversation, toolCallId, toolName, (call) => ({
        result,
        isError,
        state: call.state === 'declined' ? 'declined' : 'done',
      }));
    }
    case 'tool-error':
      return updateCall(conversation, chunk.payload.toolCallId, chunk.payload.toolName, () => ({
        state: 'failed',
        error: errorMessage(chunk.payload.error),
      }));
    case 'finish':
      return { ...conversation, phase: chunk.payload.status };
    case 'error':
      return { ...conversation, phase: 'failed', error: chunk.payload.error };
    default:
      return conversation;
  }
}

/** Marks a call the person declined, before the continuation's chunks arrive. */
export function markDeclined(conversation: Conversation, toolCallId: string): Conversation {
  const item = conversation.items.find((entry) => entry.kind === 'tool' && entry.call.toolCallId === toolCallId);
  if (item?.kind !== 'tool') return conversation;
  return updateCall(conversation, toolCallId, item.call.toolName, () => ({ state: 'declined' }));
}

/**
 * The conversation so far as model messages, for the next run: what was said on both sides. Tool
 * calls and their results stay with the run that made them, whose transcript keeps them.
 */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export function historyMessages(conversation: Conversation): HistoryMessage[] {
  return conversation.items.flatMap((item): HistoryMessage[] => {
    if (item.kind === 'user') return [{ role: 'user', content: item.text }];
    if (item.kind === 'assistant' && item.text !== '') return [{ role: 'assistant', content: item.text }];
    return [];
  });
}

export function pendingCalls(conversation: Conversation): ToolCallView[] {
  return conversation.items.flatMap((item) =>
    item.kind === 'tool' && (item.call.state === 'awaiting-approval' || item.call.state === 'suspended')
      ? [item.call]
      : [],
  );
}
