/**
 * Faulty servers through the pool: down, hanging (handshake, listing, call), crashing mid-call;
 * timeouts, abort, and backoff. Failures must be typed values, never empty healthy lists.
 */
import { describe, expect, it } from 'vitest';
import { connectServer, McpServerError, type McpServerConfig } from '@/lib/mcp';
import { closePoolsAfterEach, freePort, testServer, uniqueKey } from '../../support/mcp';

const newPool = closePoolsAfterEach();

async function downServer(): Promise<McpServerConfig> {
  return { type: 'http', url: `http://127.0.0.1:${await freePort()}/mcp` };
}

describe('a server that is down', () => {
  it('is a failure result naming the server, not an empty list', async () => {
    const { pool } = newPool();
    const result = await pool.listTools({ key: uniqueKey({ serverName: 'docs' }), server: await downServer() });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(McpServerError);
    expect(result.error).toMatchObject({ code: 'mcp_unavailable', reason: 'unreachable', serverName: 'docs' });
    expect(result.error.message).toContain('docs');
  });

  it('is a typed error from connectServer', async () => {
    await expect(connectServer({ server: await downServer(), timeoutMs: 5_000 })).rejects.toMatchObject({
      name: 'McpServerError',
      reason: 'unreachable',
    });
  });

  it('is a failure when a stdio command does not exist', async () => {
    const { pool } = newPool();
    const server: McpServerConfig = { type: 'stdio', command: '/nonexistent/mcp-server-binary' };
    const result = await pool.listTools({ key: uniqueKey(), server });
    expect(result).toMatchObject({ ok: false, error: { reason: 'unreachable' } });
  });

  it('is retried with exponential backoff, reporting the last failure meanwhile', async () => {
    const { pool, clock } = newPool({ backoff: { initialMs: 1_000, maxMs: 10_000 } });
    const key = uniqueKey();
    const server = await downServer();
    await pool.listTools({ key, server });
    expect(pool.stats()).toMatchObject({ connects: 1, connectFailures: 1 });

    // Within the backoff: answered at once from the failure state, the server is not contacted.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = await pool.listTools({ key, server });
      expect(result).toMatchObject({ ok: false, error: { reason: 'unreachable' } });
      if (!result.ok) expect(result.error.retryAt).toBe(clock.now() + 1_000 - attempt * 100);
      await expect(pool.callTool({ key, server, name: 'x' })).rejects.toMatchObject({ reason: 'unreachable' });
      clock.advance(100);
    }
    expect(pool.stats()).toMatchObject({ connects: 1 });

    clock.advance(500);
    await pool.listTools({ key, server });
    expect(pool.stats()).toMatchObject({ connects: 2, connectFailures: 2 });
    // The second failure doubles the wait.
    clock.advance(1_999);
    await pool.listTools({ key, server });
    expect(pool.stats().connects).toBe(2);
    clock.advance(1);
    await pool.listTools({ key, server });
    expect(pool.stats().connects).toBe(3);
  });

  it('backs off longer each time a server connects but cannot list its tools', async () => {
    const { pool, clock } = newPool({ backoff: { initialMs: 1_000, maxMs: 10_000 } });
    const key = uniqueKey();
    // Long enough that even a loaded machine starts the server and answers the handshake within it.
    const server = testServer('slow', ['--hang-on=list'], { timeout: 1_500 });
    for (const wait of [1_000, 2_000, 4_000]) {
      expect(await pool.listTools({ key, server })).toMatchObject({ ok: false, error: { reason: 'timeout' } });
      // Asked again at once: the failure's own wait, which doubles with each failure in a row.
      const meanwhile = await pool.listTools({ key, server });
      expect(meanwhile.ok).toBe(false);
      if (!meanwhile.ok) expect(meanwhile.error.retryAt).toBe(clock.now() + wait);
      clock.advance(wait);
    }
    expect(pool.stats().connects).toBe(3);
  });

  it("keeps a server's own -32000 error as what it said, a failure that backs off", async () => {
    const { pool, clock } = newPool({ backoff: { initialMs: 1_000, maxMs: 10_000 } });
    const key = uniqueKey();
    const result = await pool.listTools({ key, server: testServer('slow', ['--refuse-list']) });
    expect(result).toMatchObject({ ok: false, error: { reason: 'protocol' } });
    if (!result.ok)
      expect(result.error.message).toMatch(
        /list tools failed: MCP error -32000: listing refused: the licence of ACME expired$/,
      );
    const meanwhile = await pool.listTools({ key, server: testServer('slow', ['--refuse-list']) });
    expect(meanwhile.ok).toBe(false);
    if (!meanwhile.ok) expect(meanwhile.error.retryAt).toBe(clock.now() + 1_000);
    expect(pool.stats().connects).toBe(1);
  });

  it('recovers once the server is back', async () => {
    const { pool, clock } = newPool({ backoff: { initialMs: 1_000, maxMs: 10_000 } });
    const key = uniqueKey();
    expect(
      (await pool.listTools({ key, server: testServer('slow', ['--hang-on=initialize'], { timeout: 300 }) })).ok,
    ).toBe(false);
    // The listing gave up at its deadline; the connect attempt ends on its own one a moment later.
    await expect.poll(() => pool.stats().connectFailures, { timeout: 5_000 }).toBe(1);
    clock.advance(1_000);
    // The same key now reaches a working server (as if it had restarted).
    const result = await pool.listTools({ key, server: testServer('slow') });
    expect(result.ok).toBe(true);
    expect(pool.stats()).toMatchObject({ connects: 2, connectFailures: 1 });
  });
});

