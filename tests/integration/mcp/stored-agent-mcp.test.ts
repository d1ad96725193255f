/**
 * End to end through the HTTP API on a real SQLite file: saved MCP clients on real npm servers
 * (server-everything over stdio and over Streamable HTTP on 127.0.0.1, server-filesystem on a temp
 * folder), a published stored agent referencing them, its resolution (exact namespaced, filtered,
 * re-described tool set with explanation and annotations), and calls of the resolved tools.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ResponseBody } from '../../support/studio';
import { createStoredAgentStudio } from '../../support/mcp';

let fixture: Awaited<ReturnType<typeof createStoredAgentStudio>>;
/** What server-everything lists over HTTP, asked with the SDK client directly. */
let remoteToolNames: string[];

const resolve = (requestContext: Record<string, unknown> = {}) =>
  call(fixture.studio, 'POST', '/api/agents/mcp-agent/resolve', { requestContext });
const execute = (name: string, input: unknown, requestContext: Record<string, unknown> = {}) =>
  call(fixture.studio, 'POST', `/api/agents/mcp-agent/tools/${encodeURIComponent(name)}/execute`, {
    input,
    requestContext,
  });
const toolNamed = (body: ResponseBody, name: string) => body.tools.find((tool: { name: string }) => tool.name === name);

beforeAll(async () => {
  fixture = await createStoredAgentStudio();
  // With the capabilities the studio's pool declares (elicitation): servers list tools by them.
  const client = new Client({ name: 'test-direct', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(fixture.everythingHttp.url)));
  remoteToolNames = (await client.listTools()).tools.map((tool) => tool.name);
  await client.close();
}, 90_000);

afterAll(() => fixture?.cleanup());

