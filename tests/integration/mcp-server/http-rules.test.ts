/**
 * The HTTP side of POST /api/mcp over real HTTP: stateless (every other method, GET and DELETE
 * too, is the API's 405 `method_not_allowed` with `Allow: POST`), the app's body rules still
 * apply, and the SDK transport's own checks answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool } from '@/lib/tools';
import { serveTestStudio, type ServedStudio } from './fixture';

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Set by `wait-for-abort` when its call's signal fires. */
let abortedReason: unknown;

const tools = {
  'say-hello': createTool({ id: 'say-hello', description: 'Greets', execute: () => 'hello' }),
  'slow-answer': createTool({
    id: 'slow-answer',
    description: 'Answers after a while, unless its call is aborted',
    execute: async (_input, { abortSignal }) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { aborted: abortSignal.aborted };
    },
  }),
  'wait-for-abort': createTool({
    id: 'wait-for-abort',
    description: 'Waits until its call is aborted',
    execute: (_input, { abortSignal }) =>
      new Promise<string>((_resolve, reject) => {
        abortSignal.addEventListener('abort', () => {
          abortedReason = abortSignal.reason;
          reject(abortSignal.reason);
        });
      }),
  }),
};

describe('POST /api/mcp HTTP rules', () => {
  let served: ServedStudio;
  const post = (body: string, headers: Record<string, string> = mcpHeaders) =>
    fetch(new URL('/api/mcp', served.url), { method: 'POST', headers, body });

  beforeAll(async () => {
    served = await serveTestStudio({ tools, settings: { bodyLimitBytes: 4096 } });
  });
  afterAll(() => served?.stop());

  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])(
    'answers %s with 405 method_not_allowed and Allow: POST',
    async (method) => {
      const response = await fetch(new URL('/api/mcp', served.url), {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({
        error: {
          code: 'method_not_allowed',
          message: `/api/mcp does not answer ${method}; it answers POST.`,
          details: { allowed: ['POST'] },
        },
      });
    },
  );

  it('answers HEAD with 405 and Allow: POST', async () => {
    const response = await fetch(new URL('/api/mcp', served.url), { method: 'HEAD' });
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('answers initialize without a session id (stateless)', async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = await response.json();
    expect(body.result.serverInfo.name).toBe('agent-studio');
    expect(body.result.capabilities.tools).toBeDefined();
  });

  it('accepts a notification with 202 and no body', async () => {
    const response = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('answers a JSON-RPC batch', async () => {
    const response = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'say-hello', arguments: {} } },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<{ id: number; result: Record<string, unknown> }>;
    const byId = Object.fromEntries(body.map((message) => [message.id, message.result]));
    expect(byId[1]).toEqual({ content: [{ type: 'text', text: 'hello' }] });
    expect((byId[2]!.tools as unknown[]).length).toBe(3);
  });

  it('keeps the call alive while the client waits, and aborts it when the client goes away', async () => {
    const slow = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow-answer', arguments: {} } }),
    );
    expect((await slow.json()).result).toEqual({ content: [{ type: 'text', text: '{"aborted":false}' }] });

    const controller = new AbortController();
    const pending = fetch(new URL('/api/mcp', served.url), {
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'wait-for-abort', arguments: {} },
      }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow();
    await expect.poll(() => abortedReason, { timeout: 5_000 }).toBeDefined();
  });

  it('keeps the app body rules: malformed JSON is 400 invalid_input, an oversized body 413', async () => {
    const malformed = await post('{"jsonrpc":');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_input');

    const oversized = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { pad: 'x'.repeat(8000) } } }),
    );
    expect(oversized.status).toBe(413);
    expect((await oversized.json()).error.code).toBe('payload_too_large');
  });

  it('leaves the transport checks to the SDK: an empty body, a wrong content type, a missing Accept', async () => {
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe(-32700);

    const text = await post('tools/list', { 'content-type': 'text/plain', accept: mcpHeaders.accept });
    expect(text.status).toBe(415);

    const notAcceptable = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(notAcceptable.status).toBe(406);
  });
});
