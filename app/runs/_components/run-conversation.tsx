import { conversationOfTranscript } from '@/lib/playground';
import { ChatMessage } from '../../_components/chat-message';
import { ToolCallCard } from '../../_components/tool-call/tool-call-card';
import type { RunDetail } from '../_data/runs';

/** What was said in the run, shown as the Playground shows a conversation (its tool calls read-only). */
export function RunConversation({ run }: { run: Pick<RunDetail, 'runId' | 'transcript'> }) {
  const items = conversationOfTranscript(run.transcript, run.runId);
  if (items.length === 0) return <p className="text-sm text-slate-700">Nothing was said.</p>;
  return (
    <ol aria-label="Conversation" className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.id} className={item.kind === 'user' ? 'self-end' : ''}>
          {item.kind === 'tool' ? <ToolCallCard call={item.call} /> : <ChatMessage side={item.kind} text={item.text} />}
        </li>
      ))}
    </ol>
  );
}