describe('resolving a stored agent with saved MCP clients', () => {
  it('gives the exact namespaced, filtered tool set', async () => {
    const { status, body } = await resolve();
    expect(status).toBe(200);
    expect(remoteToolNames).toContain('echo');
    const expected = [
      'weather',
      'local_echo',
      'local_get-sum',
      'local_get-tiny-image',
      'local_get-resource-reference',
      // `remote: { tools: {} }`: everything the server lists; the `blocked` server's empty allow-list passes nothing.
      ...remoteToolNames.map((name) => `remote_${name}`),
      'fs_read_text_file',
      'fs_read_file',
      'fs_list_directory',
    ].sort();
    expect(body.tools.map((tool: { name: string }) => tool.name)).toEqual(expected);
    expect(body.warnings).toEqual([
      {
        code: 'mcp_tool_not_offered',
        message: 'MCP client "everything": the selected tool "get-env" is not in its server\'s tool allow-list',
        source: 'mcp',
        ref: 'mcpClients.everything.tools.get-env',
      },
    ]);
  });

  it('re-describes by precedence (agent, then server-level, then original) and explains where each came from', async () => {
    const { body } = await resolve();
    const described = (name: string) => [toolNamed(body, name).description, body.explanation.tools[name].description];
    expect(described('local_echo')).toEqual(['Agent wording: say it back', 'agent']);
    expect(described('local_get-sum')).toEqual(['Adds a and b (server-level wording)', 'server']);
    expect(described('fs_read_text_file')).toEqual(['Read a note from the notes folder', 'agent']);
    expect(described('remote_echo')).toEqual(['Echoes back the input string', 'original']);
    expect(described('fs_read_file')[1]).toBe('original');
    expect(body.explanation.tools.local_echo).toMatchObject({
      source: 'mcp',
      includedBy: [{ field: 'mcpClients', variantIndex: null }],
      shadowed: [],
    });
    expect(body.explanation.tools.weather).toMatchObject({ source: 'registry', description: 'original' });
  });

  it('keeps schemas, origins (with the saved client version) and annotations', async () => {
    const { body } = await resolve();
    const echo = toolNamed(body, 'local_echo');
    expect(echo).toMatchObject({
      source: 'mcp',
      origin: { clientId: 'everything', clientVersionId: fixture.versionIds.everything, server: 'local', tool: 'echo' },
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    });
    expect(toolNamed(body, 'remote_get-sum').origin).toEqual({
      clientId: 'remote',
      clientVersionId: fixture.versionIds.remote,
      server: 'remote',
      tool: 'get-sum',
    });
    expect(toolNamed(body, 'fs_read_text_file').annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(toolNamed(body, 'remote_get-structured-content').outputSchema).toMatchObject({ type: 'object' });
  });
});

describe('calling the resolved tools', () => {
  it('runs a stdio tool and maps its text content for the model', async () => {
    const { status, body } = await execute('local_echo', { message: 'hello' });
    expect(status).toBe(200);
    expect(body).toEqual({
      output: { content: [{ type: 'text', text: 'Echo: hello' }] },
      isError: false,
      modelOutput: { type: 'content', value: [{ type: 'text', text: 'Echo: hello' }] },
    });
    expect((await execute('local_get-sum', { a: 2, b: 3 })).body.output.content[0].text).toContain('is 5');
  });

  it('answers bad input with the standard validation-error value, without calling the server', async () => {
    const callsBefore = fixture.studio.mcpPool.stats().toolCalls;
    const { status, body } = await execute('local_echo', { message: 42 });
    expect(status).toBe(200);
    expect(body.isError).toBe(true);
    expect(body.output).toMatchObject({
      error: true,
      message: expect.stringContaining('Tool input validation failed for local_echo'),
      validationErrors: [{ path: 'message' }],
    });
    expect(fixture.studio.mcpPool.stats().toolCalls).toBe(callsBefore);
  });

  it('maps image and embedded resource content for the model', async () => {
    const image = await execute('local_get-tiny-image', {});
    expect(image.body.isError).toBe(false);
    expect(image.body.modelOutput.value).toContainEqual({
      type: 'image-data',
      data: expect.any(String),
      mediaType: 'image/png',
    });
    const resource = await execute('local_get-resource-reference', { resourceType: 'Text', resourceId: 1 });
    expect(resource.body.output.content.map((part: { type: string }) => part.type)).toContain('resource');
    expect(resource.body.modelOutput.value.every((part: { type: string }) => part.type === 'text')).toBe(true);
    expect(resource.body.modelOutput.value[1].text).toMatch(/^Resource 1: This is a plaintext resource/);
  });

  it('runs tools over Streamable HTTP', async () => {
    const { body } = await execute('remote_echo', { message: 'over http' });
    expect(body).toMatchObject({ isError: false, output: { content: [{ type: 'text', text: 'Echo: over http' }] } });
  });

  it('reads a file of the temp folder with server-filesystem (both read tools)', async () => {
    const path = join(fixture.directory, 'hello.txt');
    expect((await execute('fs_read_text_file', { path })).body).toMatchObject({
      isError: false,
      output: { content: [{ type: 'text', text: 'hello from disk' }] },
    });
    expect((await execute('fs_read_file', { path })).body.output.content[0].text).toBe('hello from disk');
  });

  it('passes an isError result to the model as a tool error', async () => {
    const { status, body } = await execute('fs_read_text_file', { path: '/etc/hostname' });
    expect(status).toBe(200);
    expect(body.isError).toBe(true);
    expect(body.output.isError).toBe(true);
    expect(body.modelOutput).toEqual({ type: 'error-text', value: expect.stringMatching(/denied|outside/i) });
  });

  it('refuses names outside the resolved set with 404, even when the server offers them', async () => {
    for (const name of ['local_get-env', 'fs_write_file', 'blocked_echo', 'echo']) {
      const { status, body } = await execute(name, {});
      expect(status, name).toBe(404);
      expect(body.error).toMatchObject({
        code: 'not_found',
        details: { agentId: 'mcp-agent', tool: name },
        message: expect.stringContaining(`"${name}"`),
      });
    }
    expect((await call(fixture.studio, 'POST', '/api/agents/nobody/tools/x/execute', { input: {} })).status).toBe(404);
  });
});
