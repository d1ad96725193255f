/**
 * `npm start` as a user runs it (scripts/start.mjs): with dependencies installed and the build up
 * to date it reuses both, serves the editor and the API, seeds the empty database, and stops
 * cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');

describe('npm start', () => {
  it(
    'serves / and /api/health on a fresh data folder, reusing the build, and stops on SIGTERM',
    { timeout: 90_000 },
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'studio-npm-start-'));
      const port = await freePort();
      const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        env: {
          ...process.env,
          STUDIO_SKIP_INSTALL: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: `file:${join(directory, 'data', 'studio.db')}`,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const url = `http://127.0.0.1:${port}`;
        await expect
          .poll(
            async () => {
              try {
                return (await fetch(`${url}/api/health`)).status;
              } catch {
                return 0;
              }
            },
            { timeout: 60_000, interval: 200 },
          )
          .toBe(200);
        const home = await fetch(`${url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('Demo assistant');
        expect(output).toContain('The build is up to date');
        expect(output).toContain(`Agent Studio is running at http://localhost:${port}/`);
        expect(existsSync(join(directory, 'data', 'studio.db'))).toBe(true);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        rmSync(directory, { recursive: true, force: true });
      }
    },
  );
});
