/**
 * Reads a run's Server-Sent Events (the body of `POST /api/agents/:id/stream`, or of a continuation
 * asked for with `Accept: text/event-stream`) as typed chunks. Parsing is `eventsource-parser`'s;
 * this only turns each event's data back into the chunk. Works in the browser and in Node.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { RunChunk } from '../runtime/run-types';

export async function* readRunEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RunChunk> {
  // The DOM typings of TextDecoderStream accept any BufferSource, which pipeThrough cannot match.
  const decoder = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>;
  const events = body.pipeThrough(decoder).pipeThrough(new EventSourceParserStream());
  const reader = events.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield JSON.parse(value.data) as RunChunk;
    }
  } finally {
    reader.releaseLock();
  }
}
