'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addUserMessage,
  applyEvent,
  continueRun,
  emptyConversation,
  failRun,
  historyMessages,
  markDeclined,
  type Conversation,
} from '@/lib/playground';
import type { UnsavedDraft } from '../unsaved-draft';
import { streamRunEvents, type RunRequestBody } from './run-stream';

/** `draft`: the latest saved version; `unsaved`: the form's unsaved changes, run without saving them. */
export type PlaygroundVersion = 'draft' | 'published' | 'unsaved';

/**
 * The Playground's state and its actions: send a message (a new run of the chosen version or of the
 * unsaved draft, with the conversation so far), approve, decline or resume a paused call of the current run, stop, start
 * over. Leaving the page aborts a streaming run, as closing any client of the stream does.
 */
export function usePlayground(agentId: string) {
  const [conversation, setConversation] = useState<Conversation>(emptyConversation);
  const current = useRef(conversation);
  current.current = conversation;
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const stream = useCallback(async (path: string, body: RunRequestBody) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const outcome = await streamRunEvents({
      path,
      body,
      signal: abort.signal,
      onEvent: (event) => setConversation((state) => applyEvent(state, event)),
    });
    if (!outcome.ok) setConversation((state) => failRun(state, outcome.error));
    else if (abort.signal.aborted) setConversation((state) => ({ ...state, phase: 'finished' }));
    if (controller.current === abort) controller.current = null;
  }, []);

  const send = useCallback(
    (
      text: string,
      {
        version,
        requestContext,
        draft,
      }: {
        version: PlaygroundVersion;
        requestContext: Record<string, unknown>;
        /** The unsaved draft `unsaved` runs. */
        draft?: UnsavedDraft | null;
      },
    ) => {
      const messages = [...historyMessages(current.current), { role: 'user', content: text }];
      setConversation((state) => addUserMessage(state, text));
      return stream(`/api/agents/${encodeURIComponent(agentId)}/stream`, {
        messages,
        requestContext,
        ...(version === 'unsaved' && draft
          ? { draft }
          : { selector: { status: version === 'published' ? version : 'draft' } }),
      });
    },
    [agentId, stream],
  );

  const continueWith = useCallback(
    (action: 'approve' | 'decline' | 'resume', body: { toolCallId: string; resumeData?: unknown }) => {
      const runId = current.current.run?.runId;
      if (!runId) return Promise.resolve();
      setConversation((state) => continueRun(action === 'decline' ? markDeclined(state, body.toolCallId) : state));
      return stream(`/api/runs/${encodeURIComponent(runId)}/${action}`, body);
    },
    [stream],
  );

  return {
    conversation,
    send,
    approve: (toolCallId: string) => continueWith('approve', { toolCallId }),
    decline: (toolCallId: string) => continueWith('decline', { toolCallId }),
    resume: (toolCallId: string, resumeData: unknown) => continueWith('resume', { toolCallId, resumeData }),
    stop: () => controller.current?.abort(),
    reset: () => {
      controller.current?.abort();
      setConversation(emptyConversation);
    },
  };
}
