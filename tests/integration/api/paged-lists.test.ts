/**
 * An agent's labels and test cases, the stdio launch specs and the tool providers are lists like
 * every other: `?limit=` (1-100, default 20) and an opaque `cursor`, `{ items, nextCursor }`, the
 * pages together the whole list in its order; a cursor the API did not give, or a limit over 100,
 * is a 400 naming the query parameter (`query.cursor`, `query.limit`) on every list.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ToolProvider } from '@/lib/tool-providers';
import { call, createAndPublish, createTestStudio } from '@/tests/support/studio';

const provider = (id: string): ToolProvider => ({
  id,
  name: `Provider ${id}`,
  capabilities: { multipleConnectionsPerToolkit: false, defaultScope: 'shared' },
  listToolkits: async () => [],
  listTools: async () => [],
  resolveTools: async () => ({}),
});

const providerIds = Array.from({ length: 25 }, (_, index) => `provider-${String(index).padStart(2, '0')}`);

const handle = await createTestStudio({
  settings: { stdioAllowedCommands: ['uvx mcp-server-fetch', 'uvx mcp-server-time'] },
  toolProviders: Object.fromEntries(providerIds.reverse().map((id) => [id, provider(id)])),
});
const studio = handle.studio;

afterAll(async () => {
  await handle.cleanup();
});

/** Every page of `path` at `limit` a page, checking each page's size; answers the pages' items in order. */
async function readPages(path: string, limit: number) {
  const items: Array<Record<string, unknown>> = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await call(studio, 'GET', `${path}?${query}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...(page.body.items as Array<Record<string, unknown>>));
    sizes.push(page.body.items.length as number);
    cursor = page.body.nextCursor as string | null;
  } while (cursor !== null);
  return { items, sizes };
}

/** A made-up cursor and a limit over 100 are refused with 400 naming the parameter. */
async function expectRefusals(path: string) {
  const badCursor = await call(studio, 'GET', `${path}?cursor=not-a-cursor`);
  expect(badCursor.status, path).toBe(400);
  expect(badCursor.body.error.code).toBe('invalid_input');
  expect(badCursor.body.error.details.issues[0].path).toBe('query.cursor');
  const tooMany = await call(studio, 'GET', `${path}?limit=101`);
  expect(tooMany.status, path).toBe(400);
  expect(tooMany.body.error.details.issues[0].path).toBe('query.limit');
}

describe('paged lists', () => {
  it("pages an agent's labels: production and latest, then custom labels by name", async () => {
    await createAndPublish(studio, {
      id: 'labelled',
      name: 'Labelled',
      model: 'openai/gpt-4o-mini',
      instructions: 'Hi.',
    });
    const names = Array.from({ length: 25 }, (_, index) => `label-${String(24 - index).padStart(2, '0')}`);
    for (const label of names)
      await studio.editor.agents.labels.set({ id: 'labelled', label, versionNumber: 1, expectedRevisionToken: null });
    const { items, sizes } = await readPages('/api/agents/labelled/labels', 10);
    expect(sizes).toEqual([10, 10, 7]);
    expect(items.map((label) => label.name)).toEqual(['production', 'latest', ...[...names].sort()]);
    expect(items).toEqual((await studio.editor.agents.labels.list('labelled')).items);
    const first = await call(studio, 'GET', '/api/agents/labelled/labels');
    expect(first.body.items).toHaveLength(20);
    await expectRefusals('/api/agents/labelled/labels');
  });

  it("pages an agent's test cases oldest first", async () => {
    await createAndPublish(studio, { id: 'tested', name: 'Tested', model: 'openai/gpt-4o-mini', instructions: 'Hi.' });
    for (let index = 0; index < 25; index += 1)
      await studio.editor.testCases.create({
        agentId: 'tested',
        body: { name: `case ${index}`, input: { prompt: `Question ${index}?` }, expectations: [] },
      });
    const { items, sizes } = await readPages('/api/agents/tested/test-cases', 10);
    expect(sizes).toEqual([10, 10, 5]);
    const all = (await studio.editor.testCases.list('tested')).items;
    expect(all).toHaveLength(25);
    expect(items).toEqual(all);
    expect(new Set(items.map((item) => item.name)).size).toBe(25);
    await expectRefusals('/api/agents/tested/test-cases');
  });

  it("pages the stdio launch specs: the setting's entries, then the stored specs oldest first", async () => {
    for (let index = 0; index < 23; index += 1) {
      const created = await call(studio, 'POST', '/api/stdio-launch-specs', {
        command: 'npx',
        args: ['-y', `server-${index}`],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const { items, sizes } = await readPages('/api/stdio-launch-specs', 10);
    expect(sizes).toEqual([10, 10, 5]);
    expect(items.slice(0, 2).map((spec) => spec.id)).toEqual(['setting-1', 'setting-2']);
    expect(items).toEqual(await studio.editor.stdioLaunchSpecs.list());
    await expectRefusals('/api/stdio-launch-specs');
  });

  it('pages the tool providers by id', async () => {
    const { items, sizes } = await readPages('/api/tool-providers', 10);
    expect(sizes).toEqual([10, 10, 5]);
    expect(items.map((item) => item.id)).toEqual([...providerIds].sort());
    await expectRefusals('/api/tool-providers');
  });

  it('refuses a made-up cursor at query.cursor on every list of the document, as it does a bad limit', async () => {
    type Operation = { operationId: string; parameters?: Array<{ name: string; in: string }> };
    const document = (await (await studio.api.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: Operation }>;
    };
    await createAndPublish(studio, { id: 'listed', name: 'Listed', model: 'openai/gpt-4o-mini', instructions: 'Hi.' });
    const client = await call(studio, 'POST', '/api/mcp-clients', {
      id: 'listed',
      name: 'Listed',
      servers: { docs: { type: 'http', url: 'https://mcp.docs.example.com/mcp' } },
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [template, { get }] of Object.entries(document.paths)) {
      if (!get?.parameters?.some((parameter) => parameter.name === 'cursor' && parameter.in === 'query')) continue;
      const path = template.replaceAll(/{(.+?)}/g, 'listed');
      const { status, body } = await call(studio, 'GET', `${path}?cursor=not-a-cursor`);
      answers[get.operationId] = [status, body.error?.details?.issues];
      expected[get.operationId] = [400, [{ path: 'query.cursor', message: 'The cursor is not one this API returned' }]];
    }
    expect(Object.keys(answers).length).toBeGreaterThan(10);
    expect(answers).toEqual(expected);
  });
});
