/** The studio owns one MCP pool, built from its settings, and `close()` closes its connections. */
import { describe, expect, it } from 'vitest';
import { createTestStudio } from '../../support/studio';
import { testServer, uniqueKey, testStdioAllowedCommands } from '../../support/mcp';

describe('the studio MCP pool', () => {
  it('uses settings.mcp and closes every connection on studio.close()', async () => {
    const { studio, cleanup } = await createTestStudio({
      // The studio's pool checks saved stdio commands at the spawn point too.
      settings: {
        mcp: { maxPooledConnections: 3, listTimeoutMs: 4_000 },
        stdioAllowedCommands: testStdioAllowedCommands,
      },
    });
    const server = testServer('paginated', ['2', '100']);
    const keys = [uniqueKey(), uniqueKey(), uniqueKey(), uniqueKey()];
    for (const key of keys) expect((await studio.mcpPool.listTools({ key, server })).ok).toBe(true);
    expect(studio.mcpPool.stats()).toMatchObject({ connects: 4, openConnections: 3 });

    await cleanup();
    expect(studio.mcpPool.stats()).toMatchObject({ openConnections: 0, closes: 4 });
  });
});
