/** A stored run's transcript replayed as the conversation a chat UI shows (the editor's run page). */
import { describe, expect, it } from 'vitest';
import { conversationOfTranscript } from '@/lib/playground';

describe('a stored transcript as the Playground shows a conversation', () => {
  it('replays messages and tool calls: approved, declined and still waiting', () => {
    const items = conversationOfTranscript(
      [
        { type: 'user', content: [{ type: 'text', text: 'Refund both' }] },
        { type: 'tool-call-approval', toolCallId: 'c1', toolName: 'refund', args: { id: 1 } },
        { type: 'tool-call-approval', toolCallId: 'c2', toolName: 'refund', args: { id: 2 } },
        { type: 'tool-call-approval', toolCallId: 'c3', toolName: 'refund', args: { id: 3 } },
        { type: 'tool-call-decision', toolCallId: 'c1', toolName: 'refund', decision: 'approved' },
        { type: 'tool-result', toolCallId: 'c1', toolName: 'refund', result: { ok: true }, isError: false },
        { type: 'tool-call-decision', toolCallId: 'c2', toolName: 'refund', decision: 'declined' },
        { type: 'text', text: 'Refunded one.' },
      ],
      'run-1',
    );
    expect(
      items.map((item) => (item.kind === 'tool' ? `${item.call.toolCallId} ${item.call.state}` : item.text)),
    ).toEqual(['Refund both', 'c1 done', 'c2 declined', 'c3 awaiting-approval', 'Refunded one.']);
  });
});
