import { describe, expect, it } from 'vitest';
import { checkAgentSnapshot, currentSnapshotSchemaVersion, upgradeSnapshot } from '@/lib/snapshots';

describe('snapshot upgrades (storage spec rule 12)', () => {
  it('upgrades a version 1 snapshot: the model object becomes a provider/model string', () => {
    const old = { name: 'Old', instructions: 'x', model: { provider: 'openai', name: 'gpt-4o' }, tools: ['search'] };
    const result = upgradeSnapshot({ snapshot: old, schemaVersion: 1 });
    expect(result).toEqual({
      ok: true,
      value: {
        schemaVersion: currentSnapshotSchemaVersion,
        upgradedFrom: 1,
        snapshot: { name: 'Old', instructions: 'x', model: 'openai/gpt-4o', tools: ['search'] },
      },
    });
    expect(old.model).toEqual({ provider: 'openai', name: 'gpt-4o' });
    if (result.ok) expect(checkAgentSnapshot(result.value.snapshot).ok).toBe(true);
  });

  it('leaves a version 1 snapshot that already has a string model alone', () => {
    const result = upgradeSnapshot({ snapshot: { model: 'a/b' }, schemaVersion: 1 });
    expect(result).toMatchObject({ ok: true, value: { snapshot: { model: 'a/b' }, upgradedFrom: 1 } });
  });

  it('passes current snapshots through without marking them upgraded', () => {
    const snapshot = { model: 'a/b' };
    const result = upgradeSnapshot({ snapshot, schemaVersion: currentSnapshotSchemaVersion });
    expect(result).toEqual({ ok: true, value: { snapshot, schemaVersion: currentSnapshotSchemaVersion } });
  });

  it.each([[0], [currentSnapshotSchemaVersion + 1], [1.5]])('refuses schemaVersion %s', (schemaVersion) => {
    expect(upgradeSnapshot({ snapshot: {}, schemaVersion }).ok).toBe(false);
  });

  it('refuses a snapshot that is not an object', () => {
    expect(upgradeSnapshot({ snapshot: [], schemaVersion: 1 })).toMatchObject({
      ok: false,
      issues: [{ path: 'root', message: expect.stringMatching(/JSON object/) }],
    });
  });
});
