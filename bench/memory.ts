/**
 * Memory and load bars, through the production server:
 * - resident memory of the server process after 1,000 agents are listed and resolved and 100
 *   editor pages rendered (target <= 200 MB; the server's MCP children are not counted);
 * - 1,000 resolves/s for 60 s on loopback with no errors and flat memory (resident memory after
 *   the run against before it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess } from '../tests/support/server-process';
import { row, type BenchRow } from './harness';

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kilobytes / 1024;
}

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const single = (value: number) => ({ median: value, min: value, max: value });

export async function benchMemory({
  root,
  agents = 1_000,
  loadSeconds = 60,
  rate = 1_000,
}: {
  root: string;
  agents?: number;
  loadSeconds?: number;
  rate?: number;
}): Promise<BenchRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'studio-bench-memory-'));
  const server = await startServerProcess({ root, directory, spawn, environment: { LOG_LEVEL: 'error' } });
  const pid = server.child.pid!;
  try {
    const afterStart = residentMegabytes(pid);
    for (let index = 0; index < agents; index++) {
      const id = `memory-${String(index).padStart(4, '0')}`;
      await post(`${server.url}/api/agents`, {
        id,
        name: `Agent ${index}`,
        model: 'openai/gpt-4o-mini',
        instructions: 'Help {{user.name || "the user"}}.',
        tools: { 'convert-units': {}, 'world-time': {} },
      });
      await post(`${server.url}/api/agents/${id}/versions/1/publish`, {});
    }
    let cursor: string | null = null;
    do {
      const page = (await (
        await fetch(`${server.url}/api/agents?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json()) as { nextCursor: string | null };
      cursor = page.nextCursor;
    } while (cursor);
    for (let index = 0; index < agents; index++) {
      await post(`${server.url}/api/agents/memory-${String(index).padStart(4, '0')}/resolve`, {
        requestContext: { user: { name: 'Ada' } },
      });
    }
    for (let page = 0; page < 100; page++) await (await fetch(`${server.url}/`)).text();
    const afterWork = residentMegabytes(pid);

    const result = await autocannon({
      url: `${server.url}/api/agents/memory-0001/resolve`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestContext: { user: { name: 'Ada' } } }),
      connections: 10,
      overallRate: rate,
      duration: loadSeconds,
    });
    const afterLoad = residentMegabytes(pid);
    const failures = result.errors + result.timeouts + result.non2xx;
    return [
      row(
        `server resident memory after ${agents} agents listed and resolved and 100 pages`,
        'MB',
        single(afterWork),
        afterStart,
        '<= 200 MB',
      ),
      row(
        `resolves/s held for ${loadSeconds} s at ${rate}/s (${failures} failed requests)`,
        'req/s',
        single(result.requests.average),
        rate,
        '1.0x, 0 failed',
        failures === 0 && result.requests.average >= rate * 0.95,
      ),
      row('server resident memory after that load vs before it', 'MB', single(afterLoad), afterWork, 'flat'),
    ];
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}
