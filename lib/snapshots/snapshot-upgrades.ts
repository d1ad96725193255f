/**
 * Snapshot format evolution (docs/storage.md). Every version row stores the `schemaVersion`
 * it was written with; when the format changes, one upgrade function per step converts older
 * snapshots as they are read (and when imported). Rows are never rewritten in place.
 *
 * To change the format: freeze export fixtures of the current version, bump
 * `currentSnapshotSchemaVersion`, add `upgrades[old]` converting a snapshot of version `old` to
 * `old + 1`, and a test with a real old snapshot: docs/snapshot-format.md walks through it.
 */
import { checkFailed, type CheckResult } from '../errors';

export const currentSnapshotSchemaVersion = 2;

type Upgrade = (snapshot: Record<string, unknown>) => Record<string, unknown>;

const upgrades: Record<number, Upgrade> = {
  /**
   * 1 -> 2: `model` was an object `{ provider, name }` (the format of the documents we import
   * from); it is now the `provider/model` string every other surface uses.
   */
  1: (snapshot) => {
    const model = snapshot.model;
    if (typeof model !== 'object' || model === null || Array.isArray(model)) return snapshot;
    const { provider, name } = model as Record<string, unknown>;
    if (typeof provider !== 'string' || typeof name !== 'string') return snapshot;
    return { ...snapshot, model: `${provider}/${name}` };
  },
};

export type UpgradeResult = CheckResult<{
  snapshot: Record<string, unknown>;
  schemaVersion: number;
  upgradedFrom?: number;
}>;

/** Brings a snapshot written with `schemaVersion` to the current format. Pure; never mutates. */
export function upgradeSnapshot({
  snapshot,
  schemaVersion,
}: {
  snapshot: unknown;
  schemaVersion: number;
}): UpgradeResult {
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1) {
    return checkFailed(`Unknown snapshot schemaVersion ${schemaVersion}`);
  }
  if (schemaVersion > currentSnapshotSchemaVersion) {
    return checkFailed(
      `Snapshot schemaVersion ${schemaVersion} is newer than this studio supports (${currentSnapshotSchemaVersion}); upgrade the studio first`,
    );
  }
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
    return checkFailed('A snapshot is a JSON object');
  }
  let current = snapshot as Record<string, unknown>;
  for (let version = schemaVersion; version < currentSnapshotSchemaVersion; version += 1) {
    current = upgrades[version]!(current);
  }
  return schemaVersion === currentSnapshotSchemaVersion
    ? { ok: true, value: { snapshot: current, schemaVersion } }
    : {
        ok: true,
        value: { snapshot: current, schemaVersion: currentSnapshotSchemaVersion, upgradedFrom: schemaVersion },
      };
}
