/**
 * MCP figures: a tool call through the pool (warm connection) against the SDK client calling the
 * same server directly, and a warm-cache `listTools` against a bare Map lookup of the same list.
 * Both sides run in alternating rounds so machine drift hits them equally.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMcpPool, type McpStdioServerConfig } from '../lib/mcp';
import { silentLogger } from '../lib/logger';
import { row, sampleMicroseconds, summarize, type BenchRow } from './harness';

const rounds = 20;

async function alternate({
  measured,
  baseline,
  iterations,
}: {
  measured: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
  iterations: number;
}): Promise<{ measuredSamples: number[]; baselineSamples: number[] }> {
  const measuredSamples: number[] = [];
  const baselineSamples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    measuredSamples.push(...(await sampleMicroseconds(measured, { iterations, warmup: Math.ceil(iterations / 10) })));
    baselineSamples.push(...(await sampleMicroseconds(baseline, { iterations, warmup: Math.ceil(iterations / 10) })));
  }
  return { measuredSamples, baselineSamples };
}

export async function benchMcp({ root }: { root: string }): Promise<BenchRow[]> {
  const require = createRequire(join(root, 'package.json'));
  const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const server: McpStdioServerConfig = { type: 'stdio', command: process.execPath, args: [everything, 'stdio'] };
  const pool = createMcpPool({
    settings: { listTimeoutMs: 15_000, callTimeoutMs: 15_000, idleCloseMs: 600_000, toolListTtlMs: 600_000, maxPooledConnections: 8 },
    logger: silentLogger,
  });
  const direct = new Client({ name: 'bench-direct', version: '1.0.0' });
  await direct.connect(
    new StdioClientTransport({ command: server.command, args: server.args, env: getDefaultEnvironment(), stderr: 'ignore' }),
  );
  try {
    // Like any real client, the direct one lists before calling (the SDK then checks outputs the same way).
    await direct.listTools();
    const key = { clientId: 'bench', clientVersionId: 'v1', serverName: 'everything' };
    const callArguments = { message: 'bench' };
    const listed = await pool.listTools({ key, server });
    if (!listed.ok) throw listed.error;

    const calls = await alternate({
      measured: () => pool.callTool({ key, server, name: 'echo', arguments: callArguments }),
      baseline: () => direct.callTool({ name: 'echo', arguments: callArguments }),
      iterations: 200,
    });
    const cache = new Map([[JSON.stringify(key), listed.value]]);
    const lists = await alternate({
      measured: () => pool.listTools({ key, server }),
      baseline: async () => cache.get(JSON.stringify(key)),
      iterations: 2_000,
    });
    return [
      row('MCP tool call: pool.callTool vs SDK client direct (stdio echo)', 'µs', summarize(calls.measuredSamples), summarize(calls.baselineSamples).median, '<= 1.10'),
      row('MCP listTools, warm cache vs a bare Map lookup', 'µs', summarize(lists.measuredSamples), summarize(lists.baselineSamples).median),
    ];
  } finally {
    await direct.close();
    await pool.closeAll();
  }
}
