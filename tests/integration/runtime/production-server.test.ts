/**
 * Runs through the production server (dist/server.js started with the test configuration, which
 * registers the prompt-scripted model `test/scripted`), read by real HTTP clients.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readRunEvents } from '@/lib/playground';
import type { RunChunk } from '@/lib/runtime';
import { parseEventStream } from './fixture';

const url = inject('serverUrl');
const agentId = `server-run-${randomUUID().slice(0, 8)}`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  const created = await post('/api/agents', {
    id: agentId,
    name: 'Server runner',
    model: 'test/scripted',
    instructions: 'Convert units when asked.',
    tools: { 'convert-units': {} },
  });
  expect(created.status).toBe(201);
  expect((await post(`/api/agents/${agentId}/versions/1/publish`, {})).status).toBe(200);
});

describe('agent runs through the production server', () => {
  it('generates with the scripted model from the test configuration, running a real tool', async () => {
    const response = await post(`/api/agents/${agentId}/generate`, {
      prompt: 'Convert please [[call convert-units {"value":10,"from":"km","to":"mi"}]]',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'finished', agentId, versionNumber: 1 });
    expect(body.toolCalls).toEqual([
      { toolCallId: expect.any(String), toolName: 'convert-units', args: { value: 10, from: 'km', to: 'mi' } },
    ]);
    expect(body.toolResults[0]).toMatchObject({ toolName: 'convert-units', isError: false });
    expect(body.text).toMatch(/^Tool results: convert-units -> \{.*6\.21/);
  });

  it('frames the stream as Server-Sent Events, one typed chunk per event, read by a raw HTTP client', async () => {
    const raw = await new Promise<{ status: number; contentType: string; text: string }>((resolve, reject) => {
      const target = new URL(`${url}/api/agents/${agentId}/stream`);
      const outgoing = request(
        target,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (text += chunk));
          incoming.on('end', () =>
            resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type']), text }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify({ prompt: 'Hello there, server' }));
    });
    expect(raw.status).toBe(200);
    expect(raw.contentType).toMatch(/^text\/event-stream/);
    expect(raw.text.startsWith('event: start\ndata: {"type":"start","runId":')).toBe(true);
    expect(raw.text.endsWith('\n\n')).toBe(true);
    const events = parseEventStream(raw.text);
    expect(events.map((event) => event.event)).toEqual([
      'start',
      ...Array(Math.ceil('You said: Hello there, server'.length / 6)).fill('text-delta'),
      'step-finish',
      'finish',
    ]);
    const text = events
      .filter((event) => event.event === 'text-delta')
      .map((event) => (event.data.payload as { text: string }).text)
      .join('');
    expect(text).toBe('You said: Hello there, server');
    expect(events.at(-1)!.data).toMatchObject({ type: 'finish', payload: { status: 'finished' } });
  });

  it('reads the same stream with the playground reader and shows approvals, then continues by toolCallId', async () => {
    const response = await post(`/api/agents/${agentId}/stream`, {
      prompt: 'Pick one [[call pickColor {"palette":"warm"}]]',
      clientTools: { pickColor: { description: 'Asks the user for a color' } },
    });
    const chunks: RunChunk[] = [];
    for await (const chunk of readRunEvents(response.body!)) chunks.push(chunk);
    const finish = chunks.at(-1)!;
    expect(finish).toMatchObject({ type: 'finish', payload: { status: 'paused', pending: [{ kind: 'client' }] } });
    // The server's scripted model numbers calls across every test using it: take the id from the run.
    const toolCallId = (finish.payload as { pending: Array<{ toolCallId: string }> }).pending[0]!.toolCallId;
    const done = await post(
      `/api/runs/${finish.runId}/tool-results`,
      { results: [{ toolCallId, output: { color: 'amber' } }] },
      { accept: 'text/event-stream' },
    );
    expect(done.status, await done.clone().text()).toBe(200);
    const continued: RunChunk[] = [];
    for await (const chunk of readRunEvents(done.body!)) continued.push(chunk);
    expect(continued.at(-1)).toMatchObject({
      type: 'finish',
      payload: { status: 'finished', text: 'Tool results: pickColor -> {"color":"amber"}' },
    });
  });

  it('aborts the run through its signal when the client disconnects', async () => {
    const response = await post(`/api/agents/${agentId}/stream`, {
      prompt: `[[delay 200]] ${'a long answer '.repeat(20)}`,
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const runId = /"runId":"([^"]+)"/.exec(first)![1]!;
    await reader.cancel();
    let status = '';
    for (let attempt = 0; attempt < 50 && status !== 'aborted'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = ((await (await fetch(`${url}/api/runs/${runId}`)).json()) as { status: string }).status;
    }
    expect(status).toBe('aborted');
  });

  it('answers model_not_configured naming the variable through the server', async () => {
    const id = `${agentId}-keyless`;
    await post('/api/agents', { id, name: 'Keyless', model: 'anthropic/claude-sonnet-4-5', instructions: 'x' });
    await post(`/api/agents/${id}/versions/1/publish`, {});
    const response = await post(`/api/agents/${id}/stream`, { prompt: 'Hi' });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatchObject({
      code: 'model_not_configured',
      message: 'Set ANTHROPIC_API_KEY to run anthropic/claude-sonnet-4-5.',
    });
  });
});
