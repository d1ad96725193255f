/**
 * The rule linter over stored versions: `agent lint` prints the diagnostics and exits 1 on an
 * error, and a version stored before per-tool `rules` were refused keeps them, with the
 * `ignored_tool_rules` warning on the next save. Such a version is made by writing its row
 * directly (no save accepts it any more), then opening the file in a second studio, as after an
 * upgrade of the server.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { call, createTestStudio, sqliteHandle } from '../../support/studio';
import { runCapturing } from './cli-support';

let test: Awaited<ReturnType<typeof createTestStudio>>;
let reopened: Awaited<ReturnType<typeof createStudio>>;
let server: ServerType;
let url: string;

const base = { name: 'Lint', model: 'openai/gpt-4o-mini', instructions: 'Help.' };
const pro = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };

beforeAll(async () => {
  test = await createTestStudio();
  const agents = test.studio.editor.agents;
  await agents.create({ id: 'clean', ...base, tools: [{ value: { 'world-time': {} }, rules: pro }] });
  await agents.create({ id: 'legacy', ...base, tools: { 'world-time': {} } });
  // A version stored before per-tool rules were refused, and one with an error the linter now finds.
  const rewrite = sqliteHandle(test.studio).sqlite.prepare(
    'UPDATE agent_versions SET snapshot = ? WHERE agent_id = ? AND version_number = 1',
  );
  rewrite.run(JSON.stringify({ ...base, tools: { 'world-time': { rules: pro } } }), 'legacy');
  await agents.create({ id: 'broken', ...base, tools: { 'world-time': {} } });
  const never = { operator: 'AND', conditions: [{ field: 'tier', operator: 'in', value: [] }] };
  rewrite.run(JSON.stringify({ ...base, tools: [{ value: { 'world-time': {} }, rules: never }] }), 'broken');
  reopened = await createStudio({
    logger: silentLogger,
    ...test.reopen,
    settings: { mode: 'test', ...test.reopen.settings },
  });
  url = await new Promise<string>((resolve) => {
    server = serve({ fetch: reopened.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
  });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await reopened.close();
  await test.cleanup();
});

const lint = (...argv: string[]) => runCapturing(['agent', 'lint', ...argv], { environment: { STUDIO_URL: url } });

describe('agent lint', () => {
  it('says there is nothing to report and exits 0', async () => {
    expect(await lint('clean')).toMatchObject({ code: 0, stdout: 'clean: no rule problems.' });
  });

  it('prints a warning with its path and exits 0', async () => {
    const { code, stdout } = await lint('legacy', '--version', '1');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^warning ignored_tool_rules at tools\.world-time\.rules: /);
  });

  it('prints an error and exits 1', async () => {
    const { code, stdout, stderr } = await lint('broken');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^error never_matches at tools\[0\]\.rules\.conditions\[0\]: /);
    expect(stderr).toContain('broken: 1 rule error(s).');
  });

  it('prints the diagnostics as JSON', async () => {
    const { stdout } = await lint('legacy', '--json');
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'ignored_tool_rules', path: 'tools.world-time.rules' }),
    ]);
  });
});

describe('a version stored with per-tool rules', () => {
  it('keeps them through a save of another field, which answers the warning', async () => {
    const saved = await call(reopened, 'PATCH', '/api/agents/legacy', { baseVersionNumber: 1, description: 'Kept' });
    expect(saved.status).toBe(200);
    expect(saved.body.version.tools).toEqual({ 'world-time': { rules: pro } });
    expect(saved.body.warnings).toEqual([expect.objectContaining({ code: 'ignored_tool_rules' })]);
  });
});
