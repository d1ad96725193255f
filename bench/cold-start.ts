/**
 * Cold start with a built app, until `/api/health` and `/` both answer 200 (guide:
 * <= 2 s). The baseline is the bare node:http server started the same way, so the figure shows
 * what the app adds to starting Node itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../tests/support/server-process';
import { row, summarize, type BenchRow } from './harness';
import { startBareServer } from './http-load';

async function timeServerStart(root: string): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-start-'));
  const started = performance.now();
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  try {
    for (;;) {
      const response = await fetch(`${server.url}/`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    }
    return performance.now() - started;
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

export async function benchColdStart({ root, runs = 5 }: { root: string; runs?: number }): Promise<BenchRow[]> {
  const measured: number[] = [];
  const baseline: number[] = [];
  for (let run = 0; run < runs; run++) {
    measured.push(await timeServerStart(root));
    const started = performance.now();
    const bare = await startBareServer({ root, body: '{}' });
    await (await fetch(`${bare.url}/`)).arrayBuffer();
    baseline.push(performance.now() - started);
    await bare.stop();
  }
  return [
    row(
      'cold start of the built server until /api/health and / answer 200 (fresh database)',
      'ms',
      summarize(measured),
      summarize(baseline).median,
      'guide <= 2000 ms',
    ),
  ];
}
