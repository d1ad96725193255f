/**
 * Exported traces hold no secret and no content: a real MCP server (server-everything over stdio)
 * saved with a secret in its env is asked to echo it (in the model's arguments) and to list its
 * env (in its result), and an OpenAPI integration's echo server answers with the credential it was
 * sent; the run's spans, as a local OTLP/HTTP receiver gets them, name the calls but carry none of
 * these values.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLaunchSpec } from '@/lib/mcp';
import { everythingServerPath } from '../../support/mcp';
import { runSpans, startOtlpReceiver, type OtlpReceiver } from '../../support/otlp-receiver';
import { createScriptedModel } from '../../support/scripted-model';
import { call, createAndPublish, createTestStudio, jsonRequest } from '../../support/studio';
import { parseEventStream } from '../runtime/fixture';

const envSecret = 'trace-s3cret-value-321';
const integrationToken = 'trace-integration-token-4711';
const prompt = 'My card number is 4111 1111 1111 1111, go.';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let receiver: OtlpReceiver;
let echo: Server;

/** Answers every request with the Authorization header it received. */
async function startEchoServer(): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ authorization: request.headers.authorization ?? '' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  echo = await startEchoServer();
  const model = createScriptedModel({
    respond: (_call, callIndex) =>
      callIndex % 2 === 0
        ? {
            toolCalls: [
              { toolName: 'local_echo', input: { message: `the token is ${envSecret}` } },
              { toolName: 'local_get-env', input: {} },
              { toolName: 'whoami', input: {} },
            ],
          }
        : { text: 'Done.' },
  });
  context = await createTestStudio({
    settings: {
      stdioAllowedCommands: formatLaunchSpec({ command: process.execPath, args: [everythingServerPath] }),
      mcp: { listTimeoutMs: 15_000 },
      otlpEndpoint: receiver.endpoint,
    },
    models: { 'test/scripted': model },
  });
  const { studio } = context;
  const saved = await call(studio, 'POST', '/api/mcp-clients', {
    id: 'everything',
    name: 'Everything',
    servers: {
      local: {
        type: 'stdio',
        command: process.execPath,
        args: [everythingServerPath, 'stdio'],
        env: { ECHO_TOKEN: envSecret },
      },
    },
  });
  expect(saved.status).toBe(201);
  const integration = await call(studio, 'PUT', '/api/integrations/echo', {
    type: 'openapi',
    document: {
      openapi: '3.0.3',
      info: { title: 'Echo', version: '1' },
      servers: [{ url: `http://127.0.0.1:${(echo.address() as AddressInfo).port}` }],
      paths: { '/whoami': { get: { operationId: 'whoami', responses: { '200': { description: 'ok' } } } } },
    },
    credentials: { type: 'bearer', token: integrationToken },
  });
  expect(integration.status).toBe(201);
  await createAndPublish(studio, {
    id: 'echoer',
    name: 'Echoer',
    model: 'test/scripted',
    instructions: 'Echo.',
    mcpClients: { everything: { tools: { local_echo: {}, 'local_get-env': {} } } },
    integrationTools: { echo: { tools: { whoami: {} } } },
  });
}, 60_000);

afterAll(async () => {
  await context?.cleanup();
  await receiver?.close();
  await new Promise((resolve) => echo?.close(resolve));
});

describe('exported run traces', () => {
  it('name the tool calls but hold no secret of their sources, no prompt, argument or result', async () => {
    const response = await context.studio.api.request('/api/agents/echoer/stream', jsonRequest('POST', { prompt }));
    const events = parseEventStream(await response.text());
    expect(events.at(-1)!.event).toBe('finish');
    // The secrets did go through the run: the model wrote one, the tools answered with both.
    expect(JSON.stringify(events)).toContain(envSecret);
    await context.studio.tracing!.flush();

    const [run] = runSpans(receiver.spans(), String(events[0]!.data.runId));
    expect(run!.inTrace.map((span) => span.name).sort()).toEqual([
      'chat scripted',
      'chat scripted',
      'execute_tool local_echo',
      'execute_tool local_get-env',
      'execute_tool whoami',
      'invoke_agent echoer',
    ]);
    const exported = receiver.rawText();
    expect(exported).not.toContain(envSecret);
    expect(exported).not.toContain(integrationToken);
    expect(exported).not.toContain('4111 1111');
    expect(exported).not.toContain('ECHO_TOKEN');
  }, 60_000);
});
