/**
 * `agent-studio migrate` in process against a served studio: the saved-MCP-client example (it
 * checks the new client through the API first), scripts that do not compile or produce invalid
 * snapshots, `--agent` and the JSON report.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import studioConfig from '@/studio.config';
import { servedStudio } from './cli-support';

const root = join(import.meta.dirname, '..', '..', '..');
const example = join(root, 'examples', 'migrations', 'replace-mcp-client.ts');
const pro = { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] };

let studio: Awaited<ReturnType<typeof servedStudio>>;
let scripts: string;

const latest = async (id: string) => (await studio.studio.editor.agents.getById(id)).version;

beforeAll(async () => {
  studio = await servedStudio(studioConfig);
  // Outside the repository: type-only imports of `@/lib/...` are erased, so no tsconfig is needed.
  scripts = mkdtempSync(join(tmpdir(), 'studio-migrations-'));
  const clients = studio.studio.editor.mcpClients;
  for (const id of ['docs-v1', 'docs-v2'])
    await clients.create({ id, name: id, servers: { docs: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
  const agents = studio.studio.editor.agents;
  const base = { model: 'openai/gpt-4o', instructions: 'Help.' };
  await agents.create({
    id: 'plain-ref',
    name: 'Plain',
    ...base,
    mcpClients: { 'docs-v1': { tools: { search: {} } } },
  });
  await agents.create({
    id: 'variant-ref',
    name: 'Variants',
    ...base,
    mcpClients: [{ value: { other: {} } }, { value: { 'docs-v1': {} }, rules: pro }],
  });
  await agents.create({ id: 'no-ref', name: 'None', ...base });
});
afterAll(async () => {
  await studio.close();
  rmSync(scripts, { recursive: true, force: true });
});

describe('the replace-mcp-client example', () => {
  it('shows the diff of every agent that uses the old client in a dry run, and saves them with --apply', async () => {
    const dryRun = await studio.run('migrate', example);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('plain-ref (from version 1): would save');
    expect(dryRun.stdout).toContain('variant-ref (from version 1): would save');
    expect(dryRun.stdout).not.toContain('no-ref');
    expect(dryRun.stdout).toContain('+  "docs-v2": {');
    expect((await latest('plain-ref')).versionNumber).toBe(1);

    const applied = await studio.run('migrate', example, '--apply', '--json');
    const report = JSON.parse(applied.stdout);
    expect(report.results.map((result: { id: string; outcome: string }) => [result.id, result.outcome])).toEqual([
      ['no-ref', 'unchanged'],
      ['plain-ref', 'saved'],
      ['variant-ref', 'saved'],
    ]);
    expect(await latest('variant-ref')).toMatchObject({
      versionNumber: 2,
      changeMessage: 'Use saved MCP client docs-v2 instead of docs-v1',
      mcpClients: [{ value: { other: {} } }, { value: { 'docs-v2': {} }, rules: pro }],
    });
    expect((await latest('plain-ref')).mcpClients).toEqual({ 'docs-v2': { tools: { search: {} } } });
  });

  it('stops before saving anything when the new client does not exist', async () => {
    await studio.studio.editor.mcpClients.delete('docs-v2');
    const result = await studio.run('migrate', example, '--apply');
    expect([result.code, result.stdout, result.stderr]).toEqual([1, '', 'MCP client "docs-v2" does not exist.']);
  });
});

describe('scripts', () => {
  it('reports a TypeScript script that does not compile, with file and line', async () => {
    const file = join(scripts, 'broken.ts');
    writeFileSync(file, 'export default function (context) {\n  return context.agents.map((agent) => agent.id;\n}\n');
    const result = await studio.run('migrate', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The migration script .*broken\.ts does not compile:\n.*broken\.ts:2: /);
  });

  it('says a script that throws failed, naming the file and its error, with exit code 1', async () => {
    const file = join(scripts, 'm3.ts');
    writeFileSync(file, "export default function () {\n  throw new Error('boom in script');\n}\n");
    const thrown = await studio.run('migrate', file);
    expect(thrown).toMatchObject({ code: 1, stdout: '' });
    expect(thrown.stderr).toMatch(/^The migration script .*m3\.ts failed: boom in script$/m);
    expect(thrown.stderr).not.toContain('Unexpected error');

    const atLoad = join(scripts, 'top-level.mjs');
    writeFileSync(atLoad, "throw new Error('boom at load');\n");
    const loaded = await studio.run('migrate', atLoad);
    expect(loaded.code).toBe(1);
    expect(loaded.stderr).toMatch(/^The migration script .*top-level\.mjs failed while loading: boom at load$/m);
  });

  it('refuses a module without a migration function, and a file that is not a script', async () => {
    const file = join(scripts, 'empty.mjs');
    writeFileSync(file, 'export const changeMessage = "x";\n');
    expect((await studio.run('migrate', file)).stderr).toMatch(/exports no migration/);
    expect((await studio.run('migrate', join(scripts, 'missing.ts'))).stderr).toMatch(/^No migration script at /);
  });

  it('checks drafts against the snapshot schema, so a dry run shows what an apply would refuse', async () => {
    const file = join(scripts, 'invalid.ts');
    writeFileSync(
      file,
      [
        "import type { MigrationContext } from '@/lib/migrations';",
        "export const changeMessage = 'Break the model';",
        'export default function ({ agents }: MigrationContext) {',
        "  for (const agent of agents) if (agent.id === 'no-ref') agent.snapshot.model = 'no slash';",
        '}',
      ].join('\n'),
    );
    const result = await studio.run('migrate', file, '--agent', 'no-ref', '--agent', 'plain-ref');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('no-ref (from version 1): INVALID: The migrated snapshot is invalid\n  - model: ');
    expect(result.stdout).toContain('0 agent(s) would get a new version, 1 unchanged, 1 invalid.');
    expect(result.stderr).toBe('no-ref: The migrated snapshot is invalid');
  });

  it('uses --message over the script’s changeMessage, and clears a field the script deletes', async () => {
    const file = join(scripts, 'clear.mjs');
    writeFileSync(
      file,
      'export default ({ agents }) => { for (const agent of agents) delete agent.snapshot.mcpClients; };\n',
    );
    const result = await studio.run('migrate', file, '--agent', 'plain-ref', '--apply', '-m', 'No MCP clients');
    expect([result.code, result.stdout]).toEqual([
      0,
      expect.stringContaining('plain-ref (from version 2): saved as version 3'),
    ]);
    const version = await latest('plain-ref');
    expect([version.changeMessage, version.mcpClients, version.changedFields]).toEqual([
      'No MCP clients',
      undefined,
      ['mcpClients'],
    ]);
  });
});
