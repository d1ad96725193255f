/**
 * MCP clients resolving through real servers (resolution.md section 6): a saved client over stdio
 * (server-everything) and Streamable HTTP, a code-registered server, auth tokens for HTTP only,
 * failures isolated as warnings, and client edits taking effect on the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everythingServerPath,
  startHeaderRecordingServer,
  testServer,
  type HeaderRecordingServer,
  testStdioAllowedCommands,
} from '../../support/mcp';
import { outputOf } from '../../support/tool-execution';
import { call, createAndPublish, createTestStudio, weather, type ResponseBody } from './fixtures';

const node = process.execPath;
const handle = await createTestStudio({
  tools: { weather },
  mcpServers: { local: testServer('changing-tools') },
  settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000 } },
});
const { studio } = handle;
let http: HeaderRecordingServer;

const toolNames = (body: ResponseBody) => body.tools.map((tool: { name: string }) => tool.name);
const resolve = (id: string, requestContext: Record<string, unknown> = {}) =>
  call(studio, 'POST', `/api/agents/${id}/resolve`, { requestContext });

beforeAll(async () => {
  http = await startHeaderRecordingServer();
  await call(studio, 'POST', '/api/mcp-clients', {
    id: 'everything',
    name: 'Everything',
    servers: { everything: { type: 'stdio', command: node, args: [everythingServerPath, 'stdio'] } },
  });
  await call(studio, 'POST', '/api/mcp-clients', {
    id: 'remote',
    name: 'Remote',
    servers: { remote: { type: 'http', url: http.url } },
  });
  await call(studio, 'POST', '/api/mcp-clients', {
    id: 'mixed',
    name: 'Mixed',
    servers: {
      hanging: { type: 'stdio', command: node, args: testServer('slow', ['--hang-on=list']).args, timeout: 500 },
      remote: { type: 'http', url: http.url },
    },
  });
  // Publishing needs every client the version names to exist; "nowhere" and "unused" are deleted
  // after it is published, as a client removed later would be.
  for (const id of ['nowhere', 'unused'])
    await call(studio, 'POST', '/api/mcp-clients', {
      id,
      name: id,
      servers: { [id]: { type: 'http', url: http.url } },
    });
  await createAndPublish(studio, {
    id: 'mcp-agent',
    name: 'MCP agent',
    model: 'openai/gpt-4o',
    instructions: 'Use the tools.',
    tools: { weather: {} },
    mcpClients: {
      everything: { tools: { everything_echo: { description: 'Say it back' }, 'get-sum': {} } },
      local: { tools: {} },
      remote: { tools: {} },
      nowhere: { tools: {} },
      unused: {},
    },
  });
  await createAndPublish(studio, {
    id: 'mixed-agent',
    name: 'Mixed',
    model: 'openai/gpt-4o',
    instructions: 'x',
    tools: { weather: {} },
    mcpClients: { mixed: { tools: {} } },
  });
  for (const id of ['nowhere', 'unused']) await call(studio, 'DELETE', `/api/mcp-clients/${id}`);
}, 60_000);

afterAll(async () => {
  await handle.cleanup();
  await http.stop();
});

describe('MCP tools in a resolution', () => {
  it('namespaces saved clients, leaves code-registered servers bare, and warns about unknown clients', async () => {
    const { status, body } = await resolve('mcp-agent');
    expect(status).toBe(200);
    expect(toolNames(body)).toEqual([
      'add-tool',
      'everything_echo',
      'everything_get-sum',
      'remote_whoami',
      'remove-tool',
      'weather',
    ]);
    const echo = body.tools.find((tool: { name: string }) => tool.name === 'everything_echo');
    expect(echo).toMatchObject({
      description: 'Say it back',
      source: 'mcp',
      origin: { clientId: 'everything', server: 'everything', tool: 'echo' },
    });
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: expect.any(Object) } });
    expect(body.tools.find((tool: { name: string }) => tool.name === 'add-tool').origin).toMatchObject({
      clientId: 'local',
      clientVersionId: 'code',
      server: 'local',
    });
    expect(body.warnings).toEqual([
      {
        code: 'mcp_client_unknown',
        message: 'MCP client "nowhere" is neither a saved client nor a registered MCP server',
        source: 'mcp',
        ref: 'mcpClients.nowhere',
      },
    ]);
  });

  it('executes MCP tools through the pool', async () => {
    const resolution = await studio.runtime.resolve('mcp-agent');
    const result = outputOf(await resolution.tools.everything_echo!.tool.execute!({ message: 'hello' })) as {
      content: Array<{ text: string }>;
    };
    expect(result.content[0]!.text).toContain('hello');
    await expect(resolution.tools.everything_echo!.tool.execute!({ message: 42 })).resolves.toMatchObject({
      status: 'invalid',
      error: { error: true },
    });
  });

  it('sends mastra__authToken to HTTP servers only, and never shows it in the resolution', async () => {
    const before = http.requests.length;
    const resolution = await studio.runtime.resolve('mcp-agent', {
      requestContext: { mastra__authToken: 'caller-token-123' },
    });
    const whoami = outputOf(await resolution.tools.remote_whoami!.tool.execute!({})) as {
      content: Array<{ text: string }>;
    };
    // The server echoes the token it received; the result carries it redacted.
    expect(whoami.content[0]!.text).toBe('Bearer [redacted]');
    const sent = http.requests.slice(before).map((request) => request.headers.authorization);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set(['Bearer caller-token-123']));
    const { body } = await resolve('mcp-agent', { mastra__authToken: 'caller-token-123' });
    expect(JSON.stringify(body)).not.toContain('caller-token-123');
    // Without a token the same server is asked anonymously, on its own pooled connection.
    const anonymous = await studio.runtime.resolve('mcp-agent');
    expect(
      (outputOf(await anonymous.tools.remote_whoami!.tool.execute!({})) as { content: Array<{ text: string }> })
        .content[0]!.text,
    ).toBe('anonymous');
  });

  it('a server that hangs is cut off by its timeout: a warning names it, its sibling and the other sources still resolve', async () => {
    const started = Date.now();
    const { status, body } = await resolve('mixed-agent');
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(toolNames(body)).toEqual(['remote_whoami', 'weather']);
    expect(body.warnings).toMatchObject([
      {
        code: 'mcp_unavailable',
        source: 'mcp',
        ref: 'mcpClients.mixed',
        message: expect.stringContaining('server "hanging"'),
      },
    ]);
  });

  it('uses the latest version of a saved client: an edit takes effect on the next request', async () => {
    const before = await resolve('mcp-agent');
    const versionBefore = before.body.tools.find((tool: { name: string }) => tool.name === 'remote_whoami').origin
      .clientVersionId;
    const edited = await call(studio, 'PATCH', '/api/mcp-clients/remote', {
      servers: { remote: { type: 'http', url: http.url, tools: {} } },
    });
    expect(edited.status).toBe(200);
    const after = await resolve('mcp-agent');
    // The new server-level allow-list is empty: it passes nothing.
    expect(toolNames(after.body)).not.toContain('remote_whoami');
    expect(edited.body.version.id).not.toBe(versionBefore);
  });
});
