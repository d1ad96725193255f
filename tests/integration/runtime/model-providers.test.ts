/**
 * Model providers saved in Settings: admin-only routes, bad input named by path, keys encrypted at
 * rest and never answered (not by the routes, the audit log or a deployment export), and a saved key
 * and base URL used by the next run without a restart: a fake OpenAI-compatible server on 127.0.0.1
 * answers the chat completions call of a generate run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAndPublish, createTestStudio, onPostgres, sqliteFile } from '../../support/studio';

const plantedKey = 'sk-planted-provider-key-5d1e';
const received: Array<{ path: string; authorization: string | undefined; model: unknown }> = [];

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** The stream options of each streamed request the fake server got. */
const streamOptions: unknown[] = [];

/**
 * A streamed answer as OpenAI's API gives it: the text, then the end, then the tokens only when the
 * request asked for them (`stream_options.include_usage`), as vLLM and OpenAI do.
 */
function streamedAnswer(body: Record<string, unknown>): string {
  const chunk = (fields: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: 'chunk', object: 'chat.completion.chunk', created: 1, model: body.model, ...fields })}\n\n`;
  const askedForUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  return [
    chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Streamed hello.' }, finish_reason: null }] }),
    chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    askedForUsage ? chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 } }) : '',
    'data: [DONE]\n\n',
  ].join('');
}

/** A chat completions server as local model servers speak it, JSON and streamed. */
const provider = createServer((request, response) => {
  void bodyOf(request).then((body) => {
    if (body.stream === true) {
      streamOptions.push(body.stream_options);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(streamedAnswer(body));
      return;
    }
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, model: body.model });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'completion-1',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: 'Hello from the local server.' }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
      }),
    );
  });
});

let test: Awaited<ReturnType<typeof createTestStudio>>;
let baseUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  test = await createTestStudio();
});
afterAll(async () => {
  await test.cleanup();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

const put = (body: unknown) => call(test.studio, 'PUT', '/api/settings/model-providers', body);
const providerNamed = (items: Array<{ name: string }>, name: string) => items.find((item) => item.name === name);

describe('the model provider routes', () => {
  it('lists every built-in provider without a key when nothing is set', async () => {
    const { status, body } = await call(test.studio, 'GET', '/api/settings/model-providers');
    expect(status).toBe(200);
    expect(body.items.map((item: { name: string }) => item.name)).toEqual([
      'openai',
      'anthropic',
      'google',
      'xai',
      'compatible',
    ]);
    expect(providerNamed(body.items, 'openai')).toEqual({
      name: 'openai',
      label: 'OpenAI',
      keySet: false,
      keySource: null,
      baseUrl: null,
      baseUrlSource: null,
      takesBaseUrl: true,
      configured: false,
      source: 'none',
    });
  });

  it('answers 400 naming the field for a bad base URL, a key with clearKey, and an unknown provider', async () => {
    const cases: Array<[unknown, string]> = [
      [{ providers: { compatible: { baseUrl: 'ftp://127.0.0.1/v1' } } }, 'providers.compatible.baseUrl'],
      [{ providers: { compatible: { baseUrl: 'http://169.254.169.254/v1' } } }, 'providers.compatible.baseUrl'],
      [{ providers: { compatible: { baseUrl: 'http://user:secret@127.0.0.1/v1' } } }, 'providers.compatible.baseUrl'],
      [{ providers: { anthropic: { baseUrl: 'https://example.com' } } }, 'providers.anthropic.baseUrl'],
      [{ providers: { openai: { apiKey: 'sk-x', clearKey: true } } }, 'providers.openai.clearKey'],
      [{ providers: { openai: { apiKey: '' } } }, 'providers.openai.apiKey'],
      [{ providers: { mystery: { apiKey: 'sk-x' } } }, 'providers.mystery'],
    ];
    for (const [body, path] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const paths = (answer.body.error.details.issues as Array<{ path: string }>).map((issue) => issue.path);
      expect(paths, JSON.stringify(body)).toContain(path);
    }
    const metadata = await put({ providers: { compatible: { baseUrl: 'http://169.254.169.254/v1' } } });
    expect(metadata.body.error.details.issues[0].message).toMatch(/metadata address/);
  });
});

describe('a key and base URL saved in Settings', () => {
  it('is used by the next run, with no restart, and never answered', async () => {
    await createAndPublish(test.studio, {
      id: 'local-model',
      name: 'Local model',
      model: 'compatible/llama3.1',
      instructions: 'Answer briefly.',
    });
    const before = await call(test.studio, 'POST', '/api/agents/local-model/generate', { prompt: 'Hi' });
    expect(before.status).toBe(503);
    expect(before.body.error.code).toBe('model_not_configured');

    const saved = await put({ providers: { compatible: { apiKey: plantedKey, baseUrl } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(providerNamed(saved.body.items, 'compatible')).toMatchObject({
      keySet: true,
      keySource: 'stored',
      baseUrl,
      baseUrlSource: 'stored',
      configured: true,
      source: 'stored',
    });

    const run = await call(test.studio, 'POST', '/api/agents/local-model/generate', { prompt: 'Hi' });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ status: 'finished', text: 'Hello from the local server.' });
    expect(received).toEqual([
      { path: '/v1/chat/completions', authorization: `Bearer ${plantedKey}`, model: 'llama3.1' },
    ]);

    const listed = await call(test.studio, 'GET', '/api/settings/model-providers');
    const audit = await call(test.studio, 'GET', '/api/audit?action=model_provider.save');
    expect(audit.body.items[0]).toMatchObject({
      action: 'model_provider.save',
      entity: 'model_provider',
      entityId: 'compatible',
      details: { key: 'saved', baseUrl },
    });
    const exported = await call(test.studio, 'POST', '/api/deployment/export', {});
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    for (const answer of [saved, listed, audit, exported, run])
      expect(JSON.stringify(answer.body)).not.toContain(plantedKey);
  });

  it("asks a compatible server for a streamed run's tokens, and keeps them with the run", async () => {
    const streamed = await test.studio.api.request('/api/agents/local-model/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toContain('Streamed hello.');
    expect(streamOptions).toEqual([{ include_usage: true }]);
    const runs = await call(test.studio, 'GET', '/api/runs?agentId=local-model&limit=1');
    expect(runs.body.items[0]).toMatchObject({ status: 'finished', usage: { inputTokens: 3, outputTokens: 5 } });
  });

  it('keeps the key encrypted in the database file', () => {
    if (onPostgres) return;
    // The write-ahead log holds recent writes until a checkpoint: both files are read.
    const file = sqliteFile(test);
    const bytes = Buffer.concat(
      [file, `${file}-wal`].filter((path) => existsSync(path)).map((path) => readFileSync(path)),
    );
    expect(bytes.includes(Buffer.from(plantedKey))).toBe(false);
    expect(bytes.includes(Buffer.from('enc:v2:'))).toBe(true);
  });

  it('stops the provider once its key and base URL are cleared, again without a restart', async () => {
    const cleared = await put({ providers: { compatible: { clearKey: true, baseUrl: null } } });
    expect(providerNamed(cleared.body.items, 'compatible')).toMatchObject({ keySet: false, configured: false });
    const run = await call(test.studio, 'POST', '/api/agents/local-model/generate', { prompt: 'Hi' });
    expect(run.body.error.code).toBe('model_not_configured');
    expect(received).toHaveLength(1);
  });
});

describe('a key in the environment', () => {
  it('shows as set from env, and a saved key takes its place', async () => {
    const environment = await createTestStudio({ settings: { modelKeys: { xai: 'xai-from-env' } } });
    try {
      const listed = await call(environment.studio, 'GET', '/api/settings/model-providers');
      expect(providerNamed(listed.body.items, 'xai')).toMatchObject({ keySet: true, keySource: 'env', source: 'env' });
      const saved = await call(environment.studio, 'PUT', '/api/settings/model-providers', {
        providers: { xai: { apiKey: 'xai-stored' } },
      });
      expect(providerNamed(saved.body.items, 'xai')).toMatchObject({ keySource: 'stored', source: 'stored' });
      expect(JSON.stringify(saved.body)).not.toMatch(/xai-from-env|xai-stored/);
    } finally {
      await environment.cleanup();
    }
  });
});
