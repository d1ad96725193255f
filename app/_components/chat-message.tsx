/**
 * What one side of a conversation said: the person's message or the agent's answer (the
 * Playground's conversation and a stored run's page show them alike).
 */
export function ChatMessage({ side, text }: { side: 'user' | 'assistant'; text: string }) {
  return (
    <p
      className={
        side === 'user'
          ? 'rounded-md bg-accent px-3 py-2 text-sm text-white'
          : 'whitespace-pre-wrap rounded-md border border-slate-200 bg-white px-3 py-2 text-sm'
      }
    >
      <span className="sr-only">{side === 'user' ? 'You: ' : 'Agent: '}</span>
      {text}
    </p>
  );
}
