/** Storage spec section 2, rules 1-12, on a real SQLite file through the editor service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditor } from '@/lib/editor';
import { silentLogger } from '@/lib/logger';
import { createTool } from '@/lib/tools';
import { rejection } from '../../support/rejection';
import { createTestStudio, sqliteHandle } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let counter = 0;
const editor = () => context.studio.editor;
const base = { name: 'Support', model: 'openai/gpt-4o-mini', instructions: 'Help customers.' };

async function newAgent(extra: Record<string, unknown> = {}) {
  counter += 1;
  const id = `agent-${counter}`;
  await editor().agents.create({ id, ...base, ...extra });
  return id;
}

beforeAll(async () => {
  // A published version may only name tools the studio has (the publish checks).
  const a = createTool({ id: 'a', description: 'A tool', inputSchema: { type: 'object' }, execute: async () => 'a' });
  context = await createTestStudio({ tools: { a } });
});
afterAll(() => context.cleanup());

describe('rule 1: create', () => {
  it('creates a draft record with version 1 holding every given field', async () => {
    const { agent, version, droppedFields } = await editor().agents.create({
      id: 'create-1',
      ...base,
      description: 'Desk',
      tools: { search: {} },
      metadata: { team: 'cx' },
      actor: 'alice',
    });
    expect(agent).toMatchObject({
      id: 'create-1',
      source: 'stored',
      status: 'draft',
      activeVersionId: null,
      activeVersionNumber: null,
      latestVersionNumber: 1,
    });
    expect(agent.metadata).toEqual({ team: 'cx' });
    expect(agent.authorId).toBe('alice');
    expect(version).toMatchObject({
      versionNumber: 1,
      changeMessage: 'Initial version',
      authorId: 'alice',
      ...base,
      description: 'Desk',
      tools: { search: {} },
    });
    expect(version.changedFields).toEqual(['name', 'description', 'instructions', 'model', 'tools']);
    expect(version.configHash).toMatch(/^[0-9a-f]{64}$/);
    expect(droppedFields).toEqual([]);
  });

  it('refuses a duplicate id with a conflict', async () => {
    const id = await newAgent();
    const error = await rejection(editor().agents.create({ id, ...base }));
    expect(error.code).toBe('conflict');
    expect(error.status).toBe(409);
  });

  it('needs a name, a model and non-empty instructions for a stored agent', async () => {
    const error = await rejection(editor().agents.create({ id: 'incomplete', instructions: ' ' }));
    expect(error.code).toBe('invalid_input');
    expect((error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      'name',
      'model',
      'instructions',
    ]);
  });

  it('rejects a malformed id', async () => {
    const error = await rejection(editor().agents.create({ id: 'Bad Id', ...base }));
    expect(error.details?.issues).toEqual([expect.objectContaining({ path: 'id' })]);
  });
});

describe('rule 2: save', () => {
  it('writes no version when no provided field differs, and says so', async () => {
    const id = await newAgent({ tools: { a: {}, b: { description: 'x' } } });
    const result = await editor().agents.update({
      id,
      baseVersionNumber: 1,
      name: base.name,
      tools: { b: { description: 'x' }, a: {} },
    });
    expect(result.created).toBe(false);
    expect(result.version.versionNumber).toBe(1);
    expect((await editor().agents.listVersions(id)).items).toHaveLength(1);
  });

  it('writes N+1 = latest with the provided fields replaced; changedFields are exactly the differing ones', async () => {
    const id = await newAgent({ description: 'keep me' });
    const result = await editor().agents.update({
      id,
      baseVersionNumber: 1,
      name: base.name,
      instructions: 'New.',
      changeMessage: 'Reworded',
    });
    expect(result.created).toBe(true);
    expect(result.version).toMatchObject({
      versionNumber: 2,
      instructions: 'New.',
      description: 'keep me',
      name: base.name,
      changeMessage: 'Reworded',
    });
    expect(result.version.changedFields).toEqual(['instructions']);
  });

  it("clears a field with null and defaults the message to 'Saved from editor'", async () => {
    const id = await newAgent({ description: 'gone soon' });
    const result = await editor().agents.update({ id, baseVersionNumber: 1, description: null });
    expect(result.version.changedFields).toEqual(['description']);
    expect(result.version.changeMessage).toBe('Saved from editor');
    expect('description' in result.version).toBe(false);
  });

  it('never publishes', async () => {
    const id = await newAgent();
    await editor().agents.publish({ id, versionNumber: 1 });
    const result = await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'Draft change.' });
    expect(result.agent).toMatchObject({
      status: 'published',
      activeVersionNumber: 1,
      latestVersionNumber: 2,
      hasUnpublishedChanges: true,
    });
  });

  it('refuses to clear what a stored agent needs', async () => {
    const id = await newAgent();
    const error = await rejection(editor().agents.update({ id, baseVersionNumber: 1, model: null }));
    expect(error.details?.issues).toEqual([expect.objectContaining({ path: 'model' })]);
  });

  it('validates provided fields with every problem and its path', async () => {
    const id = await newAgent();
    const error = await rejection(
      editor().agents.update({
        id,
        baseVersionNumber: 1,
        model: 'nope',
        tools: [{ value: {}, rules: { operator: 'AND', conditions: [{ field: 'a', operator: 'like', value: 1 }] } }],
      } as never),
    );
    expect((error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      'model',
      'tools.0.rules.conditions.0.operator',
    ]);
  });

  it('shallow-merges metadata into the record without a new version', async () => {
    const id = await newAgent({ metadata: { a: 1, b: 2 } });
    const result = await editor().agents.update({ id, baseVersionNumber: 1, metadata: { b: 3, c: 4 } });
    expect(result.created).toBe(false);
    expect(result.agent.metadata).toEqual({ a: 1, b: 3, c: 4 });
  });
});

describe('rule 3: optimistic concurrency', () => {
  it('rejects a stale base with the fields changed since, and overwrites nothing', async () => {
    const id = await newAgent();
    await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'Two.' });
    await editor().agents.update({ id, baseVersionNumber: 2, tools: { search: {} }, description: 'Three' });
    const error = await rejection(editor().agents.update({ id, baseVersionNumber: 1, name: 'Mine' }));
    expect(error.code).toBe('version_conflict');
    expect(error.status).toBe(409);
    expect(error.details).toEqual({
      baseVersionNumber: 1,
      latestVersionNumber: 3,
      changedFields: ['description', 'instructions', 'tools'],
    });
    const latest = await editor().agents.getById(id);
    expect(latest.version).toMatchObject({ versionNumber: 3, name: base.name });
  });

  it('never lets saves to different agents block each other', async () => {
    const first = await newAgent();
    const second = await newAgent();
    await editor().agents.update({ id: first, baseVersionNumber: 1, instructions: 'A' });
    const result = await editor().agents.update({ id: second, baseVersionNumber: 1, instructions: 'B' });
    expect(result.created).toBe(true);
  });
});

describe('rules 4 and 5: publish and unpublish', () => {
  it('publishes idempotently and reports the published version', async () => {
    const id = await newAgent();
    await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'Two.' });
    const first = await editor().agents.publish({ id, versionNumber: 2 });
    const again = await editor().agents.publish({ id, versionNumber: 2 });
    expect(first.agent).toMatchObject({ status: 'published', activeVersionNumber: 2, hasUnpublishedChanges: false });
    expect(again.agent).toEqual(first.agent);
    const audit = await editor().audit.list({ entity: 'agent', entityId: id });
    expect(audit.items.filter((entry) => entry.action === 'agent.publish')).toHaveLength(1);
  });

  it('compares and swaps with an expected active version', async () => {
    const id = await newAgent();
    await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'Two.' });
    const published = await editor().agents.publish({ id, versionNumber: 1, expectedActiveVersionId: null });
    const error = await rejection(editor().agents.publish({ id, versionNumber: 2, expectedActiveVersionNumber: null }));
    expect(error.code).toBe('conflict');
    expect(error.details).toMatchObject({ activeVersionNumber: 1 });
    const swapped = await editor().agents.publish({
      id,
      versionNumber: 2,
      expectedActiveVersionId: published.agent.activeVersionId,
    });
    expect(swapped.agent.activeVersionNumber).toBe(2);
  });

  it('unpublishes: nothing is published and the runtime default fails closed', async () => {
    const id = await newAgent();
    await editor().agents.publish({ id, versionNumber: 1 });
    const result = await editor().agents.unpublish({ id });
    expect(result.agent).toMatchObject({ status: 'draft', activeVersionId: null, hasUnpublishedChanges: true });
    const error = await rejection(editor().agents.loadVersion({ id, fallback: 'published' }));
    expect(error.code).toBe('no_published_version');
  });
});

describe('one time per write', () => {
  it('stamps a version, its record and its audit row with one reading of the clock', async () => {
    const { studio } = context;
    // A clock that moves a second on every reading: rows stamped by separate readings differ.
    let tick = Date.parse('2026-06-01T00:00:00Z');
    const ticking = createEditor({
      storage: studio.storage,
      settings: studio.settings,
      secretsKey: studio.secretsKey,
      logger: silentLogger,
      now: () => new Date((tick += 1_000)),
    });
    const id = await newAgent();
    const saved = await ticking.agents.update({ id, baseVersionNumber: 1, instructions: 'Two.' });
    const restored = await ticking.agents.restore({ id, versionNumber: 1 });
    const published = await ticking.agents.publish({ id, versionNumber: 2 });
    const audit = (await ticking.audit.list({ entity: 'agent', entityId: id })).items;
    const atOf = (action: string) => audit.find((entry) => entry.action === action)?.at;
    expect(atOf('agent.save')).toBe(saved.version.createdAt);
    expect(atOf('agent.restore')).toBe(restored.version.createdAt);
    expect(atOf('agent.publish')).toBe(published.agent.updatedAt);
    expect(new Set([saved.version.createdAt, restored.version.createdAt, published.agent.updatedAt]).size).toBe(3);
  });
});

describe('rule 6: restore', () => {
  it("creates N+1 with version k's snapshot as a draft", async () => {
    const id = await newAgent();
    await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'Two.', tools: { a: {} } });
    await editor().agents.publish({ id, versionNumber: 2 });
    const { agent, version } = await editor().agents.restore({ id, versionNumber: 1 });
    expect(version).toMatchObject({
      versionNumber: 3,
      changeMessage: 'Restored from version 1',
      instructions: base.instructions,
    });
    expect('tools' in version).toBe(false);
    expect(version.changedFields).toEqual(['instructions', 'tools']);
    expect(agent).toMatchObject({ activeVersionNumber: 2, latestVersionNumber: 3 });
    const original = await editor().agents.getById(id, { versionNumber: 1 });
    expect(version.configHash).toBe(original.version.configHash);
  });
});

describe('rule 7: delete', () => {
  it('refuses the active version, a labelled one (naming the label) and the latest; deletes others', async () => {
    const id = await newAgent();
    for (const instructions of ['2', '3', '4']) {
      const latest = (await editor().agents.getById(id)).version.versionNumber;
      await editor().agents.update({ id, baseVersionNumber: latest, instructions });
    }
    await editor().agents.publish({ id, versionNumber: 1 });
    await editor().agents.labels.set({ id, label: 'staging', versionNumber: 2, expectedRevisionToken: null });
    expect((await rejection(editor().agents.deleteVersion({ id, versionNumber: 1 }))).details).toMatchObject({
      reason: 'active',
    });
    const labelled = await rejection(editor().agents.deleteVersion({ id, versionNumber: 2 }));
    expect(labelled.code).toBe('version_in_use');
    expect(labelled.details).toMatchObject({ reason: 'label', label: 'staging' });
    expect(labelled.message).toMatch(/staging/);
    expect((await rejection(editor().agents.deleteVersion({ id, versionNumber: 4 }))).details).toMatchObject({
      reason: 'label',
      label: 'latest',
    });
    await editor().agents.deleteVersion({ id, versionNumber: 3 });
    expect((await rejection(editor().agents.getById(id, { versionNumber: 3 }))).code).toBe('version_not_found');
    expect((await editor().agents.listVersions(id)).items.map((version) => version.versionNumber)).toEqual([4, 2, 1]);
  });

  it('deletes an agent with its versions and labels', async () => {
    const id = await newAgent();
    await editor().agents.labels.set({ id, label: 'keep', versionNumber: 1, expectedRevisionToken: null });
    await editor().agents.publish({ id, versionNumber: 1 });
    await editor().agents.delete(id);
    expect((await rejection(editor().agents.getById(id))).code).toBe('not_found');
    const sqlite = sqliteHandle(context.studio).sqlite;
    expect(sqlite.prepare('SELECT count(*) AS n FROM agent_versions WHERE agent_id = ?').get(id)).toEqual({ n: 0 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM version_labels WHERE agent_id = ?').get(id)).toEqual({ n: 0 });
    await newAgent();
  });
});
