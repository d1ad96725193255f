/**
 * Starts or continues a run over Server-Sent Events and hands each UI event to `onEvent` as it
 * arrives. A run that fails before it streams (no model key, nothing published, bad resume data)
 * answers plain JSON with the API's error shape, which comes back as the error.
 */
import { operationPath, StudioApiError, type OperationParams } from '@/lib/client';
import { createToolInputAdapter, readRunEvents, type ConversationError, type UiEvent } from '@/lib/playground';
import { unreachableMessage, type OperationBody } from '../../../../_lib/api-fetch';

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
    const refusal = await StudioApiError.fromResponse(response).catch(() => undefined);
    return { ok: false, error: refusal ? refusalOf(refusal) : unreachable };
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

/** A refused run in the conversation's words: the API's code and message, its issues and the provider it names. */
function refusalOf(error: StudioApiError): ConversationError {
  const provider = error.details?.provider;
  return {
    code: error.code,
    message: error.message,
    issues: error.issues.length > 0 ? error.issues : undefined,
    provider: typeof provider === 'string' ? provider : undefined,
  };
}
