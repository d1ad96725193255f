/**
 * `agent-studio/client` from outside the repository: the package linked into a temp folder's
 * node_modules, imported by plain Node through package.json `exports`, talking to a served studio;
 * and the client's bundle held to the size limit of docs/client.md, with no UI, zod or playground
 * chat code in it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedStudio } from '../cli/cli-support';

/** docs/client.md: the limit of dist/client.js (today about 18 KB; it was 769 KB with zod in it). */
const sizeLimitBytes = 40 * 1024;

const root = join(import.meta.dirname, '..', '..', '..');
let studio: Awaited<ReturnType<typeof servedStudio>>;
let folder: string;

beforeAll(async () => {
  studio = await servedStudio();
  await studio.studio.editor.agents.create({
    id: 'outside',
    name: 'Outside',
    model: 'openai/gpt-4o-mini',
    instructions: 'Seen from outside.',
  });
  folder = mkdtempSync(join(tmpdir(), 'studio-client-package-'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(root, join(folder, 'node_modules', 'agent-studio'), 'dir');
});
afterAll(async () => {
  await studio.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('agent-studio/client', () => {
  it('is imported by plain Node outside the repository and talks to a studio', { timeout: 30_000 }, async () => {
    writeFileSync(
      join(folder, 'script.mjs'),
      [
        "import { createStudioClient, StudioApiError } from 'agent-studio/client';",
        'const client = createStudioClient({ url: process.env.STUDIO_URL });',
        "const { agent } = await client.getAgent({ params: { id: 'outside' }, query: {} });",
        "const missing = await client.getAgent({ params: { id: 'nobody' }, query: {} }).catch((error) => error);",
        'console.log(JSON.stringify({ id: agent.id, missing: missing instanceof StudioApiError ? missing.code : null }));',
      ].join('\n'),
    );
    // Asynchronous: the studio answering the script runs in this process.
    const { stdout } = await promisify(execFile)(process.execPath, ['script.mjs'], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', STUDIO_URL: studio.url },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toEqual({ id: 'outside', missing: 'not_found' });
  });

  it('refuses deep imports of the repository: only the exported entry points are reachable', async () => {
    writeFileSync(join(folder, 'deep.mjs'), "await import('agent-studio/lib/client/index.ts');");
    const result = await promisify(execFile)(process.execPath, ['deep.mjs'], { cwd: folder, encoding: 'utf8' }).catch(
      (error: { stderr: string }) => error,
    );
    expect(result.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it(`is at most ${sizeLimitBytes / 1024} KB, with no UI, zod or playground chat code in it`, async () => {
    expect(statSync(join(root, 'dist', 'client.js')).size).toBeLessThanOrEqual(sizeLimitBytes);
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: ['lib/client/index.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(metafile.inputs);
    const forbidden = inputs.filter((input) =>
      /node_modules\/(zod|react|react-dom|next|@hono|hono|ai|drizzle-orm)\/|^app\/|^lib\/playground\/(?!read-run-events)/.test(
        input,
      ),
    );
    expect(forbidden).toEqual([]);
    expect(inputs).toContain('lib/client/create-client.ts');
  });
});
