/**
 * The runtime's published/latest pointer is read from SQLite at most every `pointerCacheMs` per
 * agent, and again as soon as a write commits: through the same connection, or by another
 * connection (another process sharing the file), which moves SQLite's data version.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '@/db/sqlite-storage';
import type { Storage } from '@/db/storage';
import { createEditor, type Editor } from '@/lib/editor';
import { pointerCacheMs } from '@/lib/editor/agent-reads';
import { silentLogger } from '@/lib/logger';
import { createTestStudio } from '../../support/studio';

describe('published and latest pointer cache', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let otherConnection: Storage;
  let reader: Editor;
  let writer: Editor;
  let clock = 0;

  beforeEach(async () => {
    context = await createTestStudio();
    otherConnection = openSqliteStorage({ url: `file:${context.databaseFile}` });
    const common = { settings: context.studio.settings, secretsKey: context.studio.secretsKey, logger: silentLogger };
    reader = createEditor({ ...common, storage: context.studio.storage, monotonicMs: () => clock });
    writer = createEditor({ ...common, storage: otherConnection });
    await reader.agents.create({ id: 'pointer', name: 'Pointer', model: 'openai/gpt-4o-mini', instructions: 'One.' });
    await reader.agents.publish({ id: 'pointer', versionNumber: 1 });
  });
  afterEach(async () => {
    await otherConnection.close();
    await context.cleanup();
  });

  const publishedNumber = async () =>
    (await reader.agents.loadVersion({ id: 'pointer', fallback: 'published' })).version.versionNumber;
  const latestNumber = async () =>
    (await reader.agents.loadVersion({ id: 'pointer', fallback: 'latest' })).version.versionNumber;

  it('sees writes through its own connection at once', async () => {
    expect(await publishedNumber()).toBe(1);
    await reader.agents.update({ id: 'pointer', instructions: 'Two.' });
    expect(await latestNumber()).toBe(2);
    await reader.agents.publish({ id: 'pointer', versionNumber: 2 });
    expect(await publishedNumber()).toBe(2);
  });

  it('sees writes by another connection (another process on the file) at once', async () => {
    expect(await publishedNumber()).toBe(1);
    expect(await latestNumber()).toBe(1);
    await writer.agents.update({ id: 'pointer', instructions: 'Two.' });
    await writer.agents.publish({ id: 'pointer', versionNumber: 2 });
    // The clock has not moved: the cached pointer is dropped because SQLite's data version moved.
    expect(await publishedNumber()).toBe(2);
    expect(await latestNumber()).toBe(2);
  });

  it('answers selectors that name a version exactly, whatever is cached', async () => {
    expect(await publishedNumber()).toBe(1);
    await writer.agents.update({ id: 'pointer', instructions: 'Two.' });
    const byNumber = await reader.agents.loadVersion({
      id: 'pointer',
      selector: { versionNumber: 2 },
      fallback: 'published',
    });
    expect(byNumber.version.versionNumber).toBe(2);
  });

  it('reads a pointer once for the requests that ask while the read is under way', async () => {
    let reads = 0;
    const storage = context.studio.storage;
    const versions = new Proxy(storage.queries.versions, {
      get: (target, name, receiver) =>
        name === 'activeId'
          ? (agentId: string) => {
              reads += 1;
              return target.activeId(agentId);
            }
          : Reflect.get(target, name, receiver),
    });
    const queries = new Proxy(storage.queries, {
      get: (target, name, receiver) => (name === 'versions' ? versions : Reflect.get(target, name, receiver)),
    });
    const counted = createEditor({
      settings: context.studio.settings,
      secretsKey: context.studio.secretsKey,
      logger: silentLogger,
      storage: { ...storage, queries },
      monotonicMs: () => clock,
    });
    const published = () => counted.agents.loadVersion({ id: 'pointer', fallback: 'published' });
    const answers = await Promise.all(Array.from({ length: 20 }, published));
    expect(answers.map((answer) => answer.version.versionNumber)).toEqual(Array(20).fill(1));
    expect(reads).toBe(1);
    clock += pointerCacheMs;
    await Promise.all(Array.from({ length: 20 }, published));
    expect(reads).toBe(2);
  });
});
