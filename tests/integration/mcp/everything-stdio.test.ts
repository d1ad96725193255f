/**
 * The MCP reference server (`@modelcontextprotocol/server-everything`) over stdio, through
 * `connectServer` and the pool: listing, calling, content mapping, pooling, and the child's env.
 */
import { getEventListeners } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectServer, mcpResultToModelOutput } from '@/lib/mcp';
import { createTestPool, everythingStdioServer, uniqueKey } from '../../support/mcp';

const { pool } = createTestPool();

afterAll(async () => {
  await pool.closeAll();
});

/** Lists until no further tools/list request happens in between (server-everything's start-up announcements are over). */
async function untilListingSettles(list: () => Promise<unknown>) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const before = pool.stats().toolListRequests;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await list();
    if (pool.stats().toolListRequests === before) return;
  }
  throw new Error('the tool list kept changing');
}

function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content.map((part) => part.text ?? '').join('');
}

describe('server-everything over stdio', () => {
  it('connectServer completes the handshake and lists tools', async () => {
    const connection = await connectServer({
      server: everythingStdioServer(),
      serverName: 'everything',
      timeoutMs: 15_000,
    });
    try {
      expect(connection.transport).toBe('stdio');
      const { tools } = await connection.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-env']),
      );
    } finally {
      await connection.close();
    }
    expect(connection.closed).toBe(true);
  });

  it("pipes the child's stderr into our logger instead of inheriting it", async () => {
    const entries: Array<{ message: string; data?: Record<string, unknown> }> = [];
    const record = (message: string, data?: Record<string, unknown>) => entries.push({ message, data });
    const logger = { debug: record, info: record, warn: record, error: record };
    const connection = await connectServer({
      server: everythingStdioServer(),
      serverName: 'everything',
      timeoutMs: 15_000,
      logger,
    });
    try {
      await expect
        .poll(() => entries.find((entry) => entry.message === 'MCP server stderr'), { timeout: 5_000 })
        .toMatchObject({
          data: { server: 'everything', output: expect.stringContaining('Starting default (STDIO) server') },
        });
    } finally {
      await connection.close();
    }
  });

  it('lists through the pool, then serves repeated lists and calls from one warm connection', async () => {
    const key = uniqueKey();
    const server = everythingStdioServer();
    const before = pool.stats();

    const first = await pool.listTools({ key, server });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.tools.length).toBeGreaterThan(5);
    expect(first.value.hash).toMatch(/^[0-9a-f]{64}$/);

    const echo = await pool.callTool({ key, server, name: 'echo', arguments: { message: 'hello' } });
    expect(textOf(echo)).toContain('hello');
    // server-everything registers more tools once initialised and announces them with
    // tools/list_changed, so the pool may list a second time during warm-up: that is the refresh.
    await untilListingSettles(() => pool.listTools({ key, server }));
    const afterWarmUp = pool.stats();
    expect(afterWarmUp.connects - before.connects).toBe(1);
    const warmList = await pool.listTools({ key, server });

    for (let round = 0; round < 5; round += 1) {
      const again = await pool.listTools({ key, server });
      expect(again).toEqual(warmList);
      const sum = await pool.callTool({ key, server, name: 'get-sum', arguments: { a: round, b: 2 } });
      expect(textOf(sum)).toContain(String(round + 2));
    }
    const afterRounds = pool.stats();
    expect(afterRounds.connects).toBe(afterWarmUp.connects);
    expect(afterRounds.toolListRequests).toBe(afterWarmUp.toolListRequests);
    expect(afterRounds.toolCalls - afterWarmUp.toolCalls).toBe(5);
  });

  it("leaves no listener on the caller's abort signal (the SDK never removes the one it adds)", async () => {
    const key = uniqueKey();
    const server = everythingStdioServer();
    // A long-lived signal, like a run's: one leaked listener per call would pile up on it.
    const signal = new AbortController().signal;
    for (let round = 0; round < 10; round += 1) {
      expect(
        textOf(await pool.callTool({ key, server, name: 'echo', arguments: { message: `m${round}` }, signal })),
      ).toContain(`m${round}`);
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('maps an image result to image-data for the model', async () => {
    const result = await pool.callTool({
      key: uniqueKey(),
      server: everythingStdioServer(),
      name: 'get-tiny-image',
      arguments: {},
    });
    const output = mcpResultToModelOutput(result);
    expect(output.isError).toBe(false);
    expect(output.content).toContainEqual(expect.objectContaining({ type: 'image-data', mediaType: 'image/png' }));
    expect(output.content).toContainEqual(expect.objectContaining({ type: 'text' }));
  });

  it('gives the child only the default environment plus the stored env', async () => {
    process.env.STUDIO_TEST_APP_SECRET = 'must-not-leak';
    try {
      const server = everythingStdioServer({ env: { STORED_API_KEY: 'stored-value' } });
      const result = await pool.callTool({ key: uniqueKey(), server, name: 'get-env', arguments: {} });
      const environment = JSON.parse(textOf(result)) as Record<string, string>;
      const allowed = new Set([...Object.keys(getDefaultEnvironment()), 'STORED_API_KEY']);
      expect(Object.keys(environment).filter((name) => !allowed.has(name))).toEqual([]);
      expect(environment.STORED_API_KEY).toBe('stored-value');
      expect(environment.STUDIO_TEST_APP_SECRET).toBeUndefined();
      expect(environment.PATH).toBe(process.env.PATH);
    } finally {
      delete process.env.STUDIO_TEST_APP_SECRET;
    }
  });

  it('gives a stdio server no auth token, in its env or its pool key', async () => {
    const server = everythingStdioServer();
    const before = pool.stats();
    const key = uniqueKey();
    const withToken = await pool.callTool({
      key: { ...key, authToken: 'caller-token-123' },
      server,
      name: 'get-env',
      arguments: {},
    });
    expect(textOf(withToken)).not.toContain('caller-token-123');
    // The token is ignored for stdio, so a second caller token reuses the same process.
    await pool.callTool({
      key: { ...key, authToken: 'another-token' },
      server,
      name: 'echo',
      arguments: { message: 'x' },
    });
    expect(pool.stats().connects - before.connects).toBe(1);
  });

  it('returns isError results (bad input, unknown tool) as results, not throws', async () => {
    const key = uniqueKey();
    const server = everythingStdioServer();
    const badInput = await pool.callTool({ key, server, name: 'get-sum', arguments: { a: 'not a number' } });
    expect(badInput.isError).toBe(true);
    expect(mcpResultToModelOutput(badInput)).toMatchObject({ isError: true, content: [{ type: 'text' }] });
    const unknown = await pool.callTool({ key, server, name: 'no-such-tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    // The connection survives it.
    const echo = await pool.callTool({ key, server, name: 'echo', arguments: { message: 'still here' } });
    expect(textOf(echo)).toContain('still here');
  });
});
