/**
 * A stored run's transcript as a chat UI's conversation: the entries are replayed through the same
 * reducer as a live stream (`applyEvent`), so a run reads on the editor's run page as it read in
 * the Playground while it ran.
 */
import type { RunChunk, TranscriptEntry } from '../runtime/run-types';
import { applyEvent, markDeclined, type ChatItem, type Conversation } from './conversation';

/** The text of a user message's content (a string, or parts of which the text ones are read). */
function userText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

/** The stream chunk an entry stands for; undefined for entries that change nothing shown. */
function chunkOf(entry: TranscriptEntry, runId: string): RunChunk | undefined {
  switch (entry.type) {
    case 'text':
      return { runId, type: 'text-delta', payload: { text: entry.text } };
    case 'tool-call':
    case 'tool-call-approval': {
      const { toolCallId, toolName, args } = entry;
      return { runId, type: entry.type, payload: { toolCallId, toolName, args } };
    }
    case 'tool-call-suspended': {
      const { toolCallId, toolName, suspendPayload } = entry;
      return { runId, type: 'tool-call-suspended', payload: { toolCallId, toolName, suspendPayload } };
    }
    case 'tool-result': {
      const { toolCallId, toolName, result, isError } = entry;
      return { runId, type: 'tool-result', payload: { toolCallId, toolName, result, isError } };
    }
    default:
      return undefined;
  }
}

function addEntry(conversation: Conversation, entry: TranscriptEntry, runId: string): Conversation {
  if (entry.type === 'user') {
    const item: ChatItem = { kind: 'user', id: `user-${conversation.items.length}`, text: userText(entry.content) };
    return { ...conversation, items: [...conversation.items, item] };
  }
  if (entry.type === 'tool-call-decision' && entry.decision === 'declined')
    return markDeclined(conversation, entry.toolCallId);
  const chunk = chunkOf(entry, runId);
  return chunk ? applyEvent(conversation, { type: 'chunk', chunk }) : conversation;
}

export function conversationOfTranscript(transcript: ReadonlyArray<TranscriptEntry>, runId: string): ChatItem[] {
  const start: Conversation = { items: [], phase: 'idle' };
  return transcript.reduce((conversation, entry) => addEntry(conversation, entry, runId), start).items;
}
