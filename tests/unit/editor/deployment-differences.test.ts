/**
 * How a restore settles an agent's published version and labels where the target and the backup
 * differ: listed and written by nobody without a preference, taken from the backup with `backup`,
 * kept with `target`; what only the backup has is added whatever the preference.
 */
import { describe, expect, it } from 'vitest';
import type { Issue } from '@/lib/errors';
import { planPointers, type DeploymentPreference } from '@/lib/editor/deployment-differences';

async function plan({
  prefer,
  published,
  backupPublished,
  targetLabels = {},
  backupLabels = [],
  present = [1, 2],
}: {
  prefer?: DeploymentPreference;
  published: number | null;
  backupPublished: number | null;
  targetLabels?: Record<string, number>;
  backupLabels?: Array<{ name: string; versionNumber: number }>;
  present?: number[];
}) {
  const differences: Issue[] = [];
  const notes = { kept: [] as string[], replaced: [] as string[] };
  const pointers = await planPointers({
    scope: { prefer, path: 'agents.0', subject: 'Agent "a"', notes, differences },
    published,
    backupPublished,
    backupLabels,
    targetLabel: async (name) => targetLabels[name],
    present: new Set(present),
  });
  return { pointers, differences: differences.map((issue) => issue.message), notes };
}

describe('planPointers', () => {
  it.each([
    { prefer: undefined, publishedVersionNumber: null, unpublishes: false, kept: [], replaced: [] },
    { prefer: 'target' as const, publishedVersionNumber: null, unpublishes: false, kept: ['published'], replaced: [] },
    { prefer: 'backup' as const, publishedVersionNumber: 2, unpublishes: false, kept: [], replaced: ['published'] },
  ])(
    'another published version, prefer $prefer',
    async ({ prefer, publishedVersionNumber, unpublishes, kept, replaced }) => {
      const result = await plan({ prefer, published: 1, backupPublished: 2 });
      expect(result.differences).toEqual(['Agent "a": the published version here is 1, the backup publishes 2']);
      expect(result.pointers).toMatchObject({
        publishedVersionNumber,
        unpublishes,
        keptPointers: prefer === 'backup' ? [] : ['published'],
      });
      expect([result.notes.kept.length, result.notes.replaced.length]).toEqual([kept.length, replaced.length]);
    },
  );

  it('unpublishes with prefer backup when the backup publishes nothing', async () => {
    const { pointers } = await plan({ prefer: 'backup', published: 1, backupPublished: null });
    expect(pointers).toMatchObject({ publishedVersionNumber: null, unpublishes: true });
  });

  it('publishes the backup version on a target with nothing published, with no difference', async () => {
    const result = await plan({ published: null, backupPublished: 2 });
    expect([result.pointers.publishedVersionNumber, result.differences]).toEqual([2, []]);
  });

  it.each([
    { prefer: undefined, labels: [], labelsMoved: [], keptPointers: ['label stable'] },
    { prefer: 'target' as const, labels: [], labelsMoved: [], keptPointers: ['label stable'] },
    { prefer: 'backup' as const, labels: [], labelsMoved: ['stable'], keptPointers: [] },
  ])('a label on another version, prefer $prefer', async ({ prefer, ...expected }) => {
    const result = await plan({
      prefer,
      published: 1,
      backupPublished: 1,
      targetLabels: { stable: 1 },
      backupLabels: [
        { name: 'stable', versionNumber: 2 },
        { name: 'fresh', versionNumber: 2 },
      ],
    });
    expect(result.differences).toEqual(['Agent "a": label stable points at version 1 here, at 2 in the backup']);
    expect(result.pointers).toMatchObject({ ...expected, labels: ['fresh', ...expected.labels] });
  });

  it('keeps a label whose version is not here as a difference, whatever the preference', async () => {
    const result = await plan({
      prefer: 'backup',
      published: 1,
      backupPublished: 1,
      backupLabels: [{ name: 'old', versionNumber: 3 }],
    });
    expect(result.differences).toEqual(['Agent "a": label old: version 3 is not here']);
    expect(result.pointers).toMatchObject({ labels: [], keptPointers: ['label old'] });
    expect(result.notes).toEqual({ kept: ['label old: version 3 is not here'], replaced: [] });
  });
});
