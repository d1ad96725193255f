/** Publishing, restore, version deletion, diff, labels and the audit log over HTTP (api.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as callApi, createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let counter = 0;
const base = { name: 'Support', model: 'openai/gpt-4o-mini', instructions: 'v1' };

const call = (method: string, path: string, body?: unknown) => callApi(context.studio, method, path, body);

async function agentWith(versions: number) {
  counter += 1;
  const id = `versions-${counter}`;
  await call('POST', '/api/agents', { id, ...base });
  for (let number = 2; number <= versions; number += 1)
    await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: number - 1, instructions: `v${number}` });
  return id;
}

beforeAll(async () => {
  context = await createTestStudio();
});
afterAll(() => context.cleanup());

describe('publish and unpublish', () => {
  it('publishes with or without a body, idempotently, and compares and swaps', async () => {
    const id = await agentWith(2);
    const published = await call('POST', `/api/agents/${id}/versions/1/publish`);
    expect(published.status).toBe(200);
    expect(published.body.agent).toMatchObject({
      status: 'published',
      activeVersionNumber: 1,
      hasUnpublishedChanges: true,
    });
    expect(published.body.version.labels).toEqual(['production']);
    expect((await call('POST', `/api/agents/${id}/versions/1/publish`, {})).status).toBe(200);
    const stale = await call('POST', `/api/agents/${id}/versions/2/publish`, { expectedActiveVersionNumber: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', details: { activeVersionNumber: 1 } });
    const swapped = await call('POST', `/api/agents/${id}/versions/2/publish`, { expectedActiveVersionNumber: 1 });
    expect(swapped.body.agent).toMatchObject({ activeVersionNumber: 2, hasUnpublishedChanges: false });
    expect((await call('POST', `/api/agents/${id}/versions/9/publish`)).body.error.code).toBe('version_not_found');
    expect((await call('POST', `/api/agents/${id}/versions/1/publish`, { expected: 1 })).status).toBe(400);
  });

  it('unpublishes', async () => {
    const id = await agentWith(1);
    await call('POST', `/api/agents/${id}/versions/1/publish`);
    const response = await call('POST', `/api/agents/${id}/unpublish`);
    expect(response.status).toBe(200);
    expect(response.body.agent).toMatchObject({ status: 'draft', activeVersionId: null, activeVersionNumber: null });
  });
});

describe('restore and delete', () => {
  it('restores as a new draft version (201)', async () => {
    const id = await agentWith(3);
    const response = await call('POST', `/api/agents/${id}/versions/1/restore`);
    expect(response.status).toBe(201);
    expect(response.body.version).toMatchObject({
      versionNumber: 4,
      instructions: 'v1',
      changeMessage: 'Restored from version 1',
    });
  });

  it('refuses to delete a version in use with 409 version_in_use and the reason', async () => {
    const id = await agentWith(4);
    await call('POST', `/api/agents/${id}/versions/1/publish`);
    await call('PUT', `/api/agents/${id}/labels/qa`, { versionNumber: 2, expectedRevisionToken: null });
    const active = await call('DELETE', `/api/agents/${id}/versions/1`);
    expect(active.status).toBe(409);
    expect(active.body.error).toMatchObject({ code: 'version_in_use', details: { reason: 'active' } });
    expect((await call('DELETE', `/api/agents/${id}/versions/2`)).body.error.details).toMatchObject({
      reason: 'label',
      label: 'qa',
    });
    expect((await call('DELETE', `/api/agents/${id}/versions/3`)).status).toBe(200);
    expect((await call('DELETE', `/api/agents/${id}/versions/3`)).body.error.code).toBe('version_not_found');
  });

  it('deletes an agent', async () => {
    const id = await agentWith(2);
    expect(await call('DELETE', `/api/agents/${id}`)).toEqual({ status: 200, body: { deleted: true } });
    expect((await call('GET', `/api/agents/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/agents/${id}`)).status).toBe(404);
  });
});

describe('diff', () => {
  it('answers { from, to, diffs }', async () => {
    const id = await agentWith(2);
    const response = await call('GET', `/api/agents/${id}/diff?from=1&to=2`);
    expect(response).toEqual({
      status: 200,
      body: { from: 1, to: 2, diffs: [{ field: 'instructions', previous: 'v1', current: 'v2' }] },
    });
  });

  it.each([['?to=2'], ['?from=1&requestContext=%7Bnot'], ['?from=1&requestContext=%5B%5D']])(
    'answers 400 for %s',
    async (query) => {
      const id = await agentWith(2);
      expect((await call('GET', `/api/agents/${id}/diff${query}`)).status).toBe(400);
    },
  );

  it('says what a missing or malformed version number should be', async () => {
    const id = await agentWith(2);
    for (const query of ['', '?from=one', '?from=1.5']) {
      const refused = await call('GET', `/api/agents/${id}/diff${query}`);
      expect([refused.status, JSON.stringify(refused.body)]).toEqual([
        400,
        expect.stringContaining('Give a version number: a whole number from 1'),
      ]);
    }
  });
});

describe('labels', () => {
  it('creates, moves, lists and deletes with revision tokens', async () => {
    const id = await agentWith(3);
    const created = await call('PUT', `/api/agents/${id}/labels/staging`, {
      versionNumber: 1,
      expectedRevisionToken: null,
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.label).sort()).toEqual([
      'computed',
      'name',
      'revisionToken',
      'versionId',
      'versionNumber',
    ]);
    const version2 = (await call('GET', `/api/agents/${id}/versions/2`)).body.version.id;
    const moved = await call('PUT', `/api/agents/${id}/labels/staging`, {
      versionId: version2,
      expectedRevisionToken: created.body.label.revisionToken,
    });
    expect(moved.body.label).toMatchObject({ versionNumber: 2 });
    const stale = await call('PUT', `/api/agents/${id}/labels/staging`, {
      versionNumber: 3,
      expectedRevisionToken: created.body.label.revisionToken,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    const listed = await call('GET', `/api/agents/${id}/labels`);
    expect(listed.body.items.map((label: { name: string }) => label.name)).toEqual(['latest', 'staging']);
    expect((await call('DELETE', `/api/agents/${id}/labels/staging`)).status).toBe(400);
    expect((await call('DELETE', `/api/agents/${id}/labels/staging?expectedRevisionToken=wrong`)).status).toBe(409);
    const deleted = await call(
      'DELETE',
      `/api/agents/${id}/labels/staging?expectedRevisionToken=${moved.body.label.revisionToken}`,
    );
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
  });

  it.each([
    ['production', { versionNumber: 1, expectedRevisionToken: null }, 400, 'invalid_version_label'],
    ['Bad.Name', { versionNumber: 1, expectedRevisionToken: null }, 400, 'invalid_version_label'],
    ['a'.repeat(65), { versionNumber: 1, expectedRevisionToken: null }, 400, 'invalid_version_label'],
    ['ok', { versionNumber: 1 }, 400, 'invalid_input'],
    ['ok', { versionNumber: 1, versionId: 'x', expectedRevisionToken: null }, 400, 'invalid_input'],
    ['ok', { versionNumber: 7, expectedRevisionToken: null }, 404, 'version_not_found'],
  ])('PUT %s with %j answers %i %s', async (label, body, status, code) => {
    const id = await agentWith(1);
    const response = await call('PUT', `/api/agents/${id}/labels/${label}`, body);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });
});

describe('audit', () => {
  it('records every mutation with the actor, newest first, for one agent and for all', async () => {
    const id = await agentWith(2);
    await call('POST', `/api/agents/${id}/versions/2/publish`);
    await call('PUT', `/api/agents/${id}/labels/x`, { versionNumber: 1, expectedRevisionToken: null });
    await call('POST', `/api/agents/${id}/unpublish`);
    await call('POST', `/api/agents/${id}/versions/1/restore`);
    const { body } = await call('GET', `/api/agents/${id}/audit`);
    expect(body.items.map((entry: { action: string }) => entry.action)).toEqual([
      'agent.restore',
      'agent.unpublish',
      'agent.label.set',
      'agent.publish',
      'agent.save',
      'agent.create',
    ]);
    expect(
      body.items.every(
        (entry: { actor: string; entityId: string }) => entry.actor === 'local' && entry.entityId === id,
      ),
    ).toBe(true);
    const all = await call('GET', '/api/audit?limit=2');
    expect(all.body.items).toHaveLength(2);
    expect(all.body.nextCursor).toEqual(expect.any(String));
  });

  it('filters by who, what and when, combined, and pages the result', async () => {
    const id = await agentWith(3);
    const query = (params: Record<string, string>) => call('GET', `/api/audit?${new URLSearchParams(params)}`);
    const saves = await query({ action: 'agent.save', entityId: id });
    expect(
      saves.body.items.map((entry: { details: { versionNumber: number } }) => entry.details.versionNumber),
    ).toEqual([3, 2]);
    expect((await query({ actor: 'someone-else', entityId: id })).body.items).toEqual([]);
    expect((await query({ entity: 'agent', entityId: id, actor: 'local' })).body.items).toHaveLength(3);
    const paged = await query({ entityId: id, limit: '2' });
    expect(paged.body.items).toHaveLength(2);
    const rest = await query({ entityId: id, limit: '2', cursor: paged.body.nextCursor });
    expect(rest.body.items.map((entry: { action: string }) => entry.action)).toEqual(['agent.create']);
    // Entries may share a millisecond, so the expected counts come from the times themselves.
    const times = (await query({ entityId: id })).body.items.map((entry: { at: string }) => entry.at) as string[];
    const newest = times[0]!;
    const fromNewest = (await query({ entityId: id, from: newest })).body.items;
    expect(fromNewest.length).toBe(times.filter((at) => at >= newest).length);
    expect(fromNewest.length).toBeGreaterThanOrEqual(1);
    expect((await query({ entityId: id, to: newest })).body.items.length).toBe(
      times.filter((at) => at < newest).length,
    );
    expect((await query({ entityId: id, from: '2999-01-01T00:00:00Z' })).body.items).toEqual([]);
    const bad = await query({ from: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toMatch(/from/);
  });
});
