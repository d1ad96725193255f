/**
 * The production server judges the address it binds, not the name in `HOST`. Each start runs in
 * its own mount and network namespace (`unshare -m -n`, as root) with a hosts file of the test's
 * own bind-mounted over /etc/hosts, where `studio.localhost` (a loopback-looking name) resolves to
 * 0.0.0.0: every interface. Nothing it binds is reachable from outside the namespace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import serverNodeFlags from '../../../scripts/server-node-flags.json';

const root = join(import.meta.dirname, '..', '..', '..');
const banner = 'Agent Studio is running at';
const namespacesWork = spawnSync('unshare', ['-m', '-n', 'true']).status === 0;

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'studio-listen-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/**
 * Starts dist/server.js in the namespace and waits for its banner or its exit; a started server is
 * stopped at once. Resolves with the exit code (`null` when it started) and everything it printed.
 */
function startInNamespace(environment: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const hosts = join(directory, 'hosts');
  writeFileSync(hosts, '127.0.0.1 localhost\n0.0.0.0 studio.localhost\n');
  const command = [process.execPath, ...serverNodeFlags.nodeFlags, join(root, 'dist', 'server.js')];
  const child = spawn(
    'unshare',
    ['-m', '-n', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts, ...command],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: '3000',
        DATABASE_URL: `file:${join(directory, 'studio.db')}`,
        LOG_LEVEL: 'warn',
        ...environment,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`No banner and no exit within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      // The notice follows the banner line; wait for the line after it too.
      if (!started && output.includes(banner) && output.split(banner)[1]!.split('\n').length > 2) {
        started = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: started ? null : code, output });
    });
  });
}

describe.skipIf(!namespacesWork)('HOST names that resolve to every interface (needs root for unshare -m -n)', () => {
  it('refuses to start with sign-in off, naming the address the name resolves to', async () => {
    const { code, output } = await startInNamespace({ HOST: 'studio.localhost', STUDIO_AUTH: 'off' });
    expect(code, output).toBe(1);
    expect(output).toMatch(
      /HOST=studio\.localhost \(which resolves to 0\.0\.0\.0\) with STUDIO_AUTH=off would let anyone[\s\S]*STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true/,
    );
    expect(output).not.toContain(banner);
  }, 70_000);

  it('requires sign-in by default and says the server listens on 0.0.0.0', async () => {
    const { code, output } = await startInNamespace({ HOST: 'studio.localhost' });
    expect(code, output).toBeNull();
    expect(output).toMatch(/Anyone who can reach port 3000 on 0\.0\.0\.0 \(HOST=studio\.localhost\) can reach it/);
    expect(output).toMatch(/STUDIO_AUTH=required/);
    expect(output).not.toMatch(/Only programs on this machine/);
  }, 70_000);

  it('starts with the explicit opt-in and warns about the real address', async () => {
    const { code, output } = await startInNamespace({
      HOST: 'studio.localhost',
      STUDIO_AUTH: 'off',
      STUDIO_ALLOW_UNAUTHENTICATED_NETWORK: 'true',
    });
    expect(code, output).toBeNull();
    expect(output).toMatch(/WARNING: listening on 0\.0\.0\.0 \(HOST=studio\.localhost\) without sign-in/);
  }, 70_000);
});
