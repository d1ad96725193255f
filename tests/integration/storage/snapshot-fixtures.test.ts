/**
 * Snapshot format evolution: every export fixture written with an earlier (or the current)
 * snapshot `schemaVersion`, under tests/fixtures/snapshots/v<N>/, still imports, resolves to the
 * tools and model its `.expected.json` lists, and round-trips through export and import unchanged.
 * A `schemaVersion` below the current one without fixtures fails the suite (docs/snapshot-format.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgentSnapshot, currentSnapshotSchemaVersion, upgradeSnapshot } from '@/lib/snapshots';
import { configHash } from '@/lib/versions';
import studioConfig from '@/studio.config';
import { createTestStudio } from '../../support/studio';

const root = join(import.meta.dirname, '..', '..', 'fixtures', 'snapshots');

interface Expected {
  resolve: Array<{ versionNumber: number; requestContext: Record<string, unknown>; tools: string[]; model: string }>;
}

const fixtures = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^v\d+$/.test(entry.name))
  .flatMap((directory) =>
    readdirSync(join(root, directory.name))
      .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
      .map((file) => ({
        schemaVersion: Number(directory.name.slice(1)),
        name: `${directory.name}/${file}`,
        path: join(root, directory.name, file),
        expectedPath: join(root, directory.name, file.replace(/\.json$/, '.expected.json')),
      })),
  );

let first: Awaited<ReturnType<typeof createTestStudio>>;
let second: Awaited<ReturnType<typeof createTestStudio>>;

beforeAll(async () => {
  first = await createTestStudio(studioConfig);
  second = await createTestStudio(studioConfig);
});
afterAll(async () => {
  await first.cleanup();
  await second.cleanup();
});

describe('snapshot fixtures', () => {
  it('cover every schemaVersion up to the current one', () => {
    const covered = new Set(fixtures.map((fixture) => fixture.schemaVersion));
    for (let version = 1; version <= currentSnapshotSchemaVersion; version += 1)
      expect(covered.has(version), `no fixture in tests/fixtures/snapshots/v${version}/`).toBe(true);
    expect(Math.max(...covered)).toBe(currentSnapshotSchemaVersion);
  });

  describe.each(fixtures)('$name', ({ schemaVersion, path, expectedPath }) => {
    const document = JSON.parse(readFileSync(path, 'utf8'));
    const id: string = document.agent.id;

    it('declares the schemaVersion of its folder, and each configHash matches its snapshot as written', () => {
      expect(document.schemaVersion).toBe(schemaVersion);
      for (const version of document.versions) expect(version.configHash).toBe(configHash(version.snapshot));
    });

    it('imports, upgraded to the current format, with every version, the published one and labels', async () => {
      const result = await first.studio.editor.agents.import(document);
      expect(result.upgradedFrom).toBe(schemaVersion < currentSnapshotSchemaVersion ? schemaVersion : null);
      expect(result.importedVersionNumbers).toEqual(
        document.versions.map((version: { versionNumber: number }) => version.versionNumber),
      );
      expect(result.agent.activeVersionNumber).toBe(document.agent.activeVersionNumber);
      const labels = (await first.studio.editor.agents.labels.list(id)).items.filter((label) => !label.computed);
      expect(labels.map((label) => ({ name: label.name, versionNumber: label.versionNumber }))).toEqual(
        document.agent.labels,
      );
    });

    it('resolves each listed version and request context to the expected tools and model', async () => {
      expect(existsSync(expectedPath), `${expectedPath} lists what the fixture resolves to`).toBe(true);
      const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected;
      for (const { versionNumber, requestContext, tools, model } of expected.resolve) {
        const resolution = await first.studio.runtime.resolve(id, { selector: { versionNumber }, requestContext });
        expect(resolution.warnings).toEqual([]);
        expect(Object.keys(resolution.tools).sort()).toEqual(tools);
        expect(resolution.model).toBe(model);
      }
    });

    it('round-trips: the export holds the upgraded snapshots, and exports the same after another import', async () => {
      const exported = await first.studio.editor.agents.export(id);
      expect(exported.schemaVersion).toBe(currentSnapshotSchemaVersion);
      exported.versions.forEach((version, index) => {
        const upgraded = upgradeSnapshot({ snapshot: document.versions[index].snapshot, schemaVersion });
        expect(upgraded.ok && checkAgentSnapshot(upgraded.value.snapshot)).toMatchObject({ ok: true });
        expect(version.snapshot).toEqual(upgraded.ok ? upgraded.value.snapshot : undefined);
        expect(version.configHash).toBe(configHash(version.snapshot));
      });
      await second.studio.editor.agents.import(exported);
      const again = await second.studio.editor.agents.export(id);
      expect(again).toEqual(exported);
    });
  });
});
