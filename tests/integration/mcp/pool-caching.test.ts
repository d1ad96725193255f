/**
 * The pool's caching and lifecycle against real stdio servers: pagination, concurrent sharing, TTL,
 * tools/list_changed, evictClient, the LRU cap and idle close. Counters prove what was (not) sent.
 */
import { describe, expect, it } from 'vitest';
import type { McpPool, McpPoolKey, McpServerConfig } from '@/lib/mcp';
import { closePoolsAfterEach, testServer, uniqueKey } from '../../support/mcp';

const newPool = closePoolsAfterEach();

async function listNames(pool: McpPool, key: McpPoolKey, server: McpServerConfig): Promise<string[]> {
  const result = await pool.listTools({ key, server });
  if (!result.ok) throw result.error;
  return result.value.tools.map((tool) => tool.name);
}

describe('listing', () => {
  it('follows nextCursor to the end', async () => {
    const { pool } = newPool();
    const names = await listNames(pool, uniqueKey(), testServer('paginated', ['25', '10']));
    expect(names).toHaveLength(25);
    expect(names[0]).toBe('tool-000');
    expect(names[24]).toBe('tool-024');
    expect(pool.stats().toolListRequests).toBe(3);
  });

  it('shares one connect and one listing between concurrent requests for the same key', async () => {
    const { pool } = newPool();
    const key = uniqueKey();
    const server = testServer('paginated', ['5', '100']);
    const results = await Promise.all(Array.from({ length: 10 }, () => pool.listTools({ key, server })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(pool.stats()).toMatchObject({ connects: 1, toolListRequests: 1, openConnections: 1 });
  });

  it('keeps separate connections and lists per client version and per server', async () => {
    const { pool } = newPool();
    const server = testServer('paginated', ['3', '100']);
    const key = uniqueKey();
    await listNames(pool, key, server);
    await listNames(pool, { ...key, clientVersionId: 'v2' }, server);
    await listNames(pool, { ...key, serverName: 'other' }, server);
    await listNames(pool, key, server);
    expect(pool.stats()).toMatchObject({ connects: 3, toolListRequests: 3, openConnections: 3 });
  });
});

describe('the tool-list cache', () => {
  it('serves the list from the cache until the TTL passes, then lists again on the same connection', async () => {
    const { pool, clock } = newPool({ settings: { toolListTtlMs: 60_000 } });
    const key = uniqueKey();
    const server = testServer('paginated', ['4', '100']);
    await listNames(pool, key, server);
    clock.advance(59_999);
    await listNames(pool, key, server);
    expect(pool.stats()).toMatchObject({ connects: 1, toolListRequests: 1 });
    clock.advance(1);
    await listNames(pool, key, server);
    expect(pool.stats()).toMatchObject({ connects: 1, toolListRequests: 2 });
  });

  it('refreshes when the server sends tools/list_changed and tells listeners', async () => {
    const { pool } = newPool();
    const key = uniqueKey();
    const server = testServer('changing-tools');
    const changes: string[][] = [];
    pool.onToolListChanged((event) => changes.push(event.toolList.tools.map((tool) => tool.name)));

    expect(await listNames(pool, key, server)).toEqual(['add-tool', 'remove-tool']);
    await pool.callTool({ key, server, name: 'add-tool', arguments: {} });
    await expect
      .poll(() => listNames(pool, key, server), { timeout: 5_000 })
      .toEqual(['add-tool', 'remove-tool', 'extra']);
    await expect.poll(() => changes.at(-1), { timeout: 5_000 }).toEqual(['add-tool', 'remove-tool', 'extra']);

    await pool.callTool({ key, server, name: 'remove-tool', arguments: {} });
    await expect.poll(() => listNames(pool, key, server), { timeout: 5_000 }).toEqual(['add-tool', 'remove-tool']);
    expect(pool.stats().connects).toBe(1);
    // Nothing is listed again while the list stays unchanged.
    const requests = pool.stats().toolListRequests;
    await listNames(pool, key, server);
    expect(pool.stats().toolListRequests).toBe(requests);
  });
});

describe('evictClient', () => {
  it("drops the client's connections and lists, and only that client's", async () => {
    const { pool } = newPool();
    const server = testServer('paginated', ['3', '100']);
    const evicted = uniqueKey();
    const kept = uniqueKey();
    await listNames(pool, evicted, server);
    await listNames(pool, { ...evicted, serverName: 'second' }, server);
    await listNames(pool, kept, server);
    expect(pool.stats()).toMatchObject({ connects: 3, openConnections: 3 });

    pool.evictClient(evicted.clientId);
    expect(pool.stats()).toMatchObject({ openConnections: 1, closes: 2 });

    await listNames(pool, kept, server);
    expect(pool.stats()).toMatchObject({ connects: 3, toolListRequests: 3 });
    await listNames(pool, evicted, server);
    expect(pool.stats()).toMatchObject({ connects: 4, toolListRequests: 4 });
  });
});

describe('connection limits', () => {
  it('closes the least recently used connection beyond maxPooledConnections', async () => {
    const { pool } = newPool({ settings: { maxPooledConnections: 2 } });
    const server = testServer('paginated', ['2', '100']);
    const [first, second, third] = [uniqueKey(), uniqueKey(), uniqueKey()];
    await pool.callTool({ key: first, server, name: 'tool-000' });
    await pool.callTool({ key: second, server, name: 'tool-000' });
    await pool.callTool({ key: first, server, name: 'tool-000' });
    await pool.callTool({ key: third, server, name: 'tool-000' });
    expect(pool.stats()).toMatchObject({ connects: 3, openConnections: 2, closes: 1 });

    // `first` was used more recently than `second`, so it is still open...
    await pool.callTool({ key: first, server, name: 'tool-000' });
    expect(pool.stats().connects).toBe(3);
    // ...and `second` needs a new connection.
    await pool.callTool({ key: second, server, name: 'tool-000' });
    expect(pool.stats()).toMatchObject({ connects: 4, openConnections: 2 });
  });

  it('closes idle connections but keeps the cached list', async () => {
    const { pool, clock } = newPool({ settings: { idleCloseMs: 60_000 } });
    const key = uniqueKey();
    const server = testServer('paginated', ['2', '100']);
    await listNames(pool, key, server);
    clock.advance(30_000);
    expect(pool.closeIdle()).toBe(0);
    clock.advance(30_000);
    expect(pool.closeIdle()).toBe(1);
    expect(pool.stats()).toMatchObject({ openConnections: 0, closes: 1 });

    await listNames(pool, key, server);
    expect(pool.stats()).toMatchObject({ connects: 1, toolListRequests: 1 });
    await pool.callTool({ key, server, name: 'tool-001' });
    expect(pool.stats()).toMatchObject({ connects: 2, openConnections: 1 });
  });

  it('closes idle connections in the background, without being asked', async () => {
    const { pool } = newPool({ settings: { idleCloseMs: 100 }, clock: { now: Date.now, advance() {} } });
    await listNames(pool, uniqueKey(), testServer('paginated', ['2', '100']));
    expect(pool.stats().openConnections).toBe(1);
    await expect.poll(() => pool.stats().openConnections, { timeout: 5_000 }).toBe(0);
    expect(pool.stats().closes).toBe(1);
  });

  it('closeAll closes everything and refuses later work', async () => {
    const { pool } = newPool();
    const server = testServer('paginated', ['2', '100']);
    await Promise.all([listNames(pool, uniqueKey(), server), listNames(pool, uniqueKey(), server)]);
    await pool.closeAll();
    expect(pool.stats()).toMatchObject({ openConnections: 0, closes: 2 });
    const after = await pool.listTools({ key: uniqueKey(), server });
    expect(after.ok).toBe(false);
    await expect(pool.callTool({ key: uniqueKey(), server, name: 'tool-000' })).rejects.toMatchObject({
      reason: 'closed',
    });
  });
});
