/**
 * Schema patterns RE2 cannot run, listed by a real stdio server: left out of that tool's schemas
 * with a warning in the log and in the resolution of an agent that uses the server (the tool stays
 * usable), never handed to JavaScript's engine; the SDK's
 * check of tool results does not trip over them either.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { closePoolsAfterEach, testServer, uniqueKey } from '../../support/mcp';
import { call, createTestStudio } from '../../support/studio';

const newPool = closePoolsAfterEach();

function recordingLogger() {
  const warnings: Array<{ message: string; data?: Record<string, unknown> }> = [];
  const logger: Logger = {
    debug() {},
    info() {},
    error() {},
    warn: (message, data) => warnings.push({ message, ...(data ? { data } : {}) }),
  };
  return { logger, warnings };
}

describe('patterns of listed MCP tools', () => {
  it('leaves out the ones RE2 cannot run, keeps the rest, and logs each', { timeout: 30_000 }, async () => {
    const { logger, warnings } = recordingLogger();
    const { pool } = newPool({ logger });
    const listed = await pool.listTools({ key: uniqueKey(), server: testServer('patterns') });
    if (!listed.ok) throw listed.error;
    const [tool] = listed.value.tools;
    expect(tool!.inputSchema).toEqual({
      type: 'object',
      properties: { code: { type: 'string' }, id: { type: 'string', pattern: '^[a-z]+$' } },
      patternProperties: {},
    });
    expect(tool!.outputSchema).toEqual({ type: 'object', properties: { echo: { type: 'string' } } });
    expect(warnings.map(({ data }) => [data?.schema, data?.path, data?.pattern])).toEqual([
      ['inputSchema', 'properties.code.pattern', '^(a|a)*(?!b)$'],
      ['inputSchema', 'patternProperties.^(?=x)', '^(?=x)'],
      ['outputSchema', 'properties.echo.pattern', '^(x)\\1$'],
    ]);
    expect(warnings[0]).toMatchObject({
      message: expect.stringMatching(/RE2/),
      data: { server: 'server', tool: 'lookup' },
    });
    expect(listed.value.droppedPatterns).toEqual([
      expect.stringMatching(/^tool "lookup": the pattern at inputSchema\.properties\.code\.pattern was left out/),
      expect.stringMatching(/^tool "lookup": the pattern at inputSchema\.patternProperties\.\^\(\?=x\) was left out/),
      expect.stringMatching(/^tool "lookup": the pattern at outputSchema\.properties\.echo\.pattern was left out/),
    ]);
  });

  it('says in the resolution of an agent using the server what was left out', { timeout: 30_000 }, async () => {
    const server = testServer('patterns');
    const context = await createTestStudio({
      settings: { stdioAllowedCommands: [[server.command, ...server.args!].join(' ')] },
    });
    try {
      const { studio } = context;
      const saved = await call(studio, 'POST', '/api/mcp-clients', { id: 'patterned', name: 'P', servers: { server } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const agent = { id: 'uses-patterns', name: 'U', model: 'openai/gpt-4o-mini', instructions: 'Help.' };
      await call(studio, 'POST', '/api/agents', { ...agent, mcpClients: { patterned: { tools: {} } } });
      await call(studio, 'POST', '/api/agents/uses-patterns/versions/1/publish', {});
      const resolved = await call(studio, 'POST', '/api/agents/uses-patterns/resolve', {});
      expect(resolved.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['server_lookup']);
      const dropped = (resolved.body.warnings as Array<{ code: string; message: string }>).filter(
        (warning) => warning.code === 'mcp_schema_pattern_dropped',
      );
      expect(dropped.map((warning) => warning.message)).toEqual([
        expect.stringContaining('MCP client "patterned", server "server", tool "lookup": the pattern at inputSchema'),
        expect.stringContaining('inputSchema.patternProperties'),
        expect.stringContaining('outputSchema.properties.echo.pattern'),
      ]);
    } finally {
      await context.cleanup();
    }
  });

  it('checks input without the dropped pattern, at once, and still calls the tool', { timeout: 30_000 }, async () => {
    const { pool } = newPool();
    const key = uniqueKey();
    const server = testServer('patterns');
    const listed = await pool.listTools({ key, server });
    if (!listed.ok) throw listed.error;
    const tool = createTool({
      id: 'lookup',
      description: 'Looks a code up',
      inputSchema: listed.value.tools[0]!.inputSchema,
    });
    const startedAt = performance.now();
    expect(tool.schemas.input!.validate({ code: `${'a'.repeat(30)}b`, id: 'abc' }).success).toBe(true);
    expect(tool.schemas.input!.validate({ id: 'ABC' }).success).toBe(false);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    const result = await pool.callTool({ key, server, name: 'lookup', arguments: { code: 'xy' } });
    expect(result).toMatchObject({ structuredContent: { echo: 'xy' } });
  });
});
