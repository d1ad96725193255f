import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../tests/support/server-process';
import { pairedRow, type BenchRow } from './harness';
import { alternateRounds, startBareServer } from './http-load';

/** `GET /api/health` through the production server against a bare node:http server, same load. */
export async function benchHealth({ root }: { root: string }): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-'));
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  const body = await (await fetch(`${server.url}/api/health`)).text();
  const bare = await startBareServer({ root, body });
  try {
    const rounds = await alternateRounds({
      measured: { url: `${server.url}/api/health` },
      baseline: { url: `${bare.url}/api/health` },
      serverPids: [server.child.pid!, bare.pid],
    });
    return [
      pairedRow({
        name: 'GET /api/health, production server vs bare node:http',
        unit: 'req/s',
        rounds,
        target: '>= 0.4',
      }),
    ];
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
