/**
 * A process killed in the middle of a save leaves the previous version intact and no partial row
 * (quality.md "Reliability"): SIGKILL while the child holds the write transaction open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { configHash } from '@/lib/versions';
import { createTestStudio, sqliteFile } from '../../support/studio';
import { buildStorageChild, removeStorageChild, startStorageChild } from './children/child-processes';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let bundle: string;

beforeAll(async () => {
  context = await createTestStudio({ settings: { secretsKey: 'storage-child-test-key' } });
  bundle = await buildStorageChild();
}, 60_000);
afterAll(async () => {
  await context.cleanup();
  removeStorageChild(bundle);
});

/** Reads the file through a fresh connection, as the next process to start would. */
function inspect(agentId: string) {
  const handle = openDatabase({ url: `file:${sqliteFile(context)}` });
  try {
    const { sqlite } = handle;
    const versions = sqlite
      .prepare(
        'SELECT version_number AS number, snapshot, config_hash AS hash FROM agent_versions WHERE agent_id = ? ORDER BY version_number',
      )
      .all(agentId) as Array<{ number: number; snapshot: string; hash: string }>;
    return {
      integrity: sqlite.pragma('integrity_check', { simple: true }),
      record: sqlite.prepare('SELECT latest_version_number AS latest FROM agents WHERE id = ?').get(agentId) as {
        latest: number;
      },
      numbers: versions.map((version) => version.number),
      hashesMatch: versions.every((version) => configHash(JSON.parse(version.snapshot)) === version.hash),
      audit: (
        sqlite
          .prepare("SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'agent.save'")
          .get(agentId) as { n: number }
      ).n,
    };
  } finally {
    handle.close();
  }
}

describe('a save killed mid-transaction', () => {
  it('leaves the previous version intact and no partial row', async () => {
    const agents = context.studio.editor.agents;
    await agents.create({ id: 'crash', name: 'C', model: 'openai/gpt-4o-mini', instructions: 'v1' });
    await agents.update({ id: 'crash', baseVersionNumber: 1, instructions: 'v2' });
    const before = inspect('crash');

    const child = startStorageChild({ bundle, databaseFile: sqliteFile(context) });
    expect(await child.next()).toEqual({ ready: true });
    child.send({ op: 'save-and-hang', agentId: 'crash', baseVersionNumber: 2, instructions: 'v3 that never lands' });
    // The child has inserted the version, moved the latest pointer and written the audit row,
    // and is paused before COMMIT.
    expect(await child.next()).toEqual({ inside: true });
    child.process.kill('SIGKILL');
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const after = inspect('crash');
    expect(after).toEqual(before);
    expect(after).toMatchObject({
      integrity: 'ok',
      record: { latest: 2 },
      numbers: [1, 2],
      hashesMatch: true,
      audit: 1,
    });
    expect((await agents.getById('crash')).version).toMatchObject({ versionNumber: 2, instructions: 'v2' });

    const next = await agents.update({ id: 'crash', baseVersionNumber: 2, instructions: 'v3' });
    expect(next.version.versionNumber).toBe(3);
  });

  it('leaves a consistent history when killed at arbitrary moments of a save loop', async () => {
    await context.studio.editor.agents.create({
      id: 'looping',
      name: 'L',
      model: 'openai/gpt-4o-mini',
      instructions: 'v1',
    });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const child = startStorageChild({ bundle, databaseFile: sqliteFile(context) });
      expect(await child.next()).toEqual({ ready: true });
      child.send({ op: 'save-loop', agentId: 'looping', size: 20_000 });
      expect(await child.next()).toEqual({ looping: true });
      await new Promise((resolve) => setTimeout(resolve, 5 + attempt * 7));
      child.process.kill('SIGKILL');
      await child.exited;
      const state = inspect('looping');
      expect(state.integrity).toBe('ok');
      expect(state.hashesMatch).toBe(true);
      expect(state.numbers).toEqual(Array.from({ length: state.record.latest }, (_, index) => index + 1));
      expect(state.audit).toBe(state.record.latest - 1);
    }
  });
});
