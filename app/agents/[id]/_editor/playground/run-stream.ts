/**
 * Starts or continues a run over Server-Sent Events and hands each UI event to `onEvent` as it
 * arrives. A run that fails before it streams (no model key, nothing published, bad resume data)
 * answers plain JSON with the API's error shape, which comes back as the error.
 */
import { operationPath, type OperationParams } from '@/lib/client';
import { createToolInputAdapter, readRunEvents, type ConversationError, type UiEvent } from '@/lib/playground';
import { unreachableMessage, type OperationBody } from '../../../../_lib/api-fetch';
import { issuesOfBody } from '../../../../_lib/send-json';

/** The operations that start a run or continue a paused one; each answers the run's events when asked. */
type StreamedOperationId = 'streamAgent' | 'approveRun' | 'declineRun' | 'resumeRun';

/** One request of a streamed operation: its path parameters and body as its route takes them. */
export type RunRequest = {
  [Id in StreamedOperationId]: { operationId: Id; params: OperationParams<Id>; body: OperationBody<Id> };
}[StreamedOperationId];

export type StreamOutcome = { ok: true } | { ok: false; error: ConversationError };

const unreachable = { code: 'unreachable', message: unreachableMessage };

export async function streamRunEvents({
  request: { operationId, params, body },
  onEvent,
  signal,
}: {
  request: RunRequest;
  onEvent: (event: UiEvent) => void;
  signal: AbortSignal;
}): Promise<StreamOutcome> {
  let response: Response;
  try {
    response = await fetch(operationPath(operationId, params), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    return { ok: false, error: unreachable };
  }
  const isEventStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!response.ok || !isEventStream || !response.body) {
    const json = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string; details?: { provider?: unknown } };
    } | null;
    const issues = issuesOfBody(json);
    const provider = json?.error?.details?.provider;
    return {
      ok: false,
      error: {
        code: json?.error?.code ?? 'internal_error',
        message: json?.error?.message ?? `The server answered ${response.status}.`,
        ...(issues ? { issues } : {}),
        ...(typeof provider === 'string' ? { provider } : {}),
      },
    };
  }
  const adapter = createToolInputAdapter();
  try {
    for await (const chunk of readRunEvents(response.body)) for (const event of adapter.push(chunk)) onEvent(event);
  } catch (error) {
    if (signal.aborted) return { ok: true };
    return { ok: false, error: { code: 'stream_interrupted', message: `The stream broke off: ${String(error)}` } };
  }
  return { ok: true };
}
