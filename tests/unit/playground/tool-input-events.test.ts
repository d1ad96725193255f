import { describe, expect, it } from 'vitest';
import { createToolInputAdapter, readRunEvents } from '@/lib/playground';
import type { RunChunk } from '@/lib/runtime';

const runId = 'run-1';
const chunk = (type: string, payload: Record<string, unknown>) => ({ type, runId, payload }) as RunChunk;

describe('the tool-input UI adapter', () => {
  it('maps input-streaming chunks to tool_input events with the arguments parsed while they arrive', () => {
    const adapter = createToolInputAdapter();
    const call = { toolCallId: 'c1', toolName: 'weather' };
    const events = [
      chunk('tool-call-input-streaming-start', call),
      chunk('tool-call-delta', { ...call, argsTextDelta: '{"city":"Os' }),
      chunk('tool-call-delta', { ...call, argsTextDelta: 'lo","days":[1,' }),
      chunk('tool-call-delta', { ...call, argsTextDelta: '2]}' }),
      chunk('tool-call-input-streaming-end', call),
    ].flatMap((item) => adapter.push(item));
    expect(events).toEqual([
      { type: 'tool_input_start', toolCallId: 'c1', toolName: 'weather' },
      {
        type: 'tool_input_delta',
        toolCallId: 'c1',
        toolName: 'weather',
        delta: '{"city":"Os',
        partialInput: { city: 'Os' },
      },
      {
        type: 'tool_input_delta',
        toolCallId: 'c1',
        toolName: 'weather',
        delta: 'lo","days":[1,',
        partialInput: { city: 'Oslo', days: [1] },
      },
      {
        type: 'tool_input_delta',
        toolCallId: 'c1',
        toolName: 'weather',
        delta: '2]}',
        partialInput: { city: 'Oslo', days: [1, 2] },
      },
      { type: 'tool_input_end', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo', days: [1, 2] } },
    ]);
  });

  it('keeps interleaved calls apart, shows shaped deltas as they are, and passes other chunks through', () => {
    const adapter = createToolInputAdapter();
    const first = { toolCallId: 'a', toolName: 'one' };
    const second = { toolCallId: 'b', toolName: 'two' };
    adapter.push(chunk('tool-call-input-streaming-start', first));
    adapter.push(chunk('tool-call-input-streaming-start', second));
    adapter.push(chunk('tool-call-delta', { ...first, argsTextDelta: '{"x":1' }));
    const shaped = adapter.push(chunk('tool-call-delta', { ...second, argsTextDelta: { preview: 'redacted' } }));
    expect(shaped[0]).toMatchObject({ toolCallId: 'b', partialInput: { preview: 'redacted' } });
    expect(adapter.push(chunk('tool-call-input-streaming-end', first))[0]).toMatchObject({ input: { x: 1 } });
    const text = chunk('text-delta', { text: 'hi' });
    expect(adapter.push(text)).toEqual([{ type: 'chunk', chunk: text }]);
  });
});

describe('reading a run stream', () => {
  it('turns Server-Sent Events back into chunks, across arbitrary byte boundaries', async () => {
    const chunks = [
      chunk('start', { runId }),
      chunk('text-delta', { text: 'é ✓' }),
      chunk('finish', { status: 'finished' }),
    ];
    const text = chunks.map((item) => `event: ${item.type}\ndata: ${JSON.stringify(item)}\n\n`).join('');
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < bytes.length; index += 7) controller.enqueue(bytes.slice(index, index + 7));
        controller.close();
      },
    });
    const read: RunChunk[] = [];
    for await (const item of readRunEvents(body)) read.push(item);
    expect(read).toEqual(chunks);
  });
});
