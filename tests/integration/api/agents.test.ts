/** The agent management API (api.md): shapes, status codes and error codes through the real app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as callApi, createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let counter = 0;
const base = { name: 'Support', model: 'openai/gpt-4o-mini', instructions: 'Help customers.' };

const call = (method: string, path: string, body?: unknown) => callApi(context.studio, method, path, body);

async function newAgent(extra: Record<string, unknown> = {}) {
  counter += 1;
  const id = `api-agent-${counter}`;
  const created = await call('POST', '/api/agents', { id, ...base, ...extra });
  expect(created.status).toBe(201);
  return id;
}

const issuePaths = (body: ResponseBody) => body.error.details.issues.map((issue: { path: string }) => issue.path);

beforeAll(async () => {
  context = await createTestStudio();
});
afterAll(() => context.cleanup());

describe('POST /api/agents', () => {
  it('answers 201 with { agent, version } and the snapshot flattened onto version', async () => {
    const { status, body } = await call('POST', '/api/agents', {
      id: 'shape',
      ...base,
      tools: { search: {} },
      changeMessage: 'First',
    });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(['agent', 'droppedFields', 'version', 'warnings']);
    expect(Object.keys(body.agent).sort()).toEqual(
      [
        'activeVersionId',
        'activeVersionNumber',
        'authorId',
        'createdAt',
        'hasUnpublishedChanges',
        'id',
        'latestVersionNumber',
        'metadata',
        'source',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(body.agent).toMatchObject({
      id: 'shape',
      source: 'stored',
      status: 'draft',
      activeVersionId: null,
      authorId: 'local',
      hasUnpublishedChanges: true,
    });
    expect(body.version).toMatchObject({
      agentId: 'shape',
      versionNumber: 1,
      schemaVersion: 2,
      changeMessage: 'First',
      labels: ['latest'],
      ...base,
      tools: { search: {} },
    });
    expect(body.version.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each<[string, unknown, string[]]>([
    ['an unknown field', { id: 'x1', ...base, colour: 'red' }, ['colour']],
    ['a missing id', { ...base }, ['id']],
    ['a bad id', { id: '-bad', ...base }, ['id']],
    ['wrong types', { id: 'x2', name: 3, model: 'a/b', instructions: 'x', tools: 'all' }, ['name', 'tools']],
  ])('answers 400 for %s, naming every path', async (_name, body, paths) => {
    const response = await call('POST', '/api/agents', body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_input');
    expect(issuePaths(response.body)).toEqual(paths);
  });

  it('answers 400 naming every missing required field of a stored agent', async () => {
    const response = await call('POST', '/api/agents', { id: 'x3' });
    expect(issuePaths(response.body)).toEqual(['name', 'model', 'instructions']);
  });

  it('answers 409 for a duplicate id', async () => {
    const id = await newAgent();
    const response = await call('POST', '/api/agents', { id, ...base });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await context.studio.api.request('/api/agents', jsonRequest('POST', '{"id":'));
    expect(response.status).toBe(400);
  });
});

describe('GET /api/agents/:id and version selectors', () => {
  let id: string;
  beforeAll(async () => {
    id = await newAgent();
    await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: 1, instructions: 'Two' });
    await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: 2, instructions: 'Three' });
    await call('POST', `/api/agents/${id}/versions/2/publish`);
    await call('PUT', `/api/agents/${id}/labels/beta`, { versionNumber: 1, expectedRevisionToken: null });
  });

  it.each<[string, number]>([
    ['', 3],
    ['?versionNumber=1', 1],
    ['?label=beta', 1],
    ['?label=production', 2],
    ['?label=latest', 3],
    ['?status=published', 2],
    ['?status=draft', 3],
  ])('%s reads version %i', async (query, number) => {
    const { status, body } = await call('GET', `/api/agents/${id}${query}`);
    expect(status).toBe(200);
    expect(body.version.versionNumber).toBe(number);
  });

  it.each<[string, number, string]>([
    ['?versionNumber=1&label=beta', 400, 'invalid_input'],
    ['?status=live', 400, 'invalid_input'],
    ['?versionNumber=zero', 400, 'invalid_input'],
    ['?label=Not%20Valid', 400, 'invalid_version_label'],
    [`?label=${'a'.repeat(65)}`, 400, 'invalid_version_label'],
    ['?label=missing', 404, 'version_label_not_found'],
    ['?versionNumber=99', 404, 'version_not_found'],
    ['?versionId=00000000-0000-0000-0000-000000000000', 404, 'version_not_found'],
  ])('%s answers %i %s', async (query, status, code) => {
    const response = await call('GET', `/api/agents/${id}${query}`);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });

  it('answers 404 not_found for an unknown agent and no_published_version when nothing is published', async () => {
    expect((await call('GET', '/api/agents/nobody')).body.error.code).toBe('not_found');
    const draft = await newAgent();
    const response = await call('GET', `/api/agents/${draft}?status=published`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('no_published_version');
  });
});

describe('PATCH /api/agents/:id', () => {
  it('answers { created, version, droppedFields } and reports no change', async () => {
    const id = await newAgent();
    const saved = await call('PATCH', `/api/agents/${id}`, {
      baseVersionNumber: 1,
      instructions: 'New',
      changeMessage: 'Why',
    });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body).sort()).toEqual(['created', 'droppedFields', 'version', 'warnings']);
    expect(saved.body).toMatchObject({
      created: true,
      droppedFields: [],
      version: { versionNumber: 2, changedFields: ['instructions'], changeMessage: 'Why' },
    });
    const same = await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: 2, instructions: 'New' });
    expect(same.body).toMatchObject({ created: false, version: { versionNumber: 2 } });
  });

  it('answers 409 version_conflict with the fields changed since the base', async () => {
    const id = await newAgent();
    await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: 1, description: 'D' });
    const response = await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: 1, instructions: 'Mine' });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'version_conflict',
      details: { baseVersionNumber: 1, latestVersionNumber: 2, changedFields: ['description'] },
    });
  });

  it('needs baseVersionNumber and rejects unknown fields', async () => {
    const id = await newAgent();
    const response = await call('PATCH', `/api/agents/${id}`, { instructions: 'x', colour: 'red' });
    expect(response.status).toBe(400);
    expect(issuePaths(response.body)).toEqual(['baseVersionNumber', 'colour']);
  });

  it('clears a field sent as null, and its document says null is accepted for each such field', async () => {
    const document = (await (await context.studio.api.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { type?: unknown; oneOf?: unknown[] }> }> };
    };
    const fields = document.components.schemas.UpdateAgentBody!.properties;
    const acceptsNull = ({ type, oneOf }: { type?: unknown; oneOf?: unknown[] }) =>
      (Array.isArray(type) && type.includes('null')) ||
      (oneOf ?? []).some((shape) => JSON.stringify(shape) === '{"type":"null"}');
    const clearable = ['tools', 'mcpClients', 'integrationTools', 'toolProviders', 'agents', 'workflows'];
    expect(clearable.filter((field) => !acceptsNull(fields[field]!))).toEqual([]);
    const id = await newAgent({
      tools: { search: {} },
      mcpClients: {},
      integrationTools: {},
      toolProviders: {},
      agents: {},
      workflows: {},
    });
    expect((await call('GET', `/api/agents/${id}?status=draft`)).body.version.tools).toEqual({ search: {} });
    const saved = await call('PATCH', `/api/agents/${id}`, {
      baseVersionNumber: 1,
      ...Object.fromEntries(clearable.map((field) => [field, null])),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(clearable.filter((field) => saved.body.version[field] !== undefined)).toEqual([]);
  });

  it('answers 404 for an unknown agent', async () => {
    expect((await call('PATCH', '/api/agents/nobody', { baseVersionNumber: 1, name: 'x' })).status).toBe(404);
  });
});

describe('lists', () => {
  it('pages agents with limit (default 20, max 100) and an opaque cursor', async () => {
    const other = await createTestStudio();
    try {
      for (let index = 0; index < 23; index += 1)
        await other.studio.editor.agents.create({ id: `page-${String(index).padStart(2, '0')}`, ...base });
      const first = await other.studio.api.request('/api/agents');
      const firstBody = await first.json();
      expect(firstBody.items).toHaveLength(20);
      expect(firstBody.items[0]).toMatchObject({ id: 'page-00', name: 'Support' });
      const second = await (await other.studio.api.request(`/api/agents?cursor=${firstBody.nextCursor}`)).json();
      expect(second.items.map((item: { id: string }) => item.id)).toEqual(['page-20', 'page-21', 'page-22']);
      expect(second.nextCursor).toBeNull();
      expect((await other.studio.api.request('/api/agents?limit=101')).status).toBe(400);
      expect((await other.studio.api.request('/api/agents?limit=0')).status).toBe(400);
      const badCursor = await other.studio.api.request('/api/agents?cursor=nonsense');
      expect(badCursor.status).toBe(400);
      expect(issuePaths(await badCursor.json())).toEqual(['query.cursor']);
    } finally {
      await other.cleanup();
    }
  });

  it('searches agents by id or name, case-insensitively, and pages the matches past 100', async () => {
    const other = await createTestStudio();
    try {
      for (let index = 0; index < 105; index += 1) {
        const id = `bulk-${String(index).padStart(3, '0')}`;
        await other.studio.editor.agents.create({ id, ...base, name: index % 2 === 0 ? `Billing ${index}` : 'Other' });
      }
      await other.studio.editor.agents.create({ id: 'refunds', ...base, name: 'Refund desk' });
      const byName = await (await other.studio.api.request('/api/agents?search=BILLING&limit=100')).json();
      expect(byName.items).toHaveLength(53);
      expect(byName.items.every((item: { name: string }) => item.name.startsWith('Billing'))).toBe(true);
      expect(byName.nextCursor).toBeNull();
      const byId = await (await other.studio.api.request('/api/agents?search=bulk-&limit=100')).json();
      expect(byId.items).toHaveLength(100);
      const rest = await (
        await other.studio.api.request(`/api/agents?search=bulk-&limit=100&cursor=${byId.nextCursor}`)
      ).json();
      expect(rest.items.map((item: { id: string }) => item.id)).toEqual([
        'bulk-100',
        'bulk-101',
        'bulk-102',
        'bulk-103',
        'bulk-104',
      ]);
      const desk = await (await other.studio.api.request('/api/agents?search=%20desk%20')).json();
      expect(desk.items.map((item: { id: string }) => item.id)).toEqual(['refunds']);
      const tooLong = await other.studio.api.request(`/api/agents?search=${'x'.repeat(201)}`);
      expect(tooLong.status).toBe(400);
    } finally {
      await other.cleanup();
    }
  });

  it('lists versions newest first, paginated', async () => {
    const id = await newAgent();
    for (let number = 2; number <= 5; number += 1)
      await call('PATCH', `/api/agents/${id}`, { baseVersionNumber: number - 1, instructions: `v${number}` });
    const first = await call('GET', `/api/agents/${id}/versions?limit=3`);
    expect(first.body.items.map((version: { versionNumber: number }) => version.versionNumber)).toEqual([5, 4, 3]);
    const second = await call('GET', `/api/agents/${id}/versions?limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ items: [{ versionNumber: 2 }, { versionNumber: 1 }], nextCursor: null });
    expect((await call('GET', `/api/agents/${id}/versions/4`)).body.version).toMatchObject({
      versionNumber: 4,
      instructions: 'v4',
    });
  });
});
