import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createStudioClient } from '@/lib/client';
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

  it('runs an agent, printing its streamed answer and tool lines (the scripted model of the test configuration)', async () => {
    const id = `cli-binary-${randomUUID().slice(0, 8)}`;
    const client = createStudioClient({ url });
    await client.createAgent({
      body: {
        id,
        name: 'CLI binary',
        model: 'test/scripted',
        instructions: 'Convert.',
        tools: { 'convert-units': {} },
      },
    });
    await client.publishAgentVersion({ params: { id, n: 1 } });
    const result = cli(
      ['agent', 'run', id, '--prompt', 'Convert [[call convert-units {"value":10,"from":"km","to":"mi"}]]'],
      { STUDIO_URL: url },
    );
    expect([result.code, result.stderr]).toEqual([0, '']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('→ convert-units {"value":10,"from":"km","to":"mi"}');
    expect(lines[1]).toMatch(/^← convert-units \{.*6\.21/);
    expect(lines[2]).toMatch(/^Tool results: convert-units -> /);
    expect(lines).toHaveLength(3);

    const unknown = cli(['agent', 'run', `${id}-missing`, '--prompt', 'Hi', '--url', url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`${id}-missing`);
  });

  it('exits 2 and says how to start the server when none answers', async () => {
    const port = await freePort();
    const result = cli(['tool', 'list', '--url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('npm start');
  });
});
