/**
 * `STUDIO_SEED_DEMO=false`: the server starts on an empty database and leaves it empty, so a
 * deployment that is about to receive a restore holds nothing the backup did not bring.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');
const directory = mkdtempSync(join(tmpdir(), 'studio-seed-demo-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('STUDIO_SEED_DEMO', () => {
  it('false leaves an empty database empty: no demo agent, no seed log line', { timeout: 90_000 }, async () => {
    server = await startServerProcess({ root, directory, spawn, environment: { STUDIO_SEED_DEMO: 'false' } });
    const response = await fetch(`${server.url}/api/agents/demo-assistant`);
    expect(response.status).toBe(404);
    const listed = (await (await fetch(`${server.url}/api/agents`)).json()) as { items: Array<{ status: string }> };
    expect(listed.items.filter((item) => item.status !== 'code_only')).toEqual([]);
    expect(server.output()).not.toContain('Seeded an empty database');
  });
});
