import { describe, expect, it } from 'vitest';
import type { McpCallToolResult, McpElicitationAnswer, McpElicitationHandler } from '@/lib/mcp';
import { createElicitationWaits } from '@/lib/sources';

const question = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
};
const textResult = (text: string): McpCallToolResult => ({ content: [{ type: 'text', text }] });

/** A call that asks once, then answers with what it was told (as a server's tool would). */
function askingCall(seen: { signal?: AbortSignal }) {
  return async (onElicitation: McpElicitationHandler, signal: AbortSignal) => {
    seen.signal = signal;
    const answer: McpElicitationAnswer = await onElicitation(question, new AbortController().signal);
    return textResult(JSON.stringify(answer));
  };
}

describe('calls waiting for an elicitation answer', () => {
  it('a call that never asks just finishes', async () => {
    const waits = createElicitationWaits();
    const step = await waits.start({ key: 'run\u0000call', signal: undefined, call: async () => textResult('done') });
    expect(step).toEqual({ status: 'done', result: textResult('done') });
    expect(waits.answer({ key: 'run\u0000call', answer: { action: 'decline' }, signal: undefined })).toBeUndefined();
  });

  it('holds an asking call under its key until the answer, which the call then reads', async () => {
    const waits = createElicitationWaits();
    const step = await waits.start({ key: 'run-1\u0000call-1', signal: undefined, call: askingCall({}) });
    expect(step).toEqual({ status: 'asked', request: question });
    // Another run's key answers nothing.
    expect(
      waits.answer({ key: 'run-2\u0000call-1', answer: { action: 'decline' }, signal: undefined }),
    ).toBeUndefined();
    const answered = await waits.answer({
      key: 'run-1\u0000call-1',
      answer: { action: 'accept', content: { name: 'Ada' } },
      signal: undefined,
    });
    expect(answered).toEqual({ status: 'done', result: textResult('{"action":"accept","content":{"name":"Ada"}}') });
    // Answered once: a second answer finds nothing.
    expect(
      waits.answer({ key: 'run-1\u0000call-1', answer: { action: 'decline' }, signal: undefined }),
    ).toBeUndefined();
  });

  it('answers cancel and lets the question go when its signal aborts (the pool gave it up)', async () => {
    const waits = createElicitationWaits();
    const expiry = new AbortController();
    let settled: McpCallToolResult | undefined;
    await waits.start({
      key: 'k',
      signal: undefined,
      call: async (onElicitation) => {
        settled = textResult(JSON.stringify(await onElicitation(question, expiry.signal)));
        return settled;
      },
    });
    expiry.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual(textResult('{"action":"cancel"}'));
    expect(waits.answer({ key: 'k', answer: { action: 'decline' }, signal: undefined })).toBeUndefined();
  });

  it("a parked call outlives the request that started it; the answering request's abort stops it", async () => {
    const waits = createElicitationWaits();
    const first = new AbortController();
    const seen: { signal?: AbortSignal } = {};
    await waits.start({
      key: 'k',
      signal: first.signal,
      call: async (onElicitation, signal) => {
        seen.signal = signal;
        await onElicitation(question, new AbortController().signal);
        // The server goes on working until the call is stopped.
        return new Promise<McpCallToolResult>((_resolve, reject) => {
          if (signal.aborted) reject(signal.reason as Error);
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        });
      },
    });
    first.abort(new Error('the first request ended'));
    expect(seen.signal?.aborted).toBe(false);
    const second = new AbortController();
    const answering = waits.answer({ key: 'k', answer: { action: 'decline' }, signal: second.signal })!;
    second.abort(new Error('the answering request went away'));
    await expect(answering).rejects.toThrow('the answering request went away');
  });

  it('lets a parked call go when it ends meanwhile (its connection closed)', async () => {
    const waits = createElicitationWaits();
    let fail!: (error: Error) => void;
    await waits.start({
      key: 'k',
      signal: undefined,
      call: (onElicitation) =>
        new Promise<McpCallToolResult>((_resolve, reject) => {
          fail = reject;
          void onElicitation(question, new AbortController().signal);
        }),
    });
    fail(new Error('connection closed'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(waits.answer({ key: 'k', answer: { action: 'decline' }, signal: undefined })).toBeUndefined();
  });
});
