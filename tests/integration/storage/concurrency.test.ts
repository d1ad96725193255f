/**
 * Concurrent saves from separate processes on one database file (quality.md "Reliability"):
 * exactly one save wins per base version, the others get version_conflict, and version numbers
 * have no gaps or duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, sqliteFile, sqliteHandle } from '../../support/studio';
import {
  buildStorageChild,
  removeStorageChild,
  startStorageChild,
  type StorageChild,
} from './children/child-processes';

const childCount = 6;
const rounds = 4;

let context: Awaited<ReturnType<typeof createTestStudio>>;
let children: StorageChild[] = [];
let bundle: string;

beforeAll(async () => {
  context = await createTestStudio({ settings: { secretsKey: 'storage-child-test-key' } });
  await context.studio.editor.agents.create({
    id: 'contended',
    name: 'C',
    model: 'openai/gpt-4o-mini',
    instructions: 'v1',
  });
  bundle = await buildStorageChild();
  children = Array.from({ length: childCount }, () => startStorageChild({ bundle, databaseFile: sqliteFile(context) }));
  for (const child of children) expect(await child.next()).toEqual({ ready: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop()));
  await context.cleanup();
  removeStorageChild(bundle);
});

describe('parallel processes saving the same agent', () => {
  it('let exactly one save win per base version; the rest get version_conflict', async () => {
    for (let round = 1; round <= rounds; round += 1) {
      const answers = children.map((child) => child.next());
      children.forEach((child, index) =>
        child.send({
          op: 'save',
          agentId: 'contended',
          baseVersionNumber: round,
          instructions: `round ${round} child ${index}`,
        }),
      );
      const results = await Promise.all(answers);
      const winners = results.filter((result) => result.ok === true);
      expect(winners, `round ${round}: ${JSON.stringify(results)}`).toHaveLength(1);
      expect(winners[0]).toMatchObject({ created: true, versionNumber: round + 1 });
      expect(results.filter((result) => result.ok === false).map((result) => result.code)).toEqual(
        Array(childCount - 1).fill('version_conflict'),
      );
    }
    const numbers = sqliteHandle(context.studio)
      .sqlite.prepare(
        "SELECT version_number AS n FROM agent_versions WHERE agent_id = 'contended' ORDER BY version_number",
      )
      .all()
      .map((row) => (row as { n: number }).n);
    expect(numbers).toEqual(Array.from({ length: rounds + 1 }, (_, index) => index + 1));
    const saves = (
      await context.studio.editor.audit.list({ entity: 'agent', entityId: 'contended', limit: 100 })
    ).items.filter((entry) => entry.action === 'agent.save');
    expect(saves).toHaveLength(rounds);
  });

  it('let saves to different agents all succeed at once', async () => {
    for (let index = 0; index < childCount; index += 1) {
      await context.studio.editor.agents.create({
        id: `own-${index}`,
        name: 'O',
        model: 'openai/gpt-4o-mini',
        instructions: 'v1',
      });
    }
    const answers = children.map((child) => child.next());
    children.forEach((child, index) =>
      child.send({ op: 'save', agentId: `own-${index}`, baseVersionNumber: 1, instructions: 'mine' }),
    );
    expect(await Promise.all(answers)).toEqual(children.map(() => ({ ok: true, created: true, versionNumber: 2 })));
  });
});
