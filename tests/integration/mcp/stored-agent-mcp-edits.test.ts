/**
 * Saved-client changes through the HTTP API reach resolution at once: the latest version is used
 * (pool and cache keys carry it), the old version's connections are closed, a deleted client is a
 * warning; a caller token opens its own connections to HTTP servers only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ResponseBody } from '../../support/studio';
import { createStoredAgentStudio, storedAgentClients } from '../../support/mcp';

let fixture: Awaited<ReturnType<typeof createStoredAgentStudio>>;

const resolve = (requestContext: Record<string, unknown> = {}) =>
  call(fixture.studio, 'POST', '/api/agents/mcp-agent/resolve', { requestContext });
const execute = (name: string, input: unknown) =>
  call(fixture.studio, 'POST', `/api/agents/mcp-agent/tools/${name}/execute`, { input });
const toolNamed = (body: ResponseBody, name: string) => body.tools.find((tool: { name: string }) => tool.name === name);
const stats = () => fixture.studio.mcpPool.stats();

beforeAll(async () => {
  fixture = await createStoredAgentStudio();
  // Warm: every server connected and listed once.
  expect((await resolve()).status).toBe(200);
}, 90_000);

afterAll(() => fixture?.cleanup());

describe('saved-client edits', () => {
  it('a caller token opens its own connections to the HTTP servers only (stdio keys carry no token)', async () => {
    const before = stats();
    const { body } = await resolve({ mastra__authToken: 'caller-token' });
    expect(body.warnings.map((warning: { code: string }) => warning.code)).toEqual(['mcp_tool_not_offered']);
    // `remote` and `blocked` (HTTP) connect again under the token's hash; `local` and `fs` (stdio) do not.
    expect(stats().connects - before.connects).toBe(2);
    expect(JSON.stringify(body)).not.toContain('caller-token');
  });

  it('takes effect on the next request: new version, new connection, the old one closed at once', async () => {
    const before = stats();
    const local = storedAgentClients.everything.servers.local;
    const edited = await call(fixture.studio, 'PATCH', '/api/mcp-clients/everything', {
      baseVersionNumber: 1,
      servers: {
        local: { ...local, tools: { ...local.tools, 'get-sum': { description: 'Adds two numbers (edited)' } } },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ created: true, version: { versionNumber: 2 } });
    const newVersionId = edited.body.version.id as string;
    expect(newVersionId).not.toBe(fixture.versionIds.everything);
    // The editor's change event evicted the old version's connection (it closes in the background).
    expect(stats().closes - before.closes).toBe(1);
    expect(stats().openConnections).toBe(before.openConnections - 1);

    const { body } = await resolve();
    expect(toolNamed(body, 'local_get-sum')).toMatchObject({
      description: 'Adds two numbers (edited)',
      origin: { clientVersionId: newVersionId },
    });
    expect(body.explanation.tools['local_get-sum'].description).toBe('server');
    expect(toolNamed(body, 'local_echo').origin.clientVersionId).toBe(newVersionId);
    expect(stats().connects - before.connects).toBe(1);
    expect((await execute('local_echo', { message: 'after the edit' })).body.output.content[0].text).toBe(
      'Echo: after the edit',
    );
  });

  it('a server-level allow-list change re-filters on the next request', async () => {
    const local = storedAgentClients.everything.servers.local;
    const edited = await call(fixture.studio, 'PATCH', '/api/mcp-clients/everything', {
      servers: { local: { ...local, tools: { echo: {}, 'get-env': {} } } },
    });
    expect(edited.status).toBe(200);
    const { body } = await resolve();
    const localTools = body.tools
      .map((tool: { name: string }) => tool.name)
      .filter((name: string) => name.startsWith('local_'));
    // get-sum and the others no longer pass; get-env now passes and the agent selected it (bare key).
    expect(localTools).toEqual(['local_echo', 'local_get-env']);
    expect(body.warnings.map((warning: { ref: string }) => warning.ref).sort()).toEqual([
      'mcpClients.everything.tools.get-sum',
      'mcpClients.everything.tools.local_get-resource-reference',
      'mcpClients.everything.tools.local_get-tiny-image',
    ]);
    // The stdio child sees only the SDK's default environment (no app secrets).
    const env = (await execute('local_get-env', {})).body;
    expect(env.isError).toBe(false);
    const variables = Object.keys(JSON.parse(env.output.content[0].text) as Record<string, string>);
    expect(variables).toContain('PATH');
    expect(variables.every((name) => ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'].includes(name))).toBe(true);
  });

  it('a deleted client contributes nothing, with a warning; its connection is closed; the rest still resolves', async () => {
    const before = stats();
    expect((await call(fixture.studio, 'DELETE', '/api/mcp-clients/files')).status).toBe(200);
    expect(stats().closes - before.closes).toBe(1);
    const { status, body } = await resolve();
    expect(status).toBe(200);
    const names = body.tools.map((tool: { name: string }) => tool.name);
    expect(names.some((name: string) => name.startsWith('fs_'))).toBe(false);
    expect(names).toEqual(expect.arrayContaining(['weather', 'local_echo', 'remote_echo']));
    expect(body.warnings).toContainEqual({
      code: 'mcp_client_unknown',
      message: 'MCP client "files" is neither a saved client nor a registered MCP server',
      source: 'mcp',
      ref: 'mcpClients.files',
    });
    expect((await execute('fs_read_text_file', { path: `${fixture.directory}/hello.txt` })).status).toBe(404);
  });
});
