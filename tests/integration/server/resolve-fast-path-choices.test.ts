/**
 * Which requests the direct resolve path takes, which it replays through the app, and which it
 * leaves alone (resolve-fast-path.test.ts compares its answers with the app's byte for byte).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { createResolveFastPath, type ApiApp } from '@/lib/api';
import { silentLogger } from '@/lib/logger';

const studio = await createStudio({ database: { url: ':memory:' }, logger: silentLogger, settings: { mode: 'test' } });
let replays = 0;
let admitted = true;
const countingApi = {
  fetch: (...args: Parameters<ApiApp['fetch']>) => {
    replays += 1;
    return studio.api.fetch(...args);
  },
} as ApiApp;
const fastPath = createResolveFastPath({
  api: countingApi,
  runtime: studio.runtime,
  bodyLimitBytes: 1_000,
  admits: () => admitted,
  headers: [
    ['X-Frame-Options', 'DENY'],
    ['X-Test', 'api'],
  ],
});
let server: Server;
let base: string;

beforeAll(async () => {
  await studio.editor.agents.create({ id: 'helper', name: 'Helper', model: 'openai/gpt-4o', instructions: 'Help.' });
  await studio.editor.agents.publish({ id: 'helper', versionNumber: 1 });
  server = createServer((request, response) => {
    if (fastPath.handle(request, response)) return;
    response.statusCode = 299;
    response.end('left to the app');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await studio.close();
});

async function post(path: string, body: string, contentType = 'application/json') {
  replays = 0;
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return {
    status: response.status,
    text: await response.text(),
    replays,
    marked: response.headers.get('x-test') === 'api' && response.headers.get('x-frame-options') === 'DENY',
  };
}

/** Sends the body in separate writes, so the server reads it in more than one chunk. */
function postInPieces(path: string, pieces: string[]) {
  const length = pieces.reduce((total, piece) => total + Buffer.byteLength(piece), 0);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': length } },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.flushHeaders();
    let index = 0;
    const next = () => {
      if (index === pieces.length) return void outgoing.end();
      outgoing.write(pieces[index++], () => setTimeout(next, 5));
    };
    next();
  });
}

describe('the direct resolve path', () => {
  it('answers a well-formed request itself, without the app', async () => {
    const answer = await post('/api/agents/helper/resolve', '{"requestContext":{"tier":"pro"}}');
    expect(answer).toMatchObject({ status: 200, replays: 0, marked: true });
    expect(JSON.parse(answer.text)).toMatchObject({ agentId: 'helper', versionNumber: 1, instructions: 'Help.' });
  });

  it('reads a body that arrives in several chunks', async () => {
    const answer = await postInPieces('/api/agents/helper/resolve', ['{"requestCon', 'text":{"tier":', '"pro"}}']);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ agentId: 'helper', instructions: 'Help.' });
  });

  it('answers what the app answers while contexts change the instructions, past the answers it keeps', async () => {
    await studio.editor.agents.create({
      id: 'greeter',
      name: 'Greeter',
      model: 'openai/gpt-4o',
      instructions: 'Greet {{user.name}}.',
    });
    await studio.editor.agents.publish({ id: 'greeter', versionNumber: 1 });
    const names = ['Ada', 'Grace', 'Ada', ...Array.from({ length: 12 }, (_, index) => `User ${index}`), 'Ada', 'Grace'];
    for (const name of names) {
      const body = JSON.stringify({ requestContext: { user: { name } } });
      const direct = await post('/api/agents/greeter/resolve', body);
      expect(direct).toMatchObject({ status: 200, replays: 0 });
      expect(JSON.parse(direct.text).instructions).toBe(`Greet ${name}.`);
      const fromApp = await studio.api.request('/api/agents/greeter/resolve', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(direct.text).toBe(await fromApp.text());
    }
  });

  it('replays bad bodies and unknown agents through the app, which words the error', async () => {
    expect(await post('/api/agents/helper/resolve', '{"requestContext":')).toMatchObject({
      status: 400,
      replays: 1,
      marked: true,
    });
    expect(await post('/api/agents/helper/resolve', '{"extra":1}')).toMatchObject({ status: 400, replays: 1 });
    expect(await post('/api/agents/nobody/resolve', '{}')).toMatchObject({ status: 404, replays: 1 });
  });

  it('leaves other requests untouched', async () => {
    expect(await post('/api/agents/helper/resolve', '{}', 'text/plain')).toMatchObject({
      status: 299,
      replays: 0,
      marked: false,
    });
    expect(await post('/api/agents/helper/resolve?x=1', '{}')).toMatchObject({ status: 299 });
    expect(await post('/api/agents/helper/versions', '{}')).toMatchObject({ status: 299 });
    expect(await post('/api/agents/helper/resolve', `{"requestContext":{"a":"${'x'.repeat(2_000)}"}}`)).toMatchObject({
      status: 299,
    });
    admitted = false;
    expect(await post('/api/agents/helper/resolve', '{}')).toMatchObject({ status: 299, replays: 0 });
    admitted = true;
  });
});
