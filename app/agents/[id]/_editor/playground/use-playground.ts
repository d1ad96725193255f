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
import { streamRunEvents, type RunRequest } from './run-stream';

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

  const stream = useCallback(async (request: RunRequest) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const outcome = await streamRunEvents({
      request,
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
      return stream({
        operationId: 'streamAgent',
        params: { id: agentId },
        body: {
          messages,
          requestContext,
          ...(version === 'unsaved' && draft
            ? { draft }
            : { selector: { status: version === 'published' ? version : 'draft' } }),
        },
      });
    },
    [agentId, stream],
  );

  /** Continues the paused run with the request made for its id (nothing without a run). */
  const continueWith = useCallback(
    (requestFor: (runId: string) => RunRequest) => {
      const runId = current.current.run?.runId;
      if (!runId) return Promise.resolve();
      const request = requestFor(runId);
      setConversation((state) =>
        continueRun(request.operationId === 'declineRun' ? markDeclined(state, request.body.toolCallId) : state),
      );
      return stream(request);
    },
    [stream],
  );

  return {
    conversation,
    send,
    approve: (toolCallId: string) =>
      continueWith((runId) => ({ operationId: 'approveRun', params: { runId }, body: { toolCallId } })),
    decline: (toolCallId: string) =>
      continueWith((runId) => ({ operationId: 'declineRun', params: { runId }, body: { toolCallId } })),
    resume: (toolCallId: string, resumeData: unknown) =>
      continueWith((runId) => ({ operationId: 'resumeRun', params: { runId }, body: { toolCallId, resumeData } })),
    stop: () => controller.current?.abort(),
    reset: () => {
      controller.current?.abort();
      setConversation(emptyConversation);
    },
  };
}
