/**
 * `copyDatabase` from a source that is still being written: the copy and its check both see the
 * source at the one moment the copy read it; a copy that does not match leaves the target as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyDatabase, DatabaseCopyError } from '@/db/copy';
import { openStorage } from '@/db/open-storage';
import type { Storage } from '@/db/storage';
import { createStudio } from '@/lib';
import { silentLogger } from '@/lib/logger';
import { createTestDatabase, testPostgresUrl } from '../../support/postgres-database';

const settings = { mode: 'test' as const, secretsKey: 'copy-test-secrets-key-0123456789' };
const directory = mkdtempSync(join(tmpdir(), 'studio-live-copy-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const agent = (id: string) => ({ id, name: id, model: 'openai/gpt-4o', instructions: 'Help.' });

/** The storage with some of its `tables` methods replaced: a source or target that misbehaves on cue. */
function withTables(storage: Storage, replace: (original: Storage['tables']) => Partial<Storage['tables']>): Storage {
  const tables = Object.assign(Object.create(storage.tables) as Storage['tables'], replace(storage.tables));
  return Object.assign(Object.create(storage) as Storage, { tables });
}

describe.skipIf(testPostgresUrl() === undefined)('copying a database that a studio is still writing', () => {
  it('copies and checks one moment of the source, so a save during the copy makes no false mismatch', async () => {
    const database = await createTestDatabase({ empty: true });
    const studio = await createStudio({ database: { url: database.url }, settings, logger: silentLogger });
    const source = await openStorage({ url: database.url, existing: true });
    const target = await openStorage({ url: `file:${join(directory, 'live.db')}` });
    try {
      await studio.editor.agents.create(agent('before'));
      let saved = false;
      // After the copy's first read of the source, the studio saves a new agent and version.
      const live = withTables(source, (tables) => ({
        page: async (name, range) => {
          const rows = await tables.page(name, range);
          if (!saved) {
            saved = true;
            await studio.editor.agents.create(agent('during'));
          }
          return rows;
        },
      }));
      const copied = await copyDatabase({ source: live, target });
      expect(saved).toBe(true);
      expect(copied.find((table) => table.table === 'agents')?.rows).toBe(1);
      expect(await target.tables.count('agents')).toBe(1);
      expect(await source.tables.count('agents')).toBe(2);
    } finally {
      await Promise.all([studio.close(), source.close(), target.close()]);
      await database.drop();
    }
  });
});

describe('a copy that does not match', () => {
  it('is refused naming the table, and leaves the target as it was', async () => {
    const sourceUrl = `file:${join(directory, 'source.db')}`;
    const studio = await createStudio({ database: { url: sourceUrl }, settings, logger: silentLogger });
    await studio.editor.agents.create(agent('one'));
    await studio.editor.agents.create(agent('two'));
    await studio.close();
    const source = await openStorage({ url: sourceUrl, existing: true });
    const target = await openStorage({ url: `file:${join(directory, 'short.db')}` });
    try {
      // A target that loses a row of agent_versions on the way.
      const lossy = withTables(target, (tables) => ({
        insert: (name, rows) => tables.insert(name, name === 'agentVersions' ? rows.slice(1) : rows),
      }));
      const copy = copyDatabase({ source, target: lossy });
      await expect(copy).rejects.toThrow(DatabaseCopyError);
      await expect(copy).rejects.toThrow(/agent_versions has 1 rows in .* and 2 in/);
      expect(await target.tables.count('agents')).toBe(0);
      expect(await target.tables.count('agentVersions')).toBe(0);
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  });
});
