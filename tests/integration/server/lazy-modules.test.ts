/**
 * What the production server loads: the MCP SDK and the AI SDK's provider packages are not part of
 * the hot path, so starting and resolving agents must not load them; the first MCP request and
 * the first call of a provider's model do. Packages of features this deployment does not use (it
 * runs on SQLite, without sign-in or tracing) are not loaded at all, and the outbound HTTP client
 * only with the first request out. Which package modules the process imported is recorded
 * by a resolution hook preloaded into the server (tests/support/module-log).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'studio-lazy-modules-'));
const moduleLog = join(directory, 'modules.log');
const register = pathToFileURL(join(root, 'tests', 'support', 'module-log', 'register.mjs')).href;

const mcpSdk = '/node_modules/@modelcontextprotocol/sdk/';
const providerPackages = ['openai', 'anthropic', 'google', 'xai', 'openai-compatible'].map(
  (name) => `/node_modules/@ai-sdk/${name}/`,
);

/** Packages of what the test server does not use: sign-in, PostgreSQL, tracing; the web page converter. */
const unusedFeaturePackages = [
  'better-auth',
  'pg',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/exporter-trace-otlp-http',
  'html-to-text',
].map((name) => `/node_modules/${name}/`);
const outboundClient = '/node_modules/undici/';

/** The packages (by their node_modules path) the server has imported so far. */
function loaded(): string[] {
  return existsSync(moduleLog) ? readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean) : [];
}
const loadedAny = (fragment: string) => loaded().some((url) => url.includes(fragment));

let server: ServerProcess;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startServerProcess({
    root,
    directory,
    spawn,
    environment: {
      NODE_OPTIONS: `--import=${register}`,
      STUDIO_MODULE_LOG: moduleLog,
      // The guard refuses this address without any network: the call fails, after the provider loaded.
      OPENAI_COMPATIBLE_BASE_URL: 'http://169.254.169.254/v1',
    },
  });
});

afterAll(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('modules the production server loads on first use', () => {
  it('starts and resolves agents without the MCP SDK or any model provider package', async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await post('/api/agents/demo-assistant/resolve', { requestContext: { user: { name: 'Ada' } } });
      expect(response.status).toBe(200);
    }
    // The hook records packages at all: the AI SDK itself is loaded at start.
    expect(loadedAny('/node_modules/ai/')).toBe(true);
    expect(loaded().filter((url) => url.includes(mcpSdk))).toEqual([]);
    expect(loaded().filter((url) => providerPackages.some((name) => url.includes(name)))).toEqual([]);
    expect(loaded().filter((url) => unusedFeaturePackages.some((name) => url.includes(name)))).toEqual([]);
    expect(loadedAny(outboundClient)).toBe(false);
  });

  it('loads the MCP SDK with the first request to the MCP route, and answers it', async () => {
    const response = await post(
      '/api/mcp',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
      },
      { accept: 'application/json, text/event-stream' },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).result.serverInfo.name).toBe('agent-studio');
    expect(loadedAny(`${mcpSdk}dist/esm/server/`)).toBe(true);
    // The server side only: no client was asked for.
    expect(loadedAny(`${mcpSdk}dist/esm/client/`)).toBe(false);
  });

  it("loads a provider's package with the first call of one of its models, and only that one", async () => {
    expect(
      (
        await post('/api/agents', {
          id: 'lazy-talker',
          name: 'Talker',
          model: 'compatible/llama3',
          instructions: 'Hi.',
        })
      ).status,
    ).toBe(201);
    expect((await post('/api/agents/lazy-talker/versions/1/publish', {})).status).toBe(200);
    expect(loadedAny('/node_modules/@ai-sdk/openai-compatible/')).toBe(false);
    const generated = await post('/api/agents/lazy-talker/generate', { prompt: 'Say hello.' });
    // The provider was called: its request was refused by the outbound guard.
    expect(JSON.stringify(await generated.json())).toMatch(/169\.254\.169\.254|refused|not allowed/i);
    expect(loadedAny('/node_modules/@ai-sdk/openai-compatible/')).toBe(true);
    expect(loaded().filter((url) => providerPackages.slice(0, 4).some((name) => url.includes(name)))).toEqual([]);
    // The provider's request went out through the outbound client, loaded for it.
    expect(loadedAny(outboundClient)).toBe(true);
    expect(loaded().filter((url) => unusedFeaturePackages.some((name) => url.includes(name)))).toEqual([]);
  });
});
