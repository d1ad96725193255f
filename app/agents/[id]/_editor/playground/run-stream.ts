/**
 * Starts or continues a run over the studio's API and hands each UI event to the caller as it
 * arrives. A failure before the run starts (no model key, a bad body) comes back as the API's own
 * message, which says what to do.
 */
import { createToolInputAdapter, readRunEvents, type UiEvent } from '@/lib/playground';

export type StreamOutcome = { ok: true } | { ok: false; message: string };

export async function streamRun({
  path,
  body,
  signal,
  onEvent,
}: {
  path: string;
  body: unknown;
  signal: AbortSignal;
  onEvent: (runId: string, event: UiEvent) => void;
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
    if (signal.aborted) return { ok: true };
    return { ok: false, message: 'The studio could not be reached. Check that it is running, then try again.' };
  }
  if (!response.ok || !response.body) {
    const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, message: json?.error?.message ?? `The server answered ${response.status}.` };
  }
  const adapter = createToolInputAdapter();
  try {
    for await (const chunk of readRunEvents(response.body)) {
      for (const event of adapter.push(chunk)) onEvent(chunk.runId, event);
    }
  } catch {
    if (signal.aborted) return { ok: true };
    return { ok: false, message: 'The stream broke off before the run finished. Send the message again.' };
  }
  return { ok: true };
}
