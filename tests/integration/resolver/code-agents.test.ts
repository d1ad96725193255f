/**
 * Code-defined agents (resolution.md section 9) through the real app: each `editor` mode, override
 * records created with POST /api/agents, the code fallback and the one fail-closed case.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { createTool } from '@/lib/tools';
import { call, createTestStudio, weather, type ResponseBody } from './fixtures';

const lookup = createTool({ id: 'lookup', description: 'Look up an order', execute: async () => 'found' });
const base = {
  name: 'Code agent',
  model: 'openai/gpt-4o-mini',
  instructions: 'Code says hello to {{user.name || "you"}}.',
  tools: { lookup },
};

const agents = {
  full: new Agent({ id: 'full', ...base }),
  described: new Agent({ id: 'described', ...base, editor: { tools: { description: true } } }),
  locked: new Agent({ id: 'locked', ...base, editor: false }),
  'instructions-only': new Agent({ id: 'instructions-only', ...base, editor: { instructions: true } }),
  'tools-only': new Agent({ id: 'tools-only', ...base, editor: { tools: true } }),
  spare: new Agent({ id: 'spare', ...base }),
};

const handle = await createTestStudio({ tools: { weather }, agents });
const { studio } = handle;
afterAll(() => handle.cleanup());

const toolNames = (body: ResponseBody) => body.tools.map((tool: { name: string }) => tool.name);
const resolve = (id: string, body: Record<string, unknown> = {}) =>
  call(studio, 'POST', `/api/agents/${id}/resolve`, body);

describe('with no override record', () => {
  it.each(['full', 'described', 'locked', 'tools-only'])('%s runs as defined in code', async (id) => {
    const { status, body } = await resolve(id, { requestContext: { user: { name: 'Ada' } } });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      agentId: id,
      versionId: null,
      versionNumber: null,
      model: 'openai/gpt-4o-mini',
      instructions: 'Code says hello to Ada.',
      warnings: [],
    });
    expect(body.tools).toEqual([
      {
        name: 'lookup',
        description: 'Look up an order',
        inputSchema: lookup.inputJsonSchema,
        source: 'code',
        origin: { toolId: 'lookup' },
      },
    ]);
  });

  it('editor: { instructions: true } fails closed (never empty or code instructions)', async () => {
    const { status, body } = await resolve('instructions-only');
    expect(status).toBe(404);
    expect(body.error.code).toBe('no_published_version');
    await expect(studio.runtime.resolve('instructions-only')).rejects.toMatchObject({ code: 'no_published_version' });
  });

  it('the library returns executable code tools', async () => {
    const resolution = await studio.runtime.resolve('full');
    await expect(resolution.tools.lookup!.tool.execute!({})).resolves.toEqual({ status: 'output', output: 'found' });
  });
});

describe('override records', () => {
  it('editor: false refuses an override record (403)', async () => {
    const { status, body } = await call(studio, 'POST', '/api/agents', { id: 'locked', instructions: 'Override' });
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
  });

  it('description-only: instructions, name, model and other tool fields are dropped; unpublished overrides only show in the preview', async () => {
    const created = await call(studio, 'POST', '/api/agents', {
      id: 'described',
      name: 'Renamed',
      model: 'openai/gpt-4o',
      instructions: 'Override instructions',
      tools: { lookup: { description: 'Find an order by number' }, weather: { description: 'Never added' } },
      mcpClients: { docs: { tools: {} } },
    });
    expect(created.status).toBe(201);
    expect(created.body.agent.source).toBe('code');
    expect(created.body.droppedFields.sort()).toEqual(['instructions', 'mcpClients', 'model', 'name']);

    const runtimeView = await resolve('described');
    expect(runtimeView.body.versionId).toBeNull();
    expect(runtimeView.body.tools[0].description).toBe('Look up an order');

    const preview = await resolve('described', { selector: { status: 'draft' } });
    expect(preview.body.versionNumber).toBe(1);
    expect(toolNames(preview.body)).toEqual(['lookup']);
    expect(preview.body.tools[0].description).toBe('Find an order by number');
    expect(preview.body.instructions).toBe('Code says hello to you.');

    await call(studio, 'POST', '/api/agents/described/versions/1/publish', {});
    const published = await resolve('described');
    expect(published.body).toMatchObject({ versionNumber: 1, model: 'openai/gpt-4o-mini' });
    expect(published.body.tools[0].description).toBe('Find an order by number');
  });

  it('full (editor omitted): code tools first, stored sources on top; record instructions; a stored tools: {} keeps the code tools', async () => {
    await call(studio, 'POST', '/api/agents', { id: 'full', instructions: 'Record instructions', tools: {} });
    await call(studio, 'POST', '/api/agents/full/versions/1/publish', {});
    const keeps = await resolve('full');
    expect(toolNames(keeps.body)).toEqual(['lookup']);
    expect(keeps.body.instructions).toBe('Record instructions');

    await call(studio, 'PATCH', '/api/agents/full', { baseVersionNumber: 1, tools: { weather: {} } });
    await call(studio, 'POST', '/api/agents/full/versions/2/publish', {});
    const added = await resolve('full');
    expect(toolNames(added.body)).toEqual(['lookup', 'weather']);
  });

  it('editor: { tools: true }: stored tools apply, instructions stay in code', async () => {
    const created = await call(studio, 'POST', '/api/agents', {
      id: 'tools-only',
      instructions: 'Dropped',
      tools: { weather: {} },
    });
    expect(created.body.droppedFields).toEqual(['instructions']);
    await call(studio, 'POST', '/api/agents/tools-only/versions/1/publish', {});
    const { body } = await resolve('tools-only');
    expect(toolNames(body)).toEqual(['lookup', 'weather']);
    expect(body.instructions).toBe('Code says hello to you.');
  });

  it('editor: { instructions: true }: published instructions apply, code tools stay; unpublishing fails closed again', async () => {
    const created = await call(studio, 'POST', '/api/agents', {
      id: 'instructions-only',
      instructions: 'Editor wording for {{user.name}}',
      tools: { weather: {} },
    });
    expect(created.body.droppedFields).toEqual(['tools']);
    expect((await resolve('instructions-only')).body.error.code).toBe('no_published_version');
    await call(studio, 'POST', '/api/agents/instructions-only/versions/1/publish', {});
    const { status, body } = await resolve('instructions-only', { requestContext: { user: { name: 'Bo' } } });
    expect(status).toBe(200);
    expect(body.instructions).toBe('Editor wording for Bo');
    expect(toolNames(body)).toEqual(['lookup']);
    await call(studio, 'POST', '/api/agents/instructions-only/unpublish', {});
    expect((await resolve('instructions-only')).status).toBe(404);
  });

  it('an explicit label on a code agent without a record is a 404 naming the label', async () => {
    const { status, body } = await resolve('spare', { selector: { label: 'staging' } });
    expect(status).toBe(404);
    expect(body.error.code).toBe('version_label_not_found');
    expect((await resolve('spare', { selector: { status: 'draft' } })).body.versionId).toBeNull();
    expect((await resolve('spare', { selector: { versionNumber: 1 } })).body.error.code).toBe('version_not_found');
  });
});

describe('code agents in the management API', () => {
  it('GET /api/agents/:id of a code agent without a record answers its code definition', async () => {
    const { status, body } = await call(studio, 'GET', '/api/agents/locked');
    expect(status).toBe(200);
    expect(body).toEqual({
      agent: { id: 'locked', source: 'code', status: 'code_only', activeVersionId: null },
      version: null,
      code: {
        name: 'Code agent',
        instructions: 'Code says hello to {{user.name || "you"}}.',
        model: 'openai/gpt-4o-mini',
        tools: ['lookup'],
      },
    });
  });

  it('GET /api/agents/:id of a code agent with a record reads the record', async () => {
    const { body } = await call(studio, 'GET', '/api/agents/tools-only');
    expect(body.agent).toMatchObject({ id: 'tools-only', source: 'code', status: 'published' });
    expect(body.version.versionNumber).toBe(1);
  });

  it('GET /api/agents lists code agents with and without records, by id, across pages', async () => {
    await call(studio, 'POST', '/api/agents', {
      id: 'a-stored',
      name: 'Stored',
      model: 'openai/gpt-4o',
      instructions: 'x',
    });
    const seen: Array<[string, string]> = [];
    let cursor: string | null = null;
    do {
      const page: { body: ResponseBody } = await call(
        studio,
        'GET',
        `/api/agents?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(
        ...page.body.items.map((item: { id: string; status: string }) => [item.id, item.status] as [string, string]),
      );
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      ['a-stored', 'draft'],
      ['described', 'published'],
      ['full', 'published'],
      ['instructions-only', 'draft'],
      ['locked', 'code_only'],
      ['spare', 'code_only'],
      ['tools-only', 'published'],
    ]);
  });
});
