/**
 * `POST /api/agents/:id/resolve` through the production server takes a direct path around the API
 * app (lib/api/resolve-fast-path.ts). Its answers must be the app's, byte for byte: the same request
 * with a query string (`?`), which the direct path never takes, goes through the app, and the two
 * answers are compared for good requests and for every kind of bad one.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const url = inject('serverUrl');
const agentId = 'fast-path-agent';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so headers and body are exactly what the server wrote. */
function send(path: string, body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { date: _date, ...rest } = response.headers;
          resolve({ status: response.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function bothWays(id: string, body: string, headers: Record<string, string> = {}) {
  const direct = await send(`/api/agents/${id}/resolve`, body, headers);
  const throughApp = await send(`/api/agents/${id}/resolve?`, body, headers);
  return { direct, throughApp };
}

beforeAll(async () => {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post('/api/agents', {
    id: agentId,
    name: 'Fast path',
    model: 'openai/gpt-4o',
    instructions: [
      { type: 'text', content: 'Help {{user.name || "someone"}}.' },
      {
        type: 'prompt_block',
        content: 'Pro tier.',
        rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
      },
    ],
    tools: [
      { value: { 'convert-units': {} } },
      {
        value: { 'world-time': { description: 'Time for pros' } },
        rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] },
      },
    ],
  });
  expect(created.status).toBe(201);
  expect((await post(`/api/agents/${agentId}/versions/1/publish`, {})).status).toBe(200);
});

describe('the direct resolve path', () => {
  it.each([
    ['no context', {}],
    ['a free user', { requestContext: { tier: 'free', user: { name: 'Ada' } } }],
    ['a pro user', { requestContext: { tier: 'pro', user: { name: 'Grace' } } }],
    ['the draft', { requestContext: { tier: 'pro' }, selector: { status: 'draft' } }],
    ['a version number', { selector: { versionNumber: 1 }, resourceId: 'customer-7' }],
  ])('answers %s byte for byte as the app does', async (_case, body) => {
    const { direct, throughApp } = await bothWays(agentId, JSON.stringify(body));
    expect(direct.status).toBe(200);
    expect(direct).toEqual(throughApp);
    expect(JSON.parse(direct.body)).toMatchObject({ agentId, versionNumber: 1 });
  });

  it.each([
    ['an empty body', agentId, ''],
    ['broken JSON', agentId, '{"requestContext": '],
    ['an unknown field', agentId, '{"requestContxt": {}}'],
    ['a context that is not an object', agentId, '{"requestContext": [1, 2]}'],
    ['JSON nested too deep', agentId, `{"requestContext": {"a": ${'['.repeat(200)}${']'.repeat(200)}}}`],
    ['an unknown agent', 'no-such-agent', '{}'],
    ['an unknown label', agentId, '{"selector": {"label": "nope"}}'],
    ['a draft beside a selector', agentId, '{"draft": {"baseVersionNumber": 1}, "selector": {"versionNumber": 1}}'],
    ['a draft a save refuses', agentId, '{"draft": {"baseVersionNumber": 1, "model": 4}}'],
  ])('answers %s exactly as the app does', async (_case, id, body) => {
    const { direct, throughApp } = await bothWays(id, body);
    expect(direct).toEqual(throughApp);
  });

  it('leaves a draft to the app, and keeps answering the published version as before', async () => {
    const published = await bothWays(agentId, '{}');
    const draft = { baseVersionNumber: 1, instructions: 'Draft wording.', tools: { 'search-knowledge-base': {} } };
    const { direct, throughApp } = await bothWays(agentId, JSON.stringify({ draft }));
    expect(direct.status).toBe(200);
    expect(direct).toEqual(throughApp);
    expect(JSON.parse(direct.body)).toMatchObject({ versionNumber: null, draft: true, instructions: 'Draft wording.' });
    expect(await bothWays(agentId, '{}')).toEqual(published);
  });

  it('leaves other content types and cross-site requests to the app', async () => {
    const text = await bothWays(agentId, '{}', { 'content-type': 'text/plain' });
    expect(text.direct).toEqual(text.throughApp);
    expect(text.direct.status).toBeGreaterThanOrEqual(400);
    const crossSite = await bothWays(agentId, '{}', {
      origin: 'https://attacker.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.direct).toEqual(crossSite.throughApp);
  });
});
