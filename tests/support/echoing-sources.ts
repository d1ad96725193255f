/**
 * Tool sources that hand secrets back, for the tests of what leaves a run: a real MCP server
 * (server-everything over stdio) saved with a secret in its env, an OpenAPI integration whose
 * 127.0.0.1 server answers with the credential it was sent, and a published agent `echoer` whose
 * scripted model calls all three tools (`local_echo` with the env secret, `local_get-env`, `whoami`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { createTestStudio } from './studio';
import { formatLaunchSpec } from '@/lib/mcp/launch-specs';
import { everythingServerPath } from './mcp';
import { createScriptedModel, type ScriptedModel } from './scripted-model';
import { call, createAndPublish } from './studio';

/** Answers every request with the Authorization header it received, written by `spell`. */
export async function startAuthorizationEcho(spell: (authorization: string) => string = (text) => text) {
  const server: Server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"authorization":"${spell(request.headers.authorization ?? '')}"}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A model that calls the three echoing tools on each even call and answers "Done." on each odd one. */
export const createEchoingModel = (envSecret: string): ScriptedModel =>
  createScriptedModel({
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

/** The settings that let the studio start server-everything. */
export const everythingLaunchSettings = {
  stdioAllowedCommands: [formatLaunchSpec({ command: process.execPath, args: [everythingServerPath] })],
  mcp: { listTimeoutMs: 15_000 },
};

/** Saves the MCP client and the integration with their secrets, and publishes `echoer` using both. */
export async function publishEchoer(
  studio: Awaited<ReturnType<typeof createTestStudio>>['studio'],
  { envSecret, integrationToken, echoUrl }: { envSecret: string; integrationToken: string; echoUrl: string },
): Promise<void> {
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
      servers: [{ url: echoUrl }],
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
}
