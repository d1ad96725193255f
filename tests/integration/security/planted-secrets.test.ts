/**
 * Plants secret values everywhere secrets go (a stdio server's env, credentials in an HTTP MCP URL,
 * an integration token, the caller's auth token), drives every route that touches them, including
 * failures of servers that echo what they were sent and agent runs that call those tools, and then
 * looks for the values in every API response, every log line, every export, every error and the
 * database file. None may appear.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@/lib/logger';
import { everythingServerPath, testStdioAllowedCommands } from '../../support/mcp';
import { createScriptedModel } from '../../support/scripted-model';
import { createTestStudio, jsonRequest, sqliteFile, sqliteHandle } from '../../support/studio';
import { startEchoServer } from '../integrations/echo-server';

const secrets = {
  env: 'planted-env-secret-7f3a9c',
  urlPassword: 'planted-url-password-5b21',
  urlKey: 'planted-query-key-c0ffee',
  integrationToken: 'planted-integration-token-9d8e',
  callerToken: 'planted-request-token-aa11',
};
const planted = Object.values(secrets);

const seenByServers: string[] = [];
const transcript: string[] = [];
const logLines: string[] = [];
let context: Awaited<ReturnType<typeof createTestStudio>>;
let hostile: Server;
let hostileUrl: string;
let echo: Awaited<ReturnType<typeof startEchoServer>>;

/** An "MCP server" that fails every request with a body quoting everything it was sent. */
async function startHostileServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const quoted = `${request.method} ${request.url} ${JSON.stringify(request.headers)}`;
    seenByServers.push(quoted);
    request.resume();
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(`upstream exploded while handling: ${quoted}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await context.studio.api.request(
    path,
    body === undefined ? { method, headers } : jsonRequest(method, body, headers),
  );
  const text = await response.text();
  transcript.push(`${method} ${path} -> ${response.status} ${JSON.stringify([...response.headers])} ${text}`);
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** An agent using the planted client's tools and the echo integration, published. */
async function publishAgentUsingSecrets({ id, model }: { id: string; model: string }) {
  await send('POST', '/api/agents', {
    id,
    name: id,
    model,
    instructions: 'Help.',
    mcpClients: { planted: { tools: {} } },
    integrationTools: { echo: { tools: { whoami: {} } } },
  });
  await send('POST', `/api/agents/${id}/versions/1/publish`, {});
}

const openApiDocument = (url: string) => ({
  openapi: '3.0.3',
  info: { title: 'Echo', version: '1' },
  servers: [{ url }],
  paths: {
    '/whoami': { get: { operationId: 'whoami', responses: { '200': { description: 'ok' } } } },
  },
});

beforeAll(async () => {
  hostile = await startHostileServer();
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  echo = await startEchoServer();
  context = await createTestStudio({
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000 } },
    // Runs call the integration and the MCP tool, then answer.
    models: {
      'test/scripted': createScriptedModel({
        respond: (_call, callIndex) =>
          callIndex % 2 === 0
            ? {
                toolCalls: [
                  { toolName: 'whoami', input: {} },
                  { toolName: 'local_echo', input: { message: 'hi' } },
                ],
              }
            : { text: 'Done.' },
      }),
    },
  });
}, 60_000);
afterAll(async () => {
  await context?.cleanup();
  await new Promise((resolve) => hostile?.close(resolve));
  await echo?.close();
});

describe('planted secrets', () => {
  it('never appear in responses, logs, exports or errors, though the servers received them', async () => {
    const servers = {
      local: {
        type: 'stdio',
        command: process.execPath,
        args: [everythingServerPath, 'stdio'],
        env: { API_KEY: secrets.env },
      },
      remote: {
        type: 'http',
        url: `http://agent:${secrets.urlPassword}@${hostileUrl.slice('http://'.length)}/mcp?api_key=${secrets.urlKey}&region=eu`,
        timeout: 5_000,
      },
    };
    expect((await send('POST', '/api/mcp-clients', { id: 'planted', name: 'Planted', servers })).status).toBe(201);
    const shown = (await send('GET', '/api/mcp-clients/planted')).body.version.servers;
    expect(shown.local.env.API_KEY).toBe(`••••${secrets.env.slice(-4)}`);
    expect(shown.remote.url).toBe(
      `http://••••:••••${secrets.urlPassword.slice(-4)}@${hostileUrl.slice(7)}/mcp?api_key=••••${secrets.urlKey.slice(-4)}&region=eu`,
    );
    await send('GET', '/api/mcp-clients');
    await send('GET', '/api/mcp-clients/planted/versions');

    // Sending the masks back keeps the secrets; a new name makes a version 2.
    const renamed = await send('PATCH', '/api/mcp-clients/planted', { name: 'Planted again', servers: shown });
    expect(renamed.status).toBe(200);
    const kept = await context.studio.editor.mcpClients.getLatestWithSecrets('planted');
    expect(kept?.snapshot.servers.local).toMatchObject({ env: { API_KEY: secrets.env } });
    expect(kept?.snapshot.servers.remote).toMatchObject({ url: servers.remote.url });

    // The masked secret with a new destination asks for the secret again.
    const elsewhere = await send('PATCH', '/api/mcp-clients/planted', {
      servers: { ...shown, remote: { ...shown.remote, url: shown.remote.url.replace('127.0.0.1', 'localhost') } },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.details.issues).toEqual([
      { path: 'servers.remote.url', message: expect.stringMatching(/enter its credentials again/) },
    ]);
    const otherArguments = await send('PATCH', '/api/mcp-clients/planted', {
      servers: { ...shown, local: { ...shown.local, args: [everythingServerPath, 'stdio', '--verbose'] } },
    });
    expect(otherArguments.status).toBe(400);
    expect(otherArguments.body.error.details.issues).toEqual([
      { path: 'servers.local.env.API_KEY', message: expect.stringMatching(/enter this secret again/) },
    ]);

    expect((await send('POST', '/api/mcp-clients/planted/versions/1/restore')).status).toBe(201);
    const exported = await send('GET', '/api/mcp-clients/planted/export');
    expect(exported.body.omittedSecrets.length).toBeGreaterThan(0);
    await send('GET', '/api/mcp-clients/planted/export', undefined, { 'x-secrets-key': 'another-deployment-key-0001' });

    // Without a caller token the URL's user and password go as Basic auth; with one, the token does.
    await send('POST', '/api/mcp-clients/planted/test', {});
    const tested = await send('POST', '/api/mcp-clients/planted/test', {
      requestContext: { mastra__authToken: secrets.callerToken },
    });
    expect(tested.body.servers.local.ok).toBe(true);
    expect(tested.body.servers.remote).toMatchObject({ ok: false });

    const integration = await send('PUT', '/api/integrations/echo', {
      type: 'openapi',
      document: openApiDocument(echo.url),
      credentials: { type: 'bearer', token: secrets.integrationToken },
    });
    expect(integration.status).toBe(201);
    await send('GET', '/api/integrations/echo');
    await send('GET', '/api/integrations');

    await publishAgentUsingSecrets({ id: 'uses-secrets', model: 'openai/gpt-4o-mini' });
    const requestContext = { mastra__authToken: secrets.callerToken };
    const resolved = await send('POST', '/api/agents/uses-secrets/resolve', { requestContext });
    expect(resolved.status).toBe(200);
    expect(resolved.body.warnings.length).toBeGreaterThan(0); // the hostile server failed
    const executed = await send('POST', '/api/agents/uses-secrets/tools/whoami/execute', { input: {}, requestContext });
    expect(executed.body.isError).toBe(false);
    await send('POST', '/api/agents/uses-secrets/tools/local_echo/execute', {
      input: { message: 'hi' },
      requestContext,
    });
    await send('GET', '/api/audit');
    await send('GET', '/api/agents/uses-secrets/export');

    // Runs: tool results and the caller's token are stored with the run; the run is read back.
    await publishAgentUsingSecrets({ id: 'runs-with-secrets', model: 'test/scripted' });
    const generated = await send('POST', '/api/agents/runs-with-secrets/generate', { prompt: 'Go.', requestContext });
    expect(generated.body).toMatchObject({ status: 'finished', text: 'Done.' });
    expect(generated.body.toolResults).toHaveLength(2);
    await send('GET', `/api/runs/${generated.body.runId}`);
    const streamed = await context.studio.api.request(
      '/api/agents/runs-with-secrets/stream',
      jsonRequest('POST', { prompt: 'Go again.', requestContext }),
    );
    const events = await streamed.text();
    transcript.push(`POST /api/agents/runs-with-secrets/stream -> ${streamed.status} ${events}`);
    expect(events).toMatch(/event: finish/);

    // The servers did get the secrets: a leak would have something to leak.
    const received = [...seenByServers, ...echo.seen.map((request) => JSON.stringify(request.headers))].join('\n');
    expect(received).toContain(secrets.urlKey);
    expect(received).toContain(Buffer.from(`agent:${secrets.urlPassword}`).toString('base64'));
    expect(received).toContain(secrets.callerToken);
    expect(received).toContain(secrets.integrationToken);

    const everything = [...transcript, ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const value of planted) expect(everything, value).not.toContain(value);
    for (const value of planted) expect(readFileSync(sqliteFile(context)).includes(value), value).toBe(false);
  });

  it('shows an undecryptable secret masked and marked unreadable, never its ciphertext or another value', async () => {
    // A ciphertext moved from one version row to another no longer decrypts there.
    const rows = sqliteHandle(context.studio)
      .sqlite.prepare(
        "SELECT id, snapshot FROM mcp_client_versions WHERE client_id = 'planted' ORDER BY version_number",
      )
      .all() as Array<{ id: string; snapshot: string }>;
    const first = JSON.parse(rows[0]!.snapshot);
    const last = JSON.parse(rows[rows.length - 1]!.snapshot);
    last.servers.local.env.API_KEY = first.servers.local.env.API_KEY;
    const tampered = rows[rows.length - 1]!;
    // The reader caches decrypted versions by id: a fresh studio on the same file reads the row anew.
    sqliteHandle(context.studio)
      .sqlite.prepare('UPDATE mcp_client_versions SET snapshot = ? WHERE id = ?')
      .run(JSON.stringify(last), tampered.id);
    const lines: string[] = [];
    const fresh = await createTestStudio({
      database: { url: `file:${sqliteFile(context)}` },
      logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    });
    try {
      const response = await fresh.studio.api.request('/api/mcp-clients/planted');
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(JSON.parse(text).version.unreadableSecrets).toMatchObject({ paths: ['servers.local.env.API_KEY'] });
      expect(text).not.toMatch(/enc:v2/);
      for (const value of planted) expect([text, ...lines].join('\n')).not.toContain(value);
    } finally {
      await fresh.studio.close();
    }
  });
});
