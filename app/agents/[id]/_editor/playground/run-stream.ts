/**
 * Starts or continues a run over Server-Sent Events and hands each UI event to `onEvent` as it
 * arrives. A run that fails before it streams (no model key, nothing published, bad resume data)
 * answers plain JSON with the API's error shape, which comes back as the error.
 */
import { createToolInputAdapter, readRunEvents, type ConversationError, type UiEvent } from '@/lib/playground';
import { unreachableMessage, type OperationBody } from '../../../../_lib/api-fetch';
import { issuesOfBody } from '../../../../_lib/send-json';

/** What starts a run, or continues a paused one, as each operation's route takes it. */
export type RunRequestBody =
  OperationBody<'streamAgent'> | OperationBody<'approveRun'> | OperationBody<'declineRun'> | OperationBody<'resumeRun'>;

export type StreamOutcome = { ok: true } | { ok: false; error: ConversationError };

const unreachable = { code: 'unreachable', message: unreachableMessage };

export async function streamRunEvents({
  path,
  body,
  onEvent,
  signal,
}: {
  path: string;
  body: RunRequestBody;
  onEvent: (event: UiEvent) => void;
  signal: AbortSignal;
}): Promise<StreamOutcome> {
  let response: Response;
  try {
    response = await fetch(path, {
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
