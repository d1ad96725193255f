'use client';
/**
 * The Playground: chat with the latest saved version (the draft) or the published one, through the
 * same streaming run route applications use. Tool calls appear as their arguments stream; a call
 * that needs approval waits for Approve / Decline, one that asks a question for its answer form.
 */
import { useRef, useState } from 'react';
import { Button } from '../../../../_components/ui/button';
import { Note } from '../../../../_components/ui/card';
import { TextAreaField } from '../../../../_components/ui/field';
import { parseContext } from '../context-form';
import { addError, addUserMessage, applyEvent, emptyConversation, type Conversation } from './conversation';
import { streamRun, type StreamOutcome } from './run-stream';
import { ToolCallEntry } from './tool-call-entry';

type Target = 'draft' | 'published';

export function PlaygroundTab({
  agentId,
  latestVersionNumber,
  activeVersionNumber,
  dirty,
  announce,
}: {
  agentId: string;
  latestVersionNumber: number;
  activeVersionNumber: number | null;
  dirty: boolean;
  announce: (text: string) => void;
}) {
  const [target, setTarget] = useState<Target>('draft');
  const [message, setMessage] = useState('');
  const [contextText, setContextText] = useState('{}');
  const [contextError, setContextError] = useState<string | undefined>();
  const [conversation, setConversation] = useState<Conversation>(emptyConversation);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  /**
   * Streams one run or continuation into the conversation. A failure before it starts is added to
   * the conversation, or left to the caller (the answer form shows its own); a paused run it did
   * not get to continue stays paused.
   */
  async function drive(
    path: string,
    body: unknown,
    start: (current: Conversation) => Conversation,
    failuresShownBy: 'conversation' | 'caller' = 'conversation',
  ): Promise<StreamOutcome> {
    const controller = new AbortController();
    const pausedBefore = conversation.pausedRunId;
    running.current = controller;
    setBusy(true);
    setConversation((current) => ({ ...start(current), pausedRunId: undefined }));
    const outcome = await streamRun({
      path,
      body,
      signal: controller.signal,
      onEvent: (runId, event) => setConversation((current) => applyEvent(current, runId, event)),
    });
    running.current = null;
    setBusy(false);
    if (outcome.ok) {
      announce(controller.signal.aborted ? 'Run stopped' : 'Run updated');
      return outcome;
    }
    setConversation((current) => {
      const restored = { ...current, pausedRunId: pausedBefore };
      return failuresShownBy === 'conversation' ? addError(restored, outcome.message) : restored;
    });
    announce(`The run could not go on: ${outcome.message}`);
    return outcome;
  }

  async function send() {
    const text = message.trim();
    if (!text) return;
    const context = parseContext(contextText);
    if (!context.ok) return setContextError(context.message);
    setContextError(undefined);
    setMessage('');
    const withMessage = addUserMessage(conversation, text);
    await drive(
      `/api/agents/${encodeURIComponent(agentId)}/stream`,
      { messages: withMessage.history, requestContext: context.value, selector: { status: target } },
      () => withMessage,
    );
  }

  const continueRun = (runId: string, action: 'approve' | 'decline' | 'resume', body: unknown) =>
    drive(
      `/api/runs/${encodeURIComponent(runId)}/${action}`,
      body,
      (current) => current,
      action === 'resume' ? 'caller' : 'conversation',
    );

  const waiting = conversation.pausedRunId !== undefined;
  const published = activeVersionNumber !== null;

  return (
    <div className="flex flex-col gap-4">
      <Note>
        Chat with the agent as applications run it, with the model it names.
        {target === 'draft'
          ? ` The draft is the latest saved version (version ${latestVersionNumber}).${dirty ? ' You have unsaved changes: save them to chat with them.' : ''}`
          : ''}
      </Note>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-semibold">Chat with</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="playground-target"
            checked={target === 'draft'}
            onChange={() => setTarget('draft')}
          />
          Draft (version {latestVersionNumber})
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="playground-target"
            checked={target === 'published'}
            disabled={!published}
            onChange={() => setTarget('published')}
          />
          {published ? `Published (version ${activeVersionNumber})` : 'Published (nothing is published yet)'}
        </label>
      </fieldset>
      <ul aria-label="Conversation" className="flex flex-col gap-2">
        {conversation.entries.map((entry) => (
          <li key={entry.id} className={entry.kind === 'user' ? 'self-end' : ''}>
            {entry.kind === 'tool' ? (
              <ToolCallEntry
                entry={entry}
                busy={busy}
                onDecision={(decision) => void continueRun(entry.runId, decision, { toolCallId: entry.id })}
                onAnswer={(resumeData) => continueRun(entry.runId, 'resume', { toolCallId: entry.id, resumeData })}
              />
            ) : (
              <p
                className={
                  entry.kind === 'user'
                    ? 'rounded-md bg-blue-700 px-3 py-2 text-sm text-white'
                    : entry.kind === 'error'
                      ? 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-danger'
                      : 'whitespace-pre-wrap rounded-md border border-slate-200 bg-white px-3 py-2 text-sm'
                }
              >
                <span className="sr-only">
                  {entry.kind === 'user' ? 'You: ' : entry.kind === 'error' ? '' : 'Agent: '}
                </span>
                {entry.text}
              </p>
            )}
          </li>
        ))}
      </ul>
      {waiting ? <p className="text-sm text-slate-700">The run waits for your answer to the tool call above.</p> : null}
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <TextAreaField
          label="Message"
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !busy && !waiting) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <TextAreaField
          label="Request context"
          rows={3}
          value={contextText}
          error={contextError}
          hint="A JSON object; rules and tools read it."
          onChange={(event) => setContextText(event.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button variant="primary" disabled={busy || waiting} onClick={() => void send()}>
          Send
        </Button>
        {busy ? <Button onClick={() => running.current?.abort()}>Stop</Button> : null}
        {conversation.entries.length > 0 && !busy ? (
          <Button variant="ghost" onClick={() => setConversation(emptyConversation)}>
            New conversation
          </Button>
        ) : null}
      </div>
    </div>
  );
}
