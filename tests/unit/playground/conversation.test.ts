/**
 * The Playground's conversation as a function of the run's UI events: streamed text joins one
 * answer, a call's arguments grow while they stream, pauses and results land on the right call.
 */
import { describe, expect, it } from 'vitest';
import {
  addUserMessage,
  applyEvent,
  emptyConversation,
  failRun,
  historyMessages,
  markDeclined,
  pendingCalls,
  type Conversation,
  createToolInputAdapter,
  type RunChunk,
} from '@/lib/playground';

const runId = 'run-1';
const identity = { runId, agentId: 'a', versionId: 'v', versionNumber: 2, resolvedToolsHash: 'h' };

function play(conversation: Conversation, chunks: Array<Omit<RunChunk, 'runId'>>): Conversation {
  const adapter = createToolInputAdapter();
  return chunks
    .flatMap((chunk) => adapter.push({ ...chunk, runId } as RunChunk))
    .reduce((state, event) => applyEvent(state, event), conversation);
}

describe('the Playground conversation', () => {
  it('joins text deltas into one answer and shows partial arguments while they stream', () => {
    let state = addUserMessage(emptyConversation, 'Refund A-17');
    state = play(state, [
      { type: 'start', payload: identity },
      { type: 'text-delta', payload: { text: 'Let me ' } },
      { type: 'text-delta', payload: { text: 'check.' } },
      { type: 'tool-call-input-streaming-start', payload: { toolCallId: 'c1', toolName: 'refund' } },
      { type: 'tool-call-delta', payload: { toolCallId: 'c1', toolName: 'refund', argsTextDelta: '{"orderId":"A-' } },
    ]);
    expect(state.items.map((item) => item.kind)).toEqual(['user', 'assistant', 'tool']);
    expect(state.items[1]).toMatchObject({ text: 'Let me check.' });
    expect(state.items[2]).toMatchObject({
      call: { args: { orderId: 'A-' }, argsComplete: false, state: 'streaming' },
    });
    expect(state.run).toEqual(identity);

    state = play(state, [
      { type: 'tool-call-delta', payload: { toolCallId: 'c1', toolName: 'refund', argsTextDelta: '17"}' } },
      { type: 'tool-call-input-streaming-end', payload: { toolCallId: 'c1', toolName: 'refund' } },
      { type: 'tool-call', payload: { toolCallId: 'c1', toolName: 'refund', args: { orderId: 'A-17' } } },
      { type: 'tool-call-approval', payload: { toolCallId: 'c1', toolName: 'refund', args: { orderId: 'A-17' } } },
      { type: 'finish', payload: { status: 'paused' } as never },
    ]);
    expect(state.phase).toBe('paused');
    expect(pendingCalls(state).map((call) => [call.toolCallId, call.state])).toEqual([['c1', 'awaiting-approval']]);

    state = play(markDeclined(state, 'c1'), [
      { type: 'start', payload: identity },
      {
        type: 'tool-result',
        payload: {
          toolCallId: 'c1',
          toolName: 'refund',
          result: 'Tool call was not approved by the user',
          isError: false,
        },
      },
      { type: 'text-delta', payload: { text: 'Not refunded.' } },
      { type: 'finish', payload: { status: 'finished' } as never },
    ]);
    expect(state.items[2]).toMatchObject({ call: { state: 'declined' } });
    expect(state.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Not refunded.' });
    expect(historyMessages(state)).toEqual([
      { role: 'user', content: 'Refund A-17' },
      { role: 'assistant', content: 'Let me check.' },
      { role: 'assistant', content: 'Not refunded.' },
    ]);
  });

  it('keeps a suspended call with its question and schema, and records tool errors on their call', () => {
    const state = play(addUserMessage(emptyConversation, 'Book'), [
      { type: 'start', payload: identity },
      { type: 'tool-call', payload: { toolCallId: 'c1', toolName: 'book', args: {} } },
      { type: 'tool-call', payload: { toolCallId: 'c2', toolName: 'weather', args: {} } },
      {
        type: 'tool-call-suspended',
        payload: {
          toolCallId: 'c1',
          toolName: 'book',
          suspendPayload: { q: 'Nights?' },
          resumeSchema: { type: 'object' },
        },
      },
      { type: 'tool-error', payload: { toolCallId: 'c2', toolName: 'weather', error: { message: 'down' } } },
    ]);
    expect(state.items[1]).toMatchObject({
      call: { state: 'suspended', suspendPayload: { q: 'Nights?' }, resumeSchema: { type: 'object' } },
    });
    expect(state.items[2]).toMatchObject({ call: { state: 'failed', error: 'down' } });
  });

  it('fails a run that could not start, and keeps a paused run waiting when its continuation is refused', () => {
    const refused = failRun(addUserMessage(emptyConversation, 'Hi'), {
      code: 'model_not_configured',
      message: 'Set OPENAI_API_KEY to run openai/gpt-4o.',
    });
    expect(refused).toMatchObject({ phase: 'failed', error: { code: 'model_not_configured' } });
    const paused = play(addUserMessage(emptyConversation, 'Book'), [{ type: 'start', payload: identity }]);
    expect(failRun(paused, { code: 'invalid_input', message: 'bad' }).phase).toBe('paused');
  });
});
