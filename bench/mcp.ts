/**
 * MCP figure: an MCP tool call through the RESOLVED tool — a published stored agent
 * referencing a saved stdio client (server-everything), `runtime.resolve`, then
 * `resolution.tools.local_echo.execute(input)`: input validation, execute, the pool's warm
 * connection — against the SDK client calling the same server program directly. A second row adds
 * the resolution to every call (a request that resolves, then calls).
 *
 * Each side talks to its own child process, and on a shared machine one child can be faster than
 * the other for a whole run. So the sides are interleaved call by call (the order flipping every
 * call), and the run is split into epochs, each with a fresh pair of children (the pool's connection
 * is evicted, the direct client reconnects): no child's luck decides the ratio.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createStudio } from '../lib';
import { silentLogger } from '../lib/logger';
import { row, summarize, type BenchRow } from './harness';

const epochs = 6;
const warmup = 300;
const iterations = 1_500;

type Call = () => Promise<unknown>;

async function interleave({
  measured,
  baseline,
  into,
}: {
  measured: Call;
  baseline: Call;
  into: { measured: number[]; baseline: number[] };
}) {
  const time = async (run: Call, samples: number[], keep: boolean) => {
    const started = process.hrtime.bigint();
    await run();
    if (keep) samples.push(Number(process.hrtime.bigint() - started) / 1_000);
  };
  for (let index = 0; index < warmup + iterations; index += 1) {
    const keep = index >= warmup;
    const [first, second] = index % 2 === 0 ? [measured, baseline] : [baseline, measured];
    await time(first, first === measured ? into.measured : into.baseline, keep);
    await time(second, second === measured ? into.measured : into.baseline, keep);
  }
}

export async function benchMcp({ root }: { root: string }): Promise<BenchRow[]> {
  const require = createRequire(join(root, 'package.json'));
  const everything = join(
    dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  );
  const args = [everything, 'stdio'];
  const studio = await createStudio({
    database: { url: ':memory:' },
    logger: silentLogger,
    settings: {
      mode: 'test',
      logLevel: 'silent',
      stdioAllowedCommands: [{ command: process.execPath, args: [everything] }],
      mcp: { listTimeoutMs: 15_000, callTimeoutMs: 15_000 },
    },
  });
  let direct: Client | undefined;
  // Started exactly as the pool starts its servers (minimal env, stderr piped and drained).
  const connectDirect = async () => {
    const client = new Client({ name: 'bench-direct', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args,
      env: getDefaultEnvironment(),
      stderr: 'pipe',
    });
    transport.stderr?.on('data', () => {});
    await client.connect(transport);
    // Like any real client, it lists before calling (the SDK then checks outputs the same way).
    await client.listTools();
    return client;
  };
  try {
    await studio.editor.mcpClients.create({
      id: 'everything',
      name: 'Everything',
      servers: { local: { type: 'stdio', command: process.execPath, args } },
    });
    await studio.editor.agents.create({
      id: 'mcp-bench',
      name: 'MCP bench',
      model: 'openai/gpt-4o',
      instructions: 'Echo things.',
      mcpClients: { everything: { tools: { local_echo: {} } } },
    });
    await studio.editor.agents.publish({ id: 'mcp-bench', versionNumber: 1 });
    const input = { message: 'bench' };
    const callResolved = async () => {
      const resolution = await studio.runtime.resolve('mcp-bench');
      return resolution.tools.local_echo!.execute!(input);
    };
    const resolution = await studio.runtime.resolve('mcp-bench');
    const echo = resolution.tools.local_echo?.execute;
    if (!echo || resolution.warnings.length > 0)
      throw new Error(`bench setup: no local_echo (warnings: ${JSON.stringify(resolution.warnings)})`);

    const resolved = { measured: [] as number[], baseline: [] as number[] };
    const withResolve = { measured: [] as number[], baseline: [] as number[] };
    for (let epoch = 0; epoch < epochs; epoch += 1) {
      // A fresh pair of children: the next call through the pool reconnects (during warmup).
      studio.mcpPool.evictClient('everything');
      await direct?.close();
      direct = await connectDirect();
      const client = direct;
      const callDirect = () => client.callTool({ name: 'echo', arguments: input });
      const expected = JSON.stringify({ status: 'output', output: await callDirect() });
      const answered = JSON.stringify(await callResolved());
      if (answered !== expected) throw new Error(`bench setup: the resolved tool answered ${answered}`);
      await interleave({ measured: () => echo(input), baseline: callDirect, into: resolved });
      await interleave({ measured: callResolved, baseline: callDirect, into: withResolve });
    }
    const call = { measured: summarize(resolved.measured), baseline: summarize(resolved.baseline) };
    return [
      row(
        'MCP tool call through the resolved tool vs SDK client direct (stdio echo)',
        'µs',
        call.measured,
        call.baseline.median,
        '<= 1.10',
      ),
      row('  baseline: SDK client callTool on the same server program', 'µs', call.baseline, null),
      row(
        'MCP runtime.resolve + resolved tool call vs SDK client direct',
        'µs',
        summarize(withResolve.measured),
        summarize(withResolve.baseline).median,
      ),
    ];
  } finally {
    await direct?.close();
    await studio.close();
  }
}
