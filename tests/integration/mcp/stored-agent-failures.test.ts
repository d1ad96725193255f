/**
 * MCP faults through resolution (quality.md: down, hangs, crashes mid-call, changes its tool list):
 * one stored agent references a healthy server, a registry tool and one faulty server of each kind.
 * Each fault stays with its own tools, with a warning naming client and server; everything else
 * still resolves and runs. Small SDK servers from tests/support/mcp/servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAndPublish, createTestStudio, type ResponseBody } from '../../support/studio';
import { freePort, testServer, weather, testStdioAllowedCommands } from '../../support/mcp';

const node = process.execPath;
const handle = await createTestStudio({
  tools: { weather },
  settings: { stdioAllowedCommands: testStdioAllowedCommands, mcp: { listTimeoutMs: 15_000, callTimeoutMs: 15_000 } },
});
const { studio } = handle;

const stdio = (name: Parameters<typeof testServer>[0], args: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 'stdio',
  command: node,
  args: testServer(name, args).args,
  ...extra,
});
const resolve = (agentId = 'fragile') => call(studio, 'POST', `/api/agents/${agentId}/resolve`, {});
const execute = (name: string, input: unknown, agentId = 'fragile') =>
  call(studio, 'POST', `/api/agents/${agentId}/tools/${name}/execute`, { input });
const names = (body: ResponseBody): string[] => body.tools.map((tool: { name: string }) => tool.name);

beforeAll(async () => {
  const clients = {
    healthy: { paged: stdio('paginated', ['3', '10']) },
    down: { gone: { type: 'http', url: `http://127.0.0.1:${await freePort()}/mcp` } },
    hanging: { stuck: stdio('slow', ['--hang-on=list'], { timeout: 1_000 }) },
    // Long enough for a stdio start on a busy 2-core machine (five servers start at once), short
    // enough that the 20 s sleep below still runs out of it.
    sleepy: { sleepy: stdio('slow', [], { timeout: 10_000 }) },
    crashing: { crashy: stdio('crashing') },
    changing: {
      changing: stdio('changing-tools', [], {
        tools: { 'add-tool': {}, extra: { description: 'Server-level: the added tool' } },
      }),
    },
  };
  for (const [id, servers] of Object.entries(clients)) {
    const created = await call(studio, 'POST', '/api/mcp-clients', { id, name: id, servers });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  await createAndPublish(studio, {
    id: 'fragile',
    name: 'Fragile',
    model: 'openai/gpt-4o',
    instructions: 'Use the tools.',
    tools: { weather: {} },
    mcpClients: {
      healthy: { tools: {} },
      down: { tools: {} },
      hanging: { tools: {} },
      sleepy: { tools: {} },
      crashing: { tools: {} },
      changing: { tools: { 'changing_add-tool': {}, extra: {} } },
    },
  });
  // The same changing server alone, so that connection counts are not disturbed by the failing
  // servers' retries.
  await createAndPublish(studio, {
    id: 'changer',
    name: 'Changer',
    model: 'openai/gpt-4o',
    instructions: 'Use the tools.',
    mcpClients: { changing: { tools: { 'changing_add-tool': {}, extra: {} } } },
  });
}, 60_000);

afterAll(() => handle.cleanup());

describe('a stored agent with faulty MCP servers', () => {
  it('resolves the healthy sources and warns once per failing server, naming client and server', async () => {
    const { status, body } = await resolve();
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'changing_add-tool',
      'crashy_crash',
      'crashy_fail',
      'crashy_ok',
      'paged_tool-000',
      'paged_tool-001',
      'paged_tool-002',
      'sleepy_cancellations',
      'sleepy_sleep',
      'weather',
    ]);
    const unavailable = body.warnings.filter((warning: { code: string }) => warning.code === 'mcp_unavailable');
    expect(unavailable).toEqual([
      {
        code: 'mcp_unavailable',
        source: 'mcp',
        ref: 'mcpClients.down',
        message: expect.stringMatching(/^MCP client "down", server "gone": .*its tools are left out$/),
      },
      {
        code: 'mcp_unavailable',
        source: 'mcp',
        ref: 'mcpClients.hanging',
        message: expect.stringMatching(/^MCP client "hanging", server "stuck": .*timed out after 1000 ms/),
      },
    ]);
    // The hanging server was cut off by its own stored timeout (1 s), not by the resolution deadline.
    expect(JSON.stringify(body.warnings)).not.toContain('deadline');
    // `extra` is not offered yet: the sign that a server changed.
    expect(body.warnings).toContainEqual(
      expect.objectContaining({ code: 'mcp_tool_not_offered', ref: 'mcpClients.changing.tools.extra' }),
    );
    expect(body.warnings).toHaveLength(3);
  });

  it('keeps reporting a failing server as a warning, never as an empty healthy list', async () => {
    const { body } = await resolve();
    expect(body.warnings.map((warning: { ref: string }) => warning.ref)).toEqual(
      expect.arrayContaining(['mcpClients.down', 'mcpClients.hanging']),
    );
    expect(names(body)).toContain('paged_tool-000');
  });

  it('a call that hangs past its timeout is a tool error for that call; the connection keeps working', async () => {
    const slow = await execute('sleepy_sleep', { ms: 20_000 });
    expect(slow.status).toBe(200);
    expect(slow.body).toMatchObject({ isError: true, output: { message: expect.stringMatching(/timed out/) } });
    expect((await execute('sleepy_sleep', { ms: 1 })).body).toMatchObject({
      isError: false,
      output: { content: [{ text: 'slept 1' }] },
    });
  });

  it("the run's abort signal stops a call through the resolved tool, and the server hears the cancellation", async () => {
    const cancellations = async () => Number((await execute('sleepy_cancellations', {})).body.output.content[0].text);
    // The timed-out call above was cancelled too (the SDK cancels what it stops waiting for).
    const before = await cancellations();
    const resolution = await studio.runtime.resolve('fragile');
    const controller = new AbortController();
    const running = resolution.tools.sleepy_sleep!.execute!({ ms: 20_000 }, { abortSignal: controller.signal });
    setTimeout(() => controller.abort(new Error('run stopped')), 200);
    await expect(running).rejects.toThrow('run stopped');
    await expect.poll(cancellations, { timeout: 10_000, interval: 200 }).toBe(before + 1);
  });

  it('a crash mid-call is a tool error for that call; other servers are untouched and the crashed one comes back', async () => {
    const crashed = await execute('crashy_crash', {});
    expect(crashed.status).toBe(200);
    expect(crashed.body).toMatchObject({ isError: true, output: { message: expect.stringContaining('crashy') } });
    expect((await execute('paged_tool-001', {})).body).toMatchObject({
      isError: false,
      output: { content: [{ text: 'tool-001' }] },
    });
    expect((await execute('weather', { city: 'Oslo' })).body).toEqual({
      output: { city: 'Oslo', temperature: 21 },
      isError: false,
    });
    // The crashed server keeps its (cached) tools; after a short backoff it is started again.
    expect(names((await resolve()).body)).toContain('crashy_ok');
    await expect
      .poll(async () => (await execute('crashy_ok', {})).body.isError, { timeout: 15_000, interval: 250 })
      .toBe(false);
    // An isError result is passed on as a tool error, not as a failure of the server.
    expect((await execute('crashy_fail', {})).body).toMatchObject({
      isError: true,
      output: { isError: true },
      modelOutput: { type: 'error-text', value: 'this tool failed' },
    });
  });

  it('a tools/list_changed refresh applies the server-level filter and the agent selection again', async () => {
    expect(names((await resolve('changer')).body)).toEqual(['changing_add-tool']);
    const connectsBefore = studio.mcpPool.stats().connects;
    expect((await execute('changing_add-tool', {}, 'changer')).body.isError).toBe(false);
    let body: ResponseBody = {};
    await expect
      .poll(async () => names((body = (await resolve('changer')).body)), { timeout: 15_000, interval: 200 })
      .toContain('changing_extra');
    // Bare key `extra` selected it; the server-level entry re-describes it; `remove-tool` stays filtered out.
    expect(names(body)).toEqual(['changing_add-tool', 'changing_extra']);
    expect(body.tools.find((tool: { name: string }) => tool.name === 'changing_extra').description).toBe(
      'Server-level: the added tool',
    );
    expect(body.explanation.tools.changing_extra.description).toBe('server');
    expect(body.warnings).toEqual([]);
    expect((await execute('changing_extra', {}, 'changer')).body.output.content[0].text).toBe('extra');
    // Refreshed on the connection that announced it: no reconnect.
    expect(studio.mcpPool.stats().connects).toBe(connectsBefore);
  });
});
