/**
 * Runs over Server-Sent Events: one typed chunk per event (`event: <chunk type>`, `data:` the chunk
 * as JSON), ending with `finish` or an `error` event whose data carries the API error shape. A run
 * that fails before it starts (unknown run, a call that is not pending, bad resume data, colliding
 * tool names) answers a plain JSON error with its status instead, since nothing was streamed yet.
 * A client that disconnects aborts the run through its signal.
 */
import type { Context } from 'hono';
import { runFailure, type AgentStream, type RunChunk } from '../runtime';
import { errorResponse } from './app';

export function wantsEventStream(context: Context): boolean {
  return (context.req.header('accept') ?? '').includes('text/event-stream');
}

/** Streams a run started by `run(abortSignal)`. */
export async function runEventStream(
  context: Context,
  run: (abortSignal: AbortSignal) => AgentStream,
): Promise<Response> {
  const disconnected = new AbortController();
  const requestSignal = context.req.raw.signal;
  const abort = () => disconnected.abort(new DOMException('The client disconnected.', 'AbortError'));
  requestSignal.addEventListener('abort', abort, { once: true });
  const stream = run(disconnected.signal);
  const reader = stream.fullStream.getReader();
  const first = await reader.read();
  if (first.done || first.value.type !== 'start') {
    requestSignal.removeEventListener('abort', abort);
    const failure = await stream.result.then(
      () => undefined,
      (error: unknown) => runFailure(error),
    );
    return errorResponse(context, failure ?? runFailure(new Error('The run ended before it started.')));
  }
  // The rest of the run goes through one transform, each chunk written as one event (JSON has no
  // line breaks, so the data fits one `data:` line). A client that goes away cancels the body, and
  // with it the run's stream, which aborts the run.
  reader.releaseLock();
  const encoder = new TextEncoder();
  const event = (chunk: RunChunk) => encoder.encode(`event: ${chunk.type}\ndata: ${JSON.stringify(chunk)}\n\n`);
  const body = stream.fullStream.pipeThrough(
    new TransformStream<RunChunk, Uint8Array>({
      start: (controller) => controller.enqueue(event(first.value)),
      transform: (chunk, controller) => controller.enqueue(event(chunk)),
      flush: () => requestSignal.removeEventListener('abort', abort),
    }),
  );
  // Through the context, so the headers its middleware set before the route ran are kept.
  return context.newResponse(body, 200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}
