/**
 * Resolve one published agent in process — 50 tools (41 registered across 10 conditional variants,
 * 9 from 3 saved MCP clients with warm caches) — against a bare loop that merges the same 50 tool
 * objects into a record. The MCP servers are small in-process Streamable HTTP servers on loopback.
 * Both sides run in alternating rounds so machine drift hits them equally.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { createStudio } from '../lib';
import { silentLogger } from '../lib/logger';
import { createTool, type Tool } from '../lib/tools';
import { row, sampleMicroseconds, summarize, type BenchRow } from './harness';

const rounds = 20;
const iterations = 500;

/** A stateless Streamable HTTP MCP server offering three tools, on 127.0.0.1. */
async function startMcpServer(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const mcp = new McpServer({ name, version: '1.0.0' });
    for (const tool of ['search', 'fetch', 'summarize']) {
      mcp.registerTool(
        tool,
        { description: `${tool} on ${name}`, inputSchema: { text: z.string() } },
        async ({ text }) => ({ content: [{ type: 'text', text }] }),
      );
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

function benchTools(): Record<string, Tool> {
  return Object.fromEntries(
    Array.from({ length: 41 }, (_, index) => {
      const id = `tool-${String(index).padStart(2, '0')}`;
      return [
        id,
        createTool({
          id,
          description: `Bench tool ${index}`,
          inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
          execute: async () => index,
        }),
      ];
    }),
  );
}

/** 10 variants: a rule-less base with 14 tools, then 9 conditional ones of 3 tools each (with descriptions). */
function benchVariants(ids: string[]) {
  const base = { value: Object.fromEntries(ids.slice(0, 14).map((id) => [id, {}])) };
  const conditional = Array.from({ length: 9 }, (_, index) => ({
    value: Object.fromEntries(
      ids.slice(14 + index * 3, 17 + index * 3).map((id) => [id, { description: `Variant ${index} wording` }]),
    ),
    rules: {
      operator: 'OR' as const,
      conditions: [
        { field: 'tier', operator: 'in' as const, value: ['pro', 'team'] },
        { field: `flags.f${index}`, operator: 'equals' as const, value: true },
      ],
    },
  }));
  return [base, ...conditional];
}

export async function benchResolve(): Promise<BenchRow[]> {
  const servers = await Promise.all(['alpha', 'beta', 'gamma'].map(startMcpServer));
  const tools = benchTools();
  const studio = await createStudio({
    database: { url: ':memory:' },
    logger: silentLogger,
    tools,
    settings: { mode: 'test', logLevel: 'silent' },
  });
  try {
    for (const [index, { url }] of servers.entries()) {
      const name = ['alpha', 'beta', 'gamma'][index]!;
      await studio.editor.mcpClients.create({ id: name, name, servers: { [name]: { type: 'http', url } } });
    }
    await studio.editor.agents.create({
      id: 'bench-agent',
      name: 'Bench',
      model: 'openai/gpt-4o',
      instructions: [{ type: 'text', content: 'You help {{user.name || "someone"}}.' }],
      tools: benchVariants(Object.keys(tools)),
      mcpClients: { alpha: { tools: {} }, beta: { tools: {} }, gamma: { tools: {} } },
    });
    await studio.editor.agents.publish({ id: 'bench-agent', versionNumber: 1 });
    const requestContext = { tier: 'pro', user: { name: 'Ada' } };
    const warm = await studio.runtime.resolve('bench-agent', { requestContext });
    const resolved = Object.values(warm.tools);
    if (resolved.length !== 50 || warm.warnings.length > 0) {
      throw new Error(
        `bench setup: expected 50 tools and no warnings, got ${resolved.length} and ${JSON.stringify(warm.warnings)}`,
      );
    }

    const measured: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      measured.push(
        ...(await sampleMicroseconds(() => studio.runtime.resolve('bench-agent', { requestContext }), {
          iterations,
          warmup: 50,
        })),
      );
      baseline.push(
        ...(await sampleMicroseconds(
          () => {
            const record: Record<string, unknown> = {};
            for (const tool of resolved) record[tool.name] = tool;
            return record;
          },
          { iterations, warmup: 50 },
        )),
      );
    }
    const baselineSummary = summarize(baseline);
    return [
      row(
        'resolve one published agent in process (50 tools, 10 variants, 3 MCP clients warm)',
        'µs',
        summarize(measured),
        baselineSummary.median,
        '<= 20x',
      ),
      row('  baseline: bare loop merging the same 50 tool objects', 'µs', baselineSummary, null),
    ];
  } finally {
    await studio.close();
    await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  }
}