describe('timeouts', () => {
  it('caps a hanging handshake by the server timeout', async () => {
    const { pool } = newPool();
    const startedAt = Date.now();
    const result = await pool.listTools({
      key: uniqueKey(),
      server: testServer('slow', ['--hang-on=initialize'], { timeout: 400 }),
    });
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(result).toMatchObject({ ok: false, error: { code: 'mcp_unavailable', reason: 'timeout' } });
  });

  it('caps connect + list by listTimeoutMs when the server has no timeout', async () => {
    const { pool } = newPool({ settings: { listTimeoutMs: 400 } });
    const startedAt = Date.now();
    const result = await pool.listTools({ key: uniqueKey(), server: testServer('slow', ['--hang-on=list']) });
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(result).toMatchObject({ ok: false, error: { reason: 'timeout' } });
    // The connection that hung is not kept.
    expect(pool.stats().openConnections).toBe(0);
  });

  it('caps a call by callTimeoutMs and keeps the connection usable', async () => {
    const { pool } = newPool({ settings: { callTimeoutMs: 300 } });
    const key = uniqueKey();
    // Given a long budget of its own, the connect is not part of what this test times.
    const server = testServer('slow');
    await pool.listTools({ key, server: { ...server, timeout: 15_000 } });
    await expect(pool.callTool({ key, server, name: 'sleep', arguments: { ms: 5_000 } })).rejects.toMatchObject({
      code: 'tool_failed',
      reason: 'timeout',
    });
    const quick = await pool.callTool({ key, server, name: 'sleep', arguments: { ms: 1 } });
    expect(quick.content).toEqual([{ type: 'text', text: 'slept 1' }]);
    expect(pool.stats().connects).toBe(1);
  });

  it('prefers the server timeout over callTimeoutMs', async () => {
    const { pool } = newPool({ settings: { callTimeoutMs: 60_000 } });
    const startedAt = Date.now();
    await expect(
      pool.callTool({
        key: uniqueKey(),
        server: testServer('slow', [], { timeout: 2_000 }),
        name: 'sleep',
        arguments: { ms: 10_000 },
      }),
    ).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});

describe('abort', () => {
  it("passes the run's abort signal through to the call, and the server sees the cancellation", async () => {
    const { pool } = newPool();
    const key = uniqueKey();
    const server = testServer('slow');
    // Connected first, so that the abort lands on the call rather than on the connect.
    await pool.callTool({ key, server, name: 'cancellations', arguments: {} });
    const controller = new AbortController();
    const call = pool.callTool({ key, server, name: 'sleep', arguments: { ms: 10_000 }, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user stopped the run')), 300);
    const startedAt = Date.now();
    await expect(call).rejects.toMatchObject({ code: 'tool_failed', reason: 'aborted' });
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await expect
      .poll(async () => (await pool.callTool({ key, server, name: 'cancellations', arguments: {} })).content, {
        timeout: 5_000,
      })
      .toEqual([{ type: 'text', text: '1' }]);
  });

  it('an already aborted signal sends nothing', async () => {
    const { pool } = newPool();
    await expect(
      pool.callTool({
        key: uniqueKey(),
        server: testServer('slow'),
        name: 'sleep',
        arguments: { ms: 1 },
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ reason: 'aborted' });
    expect(pool.stats().toolCalls).toBe(0);
  });

  it('an aborted listing is a failure result for that caller only', async () => {
    const { pool } = newPool();
    const key = uniqueKey();
    const server = testServer('paginated', ['3', '100']);
    const [aborted, other] = await Promise.all([
      pool.listTools({ key, server, signal: AbortSignal.abort() }),
      pool.listTools({ key, server }),
    ]);
    expect(aborted).toMatchObject({ ok: false, error: { reason: 'aborted' } });
    expect(other.ok).toBe(true);
  });
});

describe('a server that crashes mid-call', () => {
  it('fails that call with a typed error, backs off, then reconnects', async () => {
    const { pool, clock } = newPool({ backoff: { initialMs: 1_000, maxMs: 10_000 } });
    const key = uniqueKey();
    const server = testServer('crashing');
    expect((await pool.callTool({ key, server, name: 'ok' })).content).toEqual([{ type: 'text', text: 'ok' }]);

    await expect(pool.callTool({ key, server, name: 'crash' })).rejects.toMatchObject({
      code: 'mcp_unavailable',
      reason: 'closed',
    });
    expect(pool.stats().openConnections).toBe(0);
    await expect(pool.callTool({ key, server, name: 'ok' })).rejects.toMatchObject({ reason: 'closed' });
    expect(pool.stats().connects).toBe(1);

    clock.advance(1_000);
    expect((await pool.callTool({ key, server, name: 'ok' })).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(pool.stats().connects).toBe(2);
  });

  it('an isError result is a result, not a failure', async () => {
    const { pool } = newPool();
    const result = await pool.callTool({ key: uniqueKey(), server: testServer('crashing'), name: 'fail' });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'this tool failed' }] });
  });
});
