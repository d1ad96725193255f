/**
 * A whole-deployment restore onto a server that holds something else: the seeded demo agent
 * published at version 1, while the backup has it published at version 2 with a label on 2. The
 * restore must say so and refuse until told which side wins (`--prefer backup|target`), and it
 * must never report a verified restore while the target serves another version.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoTools } from '@/lib/demo-tools';
import { demoAgentId, seedStudio } from '@/lib/seed';
import { createTestStudio } from '../../support/studio';
import { servedStudio } from './cli-support';

let source: Awaited<ReturnType<typeof servedStudio>>;
let target: Awaited<ReturnType<typeof servedStudio>>;
let folder: string;
let backupFile: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'studio-restore-'));
  // The demo agent names the demo tools: a studio publishes only versions whose tools it has.
  source = await servedStudio({ tools: demoTools });
  await seedStudio(source.studio);
  const agents = source.studio.editor.agents;
  await agents.update({ id: demoAgentId, baseVersionNumber: 1, instructions: 'Answer in one sentence.' });
  await agents.publish({ id: demoAgentId, versionNumber: 2 });
  await agents.labels.set({ id: demoAgentId, label: 'stable', versionNumber: 2, expectedRevisionToken: null });
  backupFile = join(folder, 'backup.json');
  const exported = await source.run('export', '--all', '--without-secrets', '-o', backupFile);
  expect(exported.code).toBe(0);
});
afterAll(async () => {
  await source.close();
  rmSync(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  // A fresh server that seeded its demo agent (published at 1) and labelled that version.
  await target?.close();
  target = await servedStudio({ tools: demoTools });
  await seedStudio(target.studio);
  await target.studio.editor.agents.labels.set({
    id: demoAgentId,
    label: 'stable',
    versionNumber: 1,
    expectedRevisionToken: null,
  });
});
afterAll(async () => target?.close());

const published = async () => (await target.studio.editor.agents.getById(demoAgentId)).agent.activeVersionNumber;
const stableLabel = async () =>
  (await target.studio.editor.agents.labels.list(demoAgentId)).items.find((item) => item.name === 'stable')
    ?.versionNumber;

describe('restoring a backup onto a server that publishes another version', () => {
  it('lists the differences and refuses without --prefer, writing nothing, exit 1', async () => {
    const dryRun = await target.run('import', '--all', backupFile, '--dry-run');
    expect(dryRun.code).toBe(1);
    const restore = await target.run('import', '--all', backupFile);
    expect(restore.code).toBe(1);
    expect(restore.stdout).not.toContain('Verified');
    expect(restore.stderr).toContain('2 difference(s)');
    expect(restore.stderr).toContain('the published version here is 1, the backup publishes 2');
    expect(restore.stderr).toContain('label stable points at version 1 here, at 2 in the backup');
    expect(restore.stderr).toContain('--prefer backup');
    expect([await published(), await stableLabel()]).toEqual([1, 1]);
    expect((await target.studio.editor.agents.getById(demoAgentId)).agent.latestVersionNumber).toBe(1);
  });

  it('--prefer backup publishes the backup version and moves the label, verified, exit 0', async () => {
    const restore = await target.run('import', '--all', backupFile, '--prefer', 'backup');
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('publish version 2');
    expect(restore.stdout).toContain('replaced: the published version here is 1, the backup publishes 2');
    expect(restore.stdout).toMatch(/Verified: .* match the backup, published versions and labels included\./);
    expect([await published(), await stableLabel()]).toEqual([2, 2]);
    const again = await target.run('import', '--all', backupFile);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('0 created, 0 updated, 1 unchanged.')]);
  });

  it('--prefer target keeps what the target has, and says the target differs from the backup', async () => {
    const restore = await target.run('import', '--all', backupFile, '--prefer', 'target');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('kept: the published version here is 1, the backup publishes 2');
    expect(restore.stdout).toContain('The target differs from the backup in 2 way(s), kept by --prefer target.');
    expect([await published(), await stableLabel()]).toEqual([1, 1]);
  });

  it('refuses an unknown --prefer value', async () => {
    const restore = await target.run('import', '--all', backupFile, '--prefer', 'newest');
    expect([restore.code, restore.stderr]).toEqual([1, expect.stringContaining('--prefer is "backup" or "target"')]);
  });
});

describe('the demo seed and a restored database', () => {
  it('never seeds a database that received a restore, even one with no agents left', async () => {
    const empty = await createTestStudio();
    try {
      const backup = {
        format: 'agent-studio.deployment',
        formatVersion: 2,
        schemaVersion: 2,
        exportedAt: '2025-01-31T12:00:00.000Z',
        studioVersion: '0.1.0',
        secrets: { mode: 'omitted' },
        agents: [],
        mcpClients: [],
        integrations: [],
        counts: { agents: 0, agentVersions: 0, agentLabels: 0, mcpClients: 0, mcpClientVersions: 0, integrations: 0 },
      };
      await empty.studio.editor.deployment.import({ backup });
      expect(await seedStudio(empty.studio)).toEqual({ created: false });
      expect((await empty.studio.editor.agents.list()).items.filter((item) => item.status !== 'code_only')).toEqual([]);
    } finally {
      await empty.cleanup();
    }
  });
});
