/**
 * The Playground's conversation as a list of entries, folded from the UI events of a run's stream
 * (`lib/playground`): user messages, the assistant's text as it streams, and each tool call with
 * its arguments as they arrive, then its approval request, question, result or error. Pure, so the
 * tab only feeds it events.
 */
import type { UiEvent } from '@/lib/playground';

export type ToolCallState = 'streaming' | 'called' | 'awaiting-approval' | 'awaiting-answer' | 'done' | 'failed';

export type Entry =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'assistant'; id: string; text: string }
  | {
      kind: 'tool';
      id: string;
      runId: string;
      toolName: string;
      args: unknown;
      state: ToolCallState;
      result?: unknown;
      isError?: boolean;
      question?: unknown;
      resumeSchema?: Record<string, unknown>;
    }
  | { kind: 'error'; id: string; text: string };

export interface Conversation {
  entries: Entry[];
  /** The messages sent with the next turn: user messages and the assistant's final answers. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** The run that is paused waiting for an answer, if any. */
  pausedRunId?: string;
}

export const emptyConversation: Conversation = { entries: [], history: [] };

let counter = 0;
const nextId = () => `entry-${(counter += 1)}`;

export function addUserMessage(conversation: Conversation, text: string): Conversation {
  return {
    entries: [...conversation.entries, { kind: 'user', id: nextId(), text }],
    history: [...conversation.history, { role: 'user', content: text }],
  };
}

export function addError(conversation: Conversation, text: string): Conversation {
  return { ...conversation, entries: [...conversation.entries, { kind: 'error', id: nextId(), text }] };
}

function updateTool(
  entries: Entry[],
  toolCallId: string,
  update: (entry: Extract<Entry, { kind: 'tool' }>) => Partial<Extract<Entry, { kind: 'tool' }>>,
): Entry[] {
  return entries.map((entry) =>
    entry.kind === 'tool' && entry.id === toolCallId ? { ...entry, ...update(entry) } : entry,
  );
}

function ensureTool(entries: Entry[], runId: string, toolCallId: string, toolName: string, args: unknown): Entry[] {
  if (entries.some((entry) => entry.kind === 'tool' && entry.id === toolCallId)) return entries;
  return [...entries, { kind: 'tool', id: toolCallId, runId, toolName, args, state: 'streaming' }];
}

/** One UI event of the run `runId` applied to the conversation. */
export function applyEvent(conversation: Conversation, runId: string, event: UiEvent): Conversation {
  const { entries } = conversation;
  switch (event.type) {
    case 'tool_input_start':
      return { ...conversation, entries: ensureTool(entries, runId, event.toolCallId, event.toolName, undefined) };
    case 'tool_input_delta':
      return {
        ...conversation,
        entries: updateTool(
          ensureTool(entries, runId, event.toolCallId, event.toolName, undefined),
          event.toolCallId,
          () => ({ args: event.partialInput }),
        ),
      };
    case 'tool_input_end':
      return { ...conversation, entries: updateTool(entries, event.toolCallId, () => ({ args: event.input })) };
    case 'chunk':
      return applyChunk(conversation, runId, event.chunk);
  }
}

function applyChunk(
  conversation: Conversation,
  runId: string,
  chunk: Extract<UiEvent, { type: 'chunk' }>['chunk'],
): Conversation {
  const { entries } = conversation;
  switch (chunk.type) {
    case 'text-delta': {
      const last = entries.at(-1);
      if (last?.kind === 'assistant')
        return {
          ...conversation,
          entries: [...entries.slice(0, -1), { ...last, text: last.text + chunk.payload.text }],
        };
      return {
        ...conversation,
        entries: [...entries, { kind: 'assistant' as const, id: nextId(), text: chunk.payload.text }],
      };
    }
    case 'tool-call': {
      const { toolCallId, toolName, args } = chunk.payload;
      const withCall = ensureTool(entries, runId, toolCallId, toolName, args);
      return { ...conversation, entries: updateTool(withCall, toolCallId, () => ({ args, state: 'called' })) };
    }
    case 'tool-call-approval':
      return {
        ...conversation,
        entries: updateTool(
          ensureTool(entries, runId, chunk.payload.toolCallId, chunk.payload.toolName, chunk.payload.args),
          chunk.payload.toolCallId,
          () => ({ state: 'awaiting-approval', runId }),
        ),
      };
    case 'tool-call-suspended':
      return {
        ...conversation,
        entries: updateTool(
          ensureTool(entries, runId, chunk.payload.toolCallId, chunk.payload.toolName, undefined),
          chunk.payload.toolCallId,
          () => ({
            state: 'awaiting-answer',
            runId,
            question: chunk.payload.suspendPayload,
            ...(chunk.payload.resumeSchema
              ? { resumeSchema: chunk.payload.resumeSchema as Record<string, unknown> }
              : {}),
          }),
        ),
      };
    case 'tool-result':
      return {
        ...conversation,
        entries: updateTool(entries, chunk.payload.toolCallId, () => ({
          state: chunk.payload.isError ? 'failed' : 'done',
          result: chunk.payload.result,
          isError: chunk.payload.isError,
        })),
      };
    case 'tool-error':
      return {
        ...conversation,
        entries: updateTool(entries, chunk.payload.toolCallId, () => ({
          state: 'failed',
          result: chunk.payload.error,
          isError: true,
        })),
      };
    case 'finish': {
      const paused = chunk.payload.status === 'paused';
      const history = paused
        ? conversation.history
        : [...conversation.history, { role: 'assistant' as const, content: chunk.payload.text }];
      return { entries, history, ...(paused ? { pausedRunId: runId } : {}) };
    }
    case 'error':
      return {
        ...addError(conversation, `The run failed: ${chunk.payload.error.message}`),
        pausedRunId: undefined,
      };
    default:
      return conversation;
  }
}
