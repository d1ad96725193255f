/**
 * `POST /api/agents/:id/resolve` through the production server (the seeded demo agent, published)
 * against a bare node:http server answering the same JSON, same keep-alive load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAgentId } from '../lib/seed';
import { startServerProcess } from '../tests/support/server-process';
import { row, summarize, type BenchRow } from './harness';
import { alternateRounds, startBareServer } from './http-load';

export async function benchResolveHttp({ root }: { root: string }): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  const path = `/api/agents/${demoAgentId}/resolve`;
  const requestBody = JSON.stringify({ requestContext: { tier: 'pro', user: { name: 'Ada' } } });
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: requestBody,
  });
  if (answer.status !== 200) throw new Error(`resolve answered ${answer.status}: ${await answer.text()}`);
  const bare = await startBareServer({ root, body: await answer.text() });
  try {
    const { measuredRounds, baselineRounds } = await alternateRounds({
      measured: { url: `${server.url}${path}`, method: 'POST', body: requestBody },
      baseline: { url: `${bare.url}${path}`, method: 'POST', body: requestBody },
      serverPids: [server.child.pid!, bare.pid],
    });
    const baseline = summarize(baselineRounds).median;
    return [
      row(
        'POST /api/agents/:id/resolve, production server vs bare node:http',
        'req/s',
        summarize(measuredRounds),
        baseline,
        '>= 0.4',
      ),
    ];
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
