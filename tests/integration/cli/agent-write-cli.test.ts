/**
 * `agent create | save | delete` and `agent label remove` against a served studio: bodies from
 * files and flags, the base-version check of a save, confirmation before a delete, errors with
 * their paths and exit codes; and the CLI-only migration of docs/cli.md run by bash with the
 * compiled CLI.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedStudio } from './cli-support';

let studio: Awaited<ReturnType<typeof servedStudio>>;
let folder: string;
const root = join(import.meta.dirname, '..', '..', '..');

const file = (name: string, value: unknown) => {
  const path = join(folder, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

beforeAll(async () => {
  studio = await servedStudio();
  folder = mkdtempSync(join(tmpdir(), 'studio-cli-write-'));
});
afterAll(async () => {
  await studio.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('agent create', () => {
  it('creates from a file, flags winning over the file, unpublished', async () => {
    const path = file('alpha.json', {
      id: 'alpha',
      name: 'From file',
      model: 'openai/gpt-4o-mini',
      instructions: 'A.',
    });
    const created = await studio.run('agent', 'create', path, '--name', 'From flag', '-m', 'First');
    expect([created.code, created.stdout]).toEqual([0, expect.stringContaining('Created alpha at version 1')]);
    const { agent, version } = await studio.studio.editor.agents.getById('alpha');
    expect([agent.status, version.name, version.changeMessage]).toEqual(['draft', 'From flag', 'First']);
  });

  it('creates from flags alone and prints JSON', async () => {
    const created = await studio.run(
      'agent',
      'create',
      '--id',
      'beta',
      '--name',
      'Beta',
      '--model',
      'openai/gpt-4o-mini',
      '--instructions',
      'B.',
      '--json',
    );
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ agent: { id: 'beta' }, version: { versionNumber: 1 } });
  });

  it('refuses bad input with every problem and its path, a duplicate id, and a file that is not an object', async () => {
    const invalid = await studio.run('agent', 'create', '--id', 'gamma', '--model', 'not-a-model');
    expect([invalid.code, invalid.stderr]).toEqual([1, expect.stringContaining('model')]);
    const incomplete = await studio.run('agent', 'create', '--id', 'gamma', '--model', 'openai/gpt-4o-mini');
    expect([incomplete.code, incomplete.stderr]).toEqual([1, expect.stringMatching(/name[\s\S]*instructions/)]);
    const duplicate = await studio.run(
      'agent',
      'create',
      file('dup.json', { id: 'beta', name: 'B', model: 'openai/gpt-4o-mini', instructions: 'B.' }),
    );
    expect([duplicate.code, duplicate.stderr]).toEqual([1, expect.stringContaining('beta')]);
    const array = await studio.run('agent', 'create', file('array.json', []));
    expect([array.code, array.stderr]).toEqual([1, expect.stringContaining('must hold a JSON object')]);
    const noId = await studio.run('agent', 'create', '--name', 'x');
    expect([noId.code, noId.stderr]).toEqual([1, expect.stringContaining('--id')]);
  });
});

describe('agent save', () => {
  it('saves a new version based on the latest, and says when nothing changed', async () => {
    const path = file('alpha-2.json', { instructions: 'A, briefly.' });
    const saved = await studio.run('agent', 'save', 'alpha', path, '--base-version', '1', '-m', 'Brief');
    expect([saved.code, saved.stdout]).toEqual([
      0,
      expect.stringContaining('Saved version 2 of alpha (changed: instructions)'),
    ]);
    const same = await studio.run('agent', 'save', 'alpha', path, '--base-version', 'latest');
    expect([same.code, same.stdout]).toEqual([0, expect.stringContaining('Nothing changed: version 2')]);
    expect((await studio.studio.editor.agents.getById('alpha')).agent.activeVersionNumber).toBeNull();
  });

  it('refuses a stale base with the fields changed since, writing nothing (exit 1)', async () => {
    const stale = await studio.run(
      'agent',
      'save',
      'alpha',
      file('stale.json', { instructions: 'Other.' }),
      '--base-version',
      '1',
    );
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('Version 2 is the latest; changed since version 1: instructions');
    expect((await studio.studio.editor.agents.getById('alpha')).agent.latestVersionNumber).toBe(2);
  });

  it('takes the base from the file, and asks for one when neither gives it', async () => {
    const fromFile = await studio.run(
      'agent',
      'save',
      'alpha',
      file('based.json', { baseVersionNumber: 2, description: 'D' }),
    );
    expect([fromFile.code, fromFile.stdout]).toEqual([0, expect.stringContaining('Saved version 3')]);
    const missing = await studio.run('agent', 'save', 'alpha', file('unbased.json', { description: 'E' }));
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('--base-version <n>')]);
    const bad = await studio.run(
      'agent',
      'save',
      'alpha',
      file('unbased.json', { description: 'E' }),
      '--base-version',
      'two',
    );
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('--base-version is a version number')]);
    const unknownField = await studio.run(
      'agent',
      'save',
      'alpha',
      file('typo.json', { instructionz: 'x' }),
      '--base-version',
      'latest',
    );
    expect([unknownField.code, unknownField.stderr]).toEqual([1, expect.stringContaining('instructionz')]);
  });
});

describe('agent delete and label remove', () => {
  it('deletes nothing without --yes, then deletes with it; an unknown agent is exit 1', async () => {
    const unconfirmed = await studio.run('agent', 'delete', 'beta');
    expect([unconfirmed.code, unconfirmed.stderr]).toEqual([1, expect.stringContaining('--yes')]);
    expect((await studio.studio.editor.agents.getById('beta')).agent.id).toBe('beta');
    const deleted = await studio.run('agent', 'delete', 'beta', '--yes');
    expect([deleted.code, deleted.stdout]).toEqual([0, 'Deleted beta with its versions and labels.']);
    const again = await studio.run('agent', 'delete', 'beta', '--yes');
    expect(again.code).toBe(1);
  });

  it('removes a label by its current token', async () => {
    expect((await studio.run('agent', 'label', 'set', 'alpha', 'stable', '2')).code).toBe(0);
    const removed = await studio.run('agent', 'label', 'remove', 'alpha', 'stable');
    expect([removed.code, removed.stdout]).toEqual([0, 'Label stable of alpha deleted.']);
  });
});

describe('the CLI-only migration of docs/cli.md', () => {
  it(
    'runs with bash and the compiled CLI, ending with the agent published and labelled',
    { timeout: 60_000 },
    async () => {
      const docs = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
      const script = /<!-- cli-migration-example -->\n```sh\n([\s\S]*?)```/.exec(docs)?.[1];
      expect(script).toBeDefined();
      await studio.studio.editor.agents.create({
        id: 'legacy-support',
        name: 'Old',
        model: 'openai/gpt-4o-mini',
        instructions: 'Old.',
      });
      const workdir = mkdtempSync(join(folder, 'migration-'));
      const cli = join(root, 'dist', 'cli.js');
      // Asynchronous: the server answering the script runs in this process.
      const result = await promisify(execFile)(
        'bash',
        ['-c', `agent-studio() { "${process.execPath}" "${cli}" "$@"; }\n${script}`],
        {
          cwd: workdir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '',
            NODE_ENV: 'production',
            STUDIO_URL: studio.url,
          },
          encoding: 'utf8',
          timeout: 50_000,
        },
      );
      expect(result.stderr).toContain('Version 2 is the latest; changed since version 1');
      const { agent, version } = await studio.studio.editor.agents.getById('support', { label: 'stable' });
      expect([agent.activeVersionNumber, agent.latestVersionNumber, version.instructions]).toEqual([
        2,
        2,
        'Answer support questions. Be brief.',
      ]);
      await expect(studio.studio.editor.agents.getById('legacy-support')).rejects.toMatchObject({ code: 'not_found' });
    },
  );
});
