import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../support/server-process';

const root = join(import.meta.dirname, '..', '..', '..');

/** Runs the compiled CLI (dist/cli.js) as a user would. */
function cli(args: string[], environment: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...environment },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the compiled agent-studio CLI against the production server', () => {
  const url = inject('serverUrl');

  it('executes a demo tool and prints its output as JSON (STUDIO_URL, and the `api` alias with --url)', () => {
    const viaEnvironment = cli(['tool', 'execute', 'convert-units', '{"value": 10, "from": "km", "to": "mi"}'], {
      STUDIO_URL: url,
    });
    expect(viaEnvironment.code).toBe(0);
    expect(JSON.parse(viaEnvironment.stdout)).toMatchObject({ kind: 'length', from: 'km', to: 'mi' });

    const viaAlias = cli([
      'api',
      'tool',
      'execute',
      'convert-units',
      '{"value": 0, "from": "c", "to": "f"}',
      '--url',
      url,
    ]);
    expect(viaAlias.code).toBe(0);
    expect(JSON.parse(viaAlias.stdout).result).toBe(32);
  });

  it('prints every validation problem on stderr and exits 1', () => {
    const result = cli(['tool', 'execute', 'convert-units', '{"value": "ten"}', '--url', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Tool input validation failed for convert-units');
    expect(result.stderr).toMatch(/- value: /);
    expect(result.stderr).toMatch(/- from: /);
  });

  it('rejects an argument that is not JSON with exit 1', () => {
    const result = cli(['tool', 'execute', 'convert-units', '{value: 1', '--url', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not valid JSON/);
  });

  it('exits 2 and says how to start the server when none answers', async () => {
    const port = await freePort();
    const result = cli(['tool', 'list', '--url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('npm start');
  });
});
