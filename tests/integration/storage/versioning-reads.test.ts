/** Storage spec section 2, rules 8-12: retention, labels, reading, diff, config evolution. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotReadQueries } from '@/db/queries';
import { createEditor } from '@/lib/editor';
import { settingsFromEnvironment } from '@/lib/env';
import { silentLogger } from '@/lib/logger';
import { rejection } from '../../support/rejection';
import { createTestStudio, sqliteHandle } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let counter = 0;
const editor = () => context.studio.editor;
const base = { name: 'Support', model: 'openai/gpt-4o-mini', instructions: 'Help customers.' };

async function agentWithVersions(count: number) {
  counter += 1;
  const id = `reads-${counter}`;
  await editor().agents.create({ id, ...base });
  for (let number = 2; number <= count; number += 1)
    await editor().agents.update({ id, baseVersionNumber: number - 1, instructions: `Version ${number}` });
  return id;
}

beforeAll(async () => {
  context = await createTestStudio();
});
afterAll(() => context.cleanup());

describe('rule 8: retention', () => {
  it('keeps every version by default', async () => {
    const id = await agentWithVersions(6);
    expect((await editor().agents.listVersions(id)).items).toHaveLength(6);
  });

  it('with a maximum, deletes the oldest versions that are neither active, labelled nor latest', async () => {
    const { studio } = context;
    const limited = createEditor({
      storage: studio.storage,
      settings: studio.settings,
      secretsKey: studio.secretsKey,
      logger: silentLogger,
      maxVersionsPerAgent: 3,
    });
    await limited.agents.create({ id: 'retained', ...base });
    await limited.agents.update({ id: 'retained', baseVersionNumber: 1, instructions: '2' });
    await limited.agents.publish({ id: 'retained', versionNumber: 1 });
    await limited.agents.labels.set({ id: 'retained', label: 'pinned', versionNumber: 2, expectedRevisionToken: null });
    for (let number = 3; number <= 6; number += 1)
      await limited.agents.update({ id: 'retained', baseVersionNumber: number - 1, instructions: String(number) });
    const numbers = (await limited.agents.listVersions('retained')).items.map((version) => version.versionNumber);
    expect(numbers).toEqual([6, 2, 1]);
    const audit = await limited.audit.list({ entity: 'agent', entityId: 'retained' });
    expect(audit.items.some((entry) => entry.action === 'agent.version.retention')).toBe(true);
  });
});

describe('retention as a deployment setting', () => {
  it('is read from STUDIO_MAX_VERSIONS_PER_AGENT, refused when not a whole number from 1', () => {
    expect(settingsFromEnvironment({ STUDIO_MAX_VERSIONS_PER_AGENT: '2' }).maxVersionsPerAgent).toBe(2);
    expect(settingsFromEnvironment({}).maxVersionsPerAgent).toBeUndefined();
    expect(() => settingsFromEnvironment({ STUDIO_MAX_VERSIONS_PER_AGENT: '0' })).toThrow(
      /STUDIO_MAX_VERSIONS_PER_AGENT/,
    );
  });

  it("applies to the studio's own saves", async () => {
    const limited = await createTestStudio({ settings: { maxVersionsPerAgent: 2 } });
    try {
      const agents = limited.studio.editor.agents;
      await agents.create({ id: 'kept-short', ...base });
      for (let number = 2; number <= 4; number += 1)
        await agents.update({ id: 'kept-short', baseVersionNumber: number - 1, instructions: String(number) });
      const numbers = (await agents.listVersions('kept-short')).items.map((version) => version.versionNumber);
      expect(numbers).toEqual([4, 3]);
    } finally {
      await limited.cleanup();
    }
  });
});

describe('retention and import', () => {
  it('imports every version and label even above the maximum; retention applies from the next save', async () => {
    const { studio } = context;
    const limited = createEditor({
      storage: studio.storage,
      settings: studio.settings,
      secretsKey: studio.secretsKey,
      logger: silentLogger,
      maxVersionsPerAgent: 2,
    });
    const id = await agentWithVersions(4);
    await editor().agents.labels.set({ id, label: 'first', versionNumber: 1, expectedRevisionToken: null });
    const document = await editor().agents.export(id);
    document.agent.id = `${id}-imported`;
    const imported = await limited.agents.import(document);
    expect(imported.importedVersionNumbers).toEqual([1, 2, 3, 4]);
    await limited.agents.update({ id: document.agent.id, baseVersionNumber: 4, instructions: 'Five' });
    expect(
      (await limited.agents.listVersions(document.agent.id)).items.map((version) => version.versionNumber),
    ).toEqual([5, 1]);
  });
});

describe('rule 9: labels', () => {
  it('creates with a null token, moves with the current token, and changes the token on every move', async () => {
    const id = await agentWithVersions(3);
    const created = (
      await editor().agents.labels.set({ id, label: 'staging', versionNumber: 1, expectedRevisionToken: null })
    ).label;
    expect(created).toMatchObject({ name: 'staging', versionNumber: 1, computed: false });
    const moved = (
      await editor().agents.labels.set({
        id,
        label: 'staging',
        versionNumber: 2,
        expectedRevisionToken: created.revisionToken,
      })
    ).label;
    expect(moved.versionNumber).toBe(2);
    expect(moved.revisionToken).not.toBe(created.revisionToken);
  });

  it('conflicts on create of an existing label and on a stale token, except re-pointing at the same version with a token', async () => {
    const id = await agentWithVersions(3);
    const created = (
      await editor().agents.labels.set({ id, label: 'qa', versionNumber: 1, expectedRevisionToken: null })
    ).label;
    expect(
      (await rejection(editor().agents.labels.set({ id, label: 'qa', versionNumber: 2, expectedRevisionToken: null })))
        .code,
    ).toBe('conflict');
    const moved = (
      await editor().agents.labels.set({
        id,
        label: 'qa',
        versionNumber: 2,
        expectedRevisionToken: created.revisionToken,
      })
    ).label;
    expect(
      (
        await rejection(
          editor().agents.labels.set({
            id,
            label: 'qa',
            versionNumber: 3,
            expectedRevisionToken: created.revisionToken,
          }),
        )
      ).code,
    ).toBe('conflict');
    const same = (
      await editor().agents.labels.set({
        id,
        label: 'qa',
        versionNumber: 2,
        expectedRevisionToken: created.revisionToken,
      })
    ).label;
    expect(same).toEqual(moved);
    // Creating it again is a conflict even at the version it points at: null means "create".
    const createdAgain = await rejection(
      editor().agents.labels.set({ id, label: 'qa', versionNumber: 2, expectedRevisionToken: null }),
    );
    expect(createdAgain.code).toBe('conflict');
  });

  it('deletes only with the current token', async () => {
    const id = await agentWithVersions(1);
    const label = (
      await editor().agents.labels.set({ id, label: 'old', versionNumber: 1, expectedRevisionToken: null })
    ).label;
    expect(
      (await rejection(editor().agents.labels.delete({ id, label: 'old', expectedRevisionToken: 'stale' }))).code,
    ).toBe('conflict');
    await editor().agents.labels.delete({ id, label: 'old', expectedRevisionToken: label.revisionToken! });
    expect((await rejection(editor().agents.getById(id, { label: 'old' }))).code).toBe('version_label_not_found');
    expect(
      (await rejection(editor().agents.labels.delete({ id, label: 'old', expectedRevisionToken: 'x' }))).code,
    ).toBe('version_label_not_found');
  });

  it.each(['production', 'latest', 'Bad Name', '-x'])('refuses to write the label %j', async (label) => {
    const id = await agentWithVersions(1);
    const error = await rejection(
      editor().agents.labels.set({ id, label, versionNumber: 1, expectedRevisionToken: null }),
    );
    expect(error.code).toBe('invalid_version_label');
    expect(error.status).toBe(400);
  });

  it('lists computed production and latest before custom labels', async () => {
    const id = await agentWithVersions(2);
    await editor().agents.publish({ id, versionNumber: 1 });
    await editor().agents.labels.set({ id, label: 'beta', versionNumber: 2, expectedRevisionToken: null });
    const { items } = await editor().agents.labels.list(id);
    expect(items.map((label) => [label.name, label.versionNumber, label.computed])).toEqual([
      ['production', 1, true],
      ['latest', 2, true],
      ['beta', 2, false],
    ]);
    const version = (await editor().agents.getById(id)).version;
    expect(version.labels).toEqual(['latest', 'beta']);
  });
});

describe('rule 10: reading a version', () => {
  it('reads by versionId, versionNumber, label and status; the editor defaults to the latest', async () => {
    const id = await agentWithVersions(3);
    await editor().agents.publish({ id, versionNumber: 2 });
    await editor().agents.labels.set({ id, label: 'canary', versionNumber: 1, expectedRevisionToken: null });
    const second = (await editor().agents.getById(id, { versionNumber: 2 })).version;
    const read = async (selector?: Parameters<ReturnType<typeof editor>['agents']['getById']>[1]) =>
      (await editor().agents.getById(id, selector)).version.versionNumber;
    expect(await read()).toBe(3);
    expect(await read({ versionId: second.id })).toBe(2);
    expect(await read({ label: 'canary' })).toBe(1);
    expect(await read({ label: 'production' })).toBe(2);
    expect(await read({ label: 'latest' })).toBe(3);
    expect(await read({ status: 'published' })).toBe(2);
    expect(await read({ status: 'draft' })).toBe(3);
    expect((await editor().agents.loadVersion({ id, fallback: 'published' })).version.versionNumber).toBe(2);
  });

  it('fails closed with no published version, and names the right 404s', async () => {
    const id = await agentWithVersions(1);
    expect((await rejection(editor().agents.getById(id, { status: 'published' }))).code).toBe('no_published_version');
    expect((await rejection(editor().agents.getById(id, { label: 'production' }))).code).toBe('no_published_version');
    expect((await rejection(editor().agents.getById(id, { label: 'nope' }))).code).toBe('version_label_not_found');
    expect((await rejection(editor().agents.getById(id, { label: 'Not Valid' }))).code).toBe('invalid_version_label');
    expect((await rejection(editor().agents.getById(id, { versionNumber: 9 }))).code).toBe('version_not_found');
    expect((await rejection(editor().agents.getById(id, { versionId: randomUUID() }))).code).toBe('version_not_found');
    expect((await rejection(editor().agents.getById('no-such-agent', { status: 'published' }))).code).toBe('not_found');
    expect((await rejection(editor().agents.getById('no-such-agent'))).code).toBe('not_found');
  });

  it("does not read another agent's version by id", async () => {
    const first = await agentWithVersions(1);
    const second = await agentWithVersions(1);
    const foreign = (await editor().agents.getById(second)).version.id;
    expect((await rejection(editor().agents.getById(first, { versionId: foreign }))).code).toBe('version_not_found');
  });

  it('reads the latest, a version by number and the active version through indexes only', () => {
    const { sqlite } = sqliteHandle(context.studio);
    for (const [name, query] of Object.entries(hotReadQueries(sqliteHandle(context.studio)))) {
      const parameters = (query.match(/\?/g) ?? []).map(() => 'x');
      const plan = sqlite
        .prepare(`EXPLAIN QUERY PLAN ${query}`)
        .all(...parameters)
        .map((row) => (row as { detail: string }).detail)
        .join(' | ');
      expect(plan, name).not.toMatch(/\bSCAN\b/);
      expect(plan, name).toMatch(/SEARCH .*USING (INDEX|PRIMARY KEY|INTEGER PRIMARY KEY)|USING INDEX sqlite_autoindex/);
    }
  });
});

describe('rule 11: diff', () => {
  it('lists every differing snapshot field with its previous and current value', async () => {
    const id = await agentWithVersions(1);
    await editor().agents.update({ id, baseVersionNumber: 1, instructions: 'New', tools: { a: {} }, description: 'D' });
    await editor().agents.update({ id, baseVersionNumber: 2, description: null });
    const diff = await editor().agents.diff({ id, from: 1, to: 3 });
    expect(diff).toEqual({
      from: 1,
      to: 3,
      diffs: [
        { field: 'instructions', previous: base.instructions, current: 'New' },
        { field: 'tools', previous: null, current: { a: {} } },
      ],
    });
    expect((await editor().agents.diff({ id, from: 2 })).to).toBe(3);
  });
});

describe('rule 12: config evolution', () => {
  it('reads a version written with an older schemaVersion through the upgrade, without rewriting the row', async () => {
    const id = await agentWithVersions(1);
    const sqlite = sqliteHandle(context.studio).sqlite;
    const oldSnapshot = JSON.stringify({
      instructions: 'Old',
      model: { name: 'gpt-4o', provider: 'openai' },
      name: 'Old',
    });
    sqlite
      .prepare(
        "INSERT INTO agent_versions (id, agent_id, version_number, schema_version, snapshot, config_hash, changed_fields, change_message, author_id, created_at) VALUES (?, ?, 2, 1, ?, 'legacy', '[]', 'from v1', 'system', '2024-01-01T00:00:00.000Z')",
      )
      .run(randomUUID(), id, oldSnapshot);
    sqlite.prepare('UPDATE agents SET latest_version_number = 2 WHERE id = ?').run(id);
    const { version } = await editor().agents.getById(id);
    expect(version).toMatchObject({ versionNumber: 2, schemaVersion: 1, model: 'openai/gpt-4o', name: 'Old' });
    expect(
      sqlite.prepare('SELECT snapshot FROM agent_versions WHERE agent_id = ? AND version_number = 2').get(id),
    ).toEqual({ snapshot: oldSnapshot });
    const saved = await editor().agents.update({ id, baseVersionNumber: 2, instructions: 'Newer' });
    expect(saved.version).toMatchObject({
      versionNumber: 3,
      schemaVersion: 2,
      model: 'openai/gpt-4o',
      changedFields: ['instructions'],
    });
  });
});
