/** Storage spec section 3: export, import into an empty database, and malformed documents. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool } from '@/lib/tools';
import { configHash } from '@/lib/versions';
import { rejection } from '../../support/rejection';
import { createTestStudio, jsonRequest, sqliteHandle } from '../../support/studio';

let source: Awaited<ReturnType<typeof createTestStudio>>;
let target: Awaited<ReturnType<typeof createTestStudio>>;

const rich = {
  name: 'Café helper ☕',
  model: 'openai/gpt-4o-mini',
  description: 'Answers in "quotes" and\nnewlines',
  instructions: [
    { type: 'text' as const, content: 'Hello {{user.name || "friend"}}.' },
    {
      type: 'prompt_block' as const,
      content: 'Pro tips.',
      rules: { operator: 'AND' as const, conditions: [{ field: 'tier', operator: 'equals' as const, value: 'pro' }] },
    },
  ],
  tools: [
    { value: { search: {}, clock: { description: 'Tell the time' } } },
    { value: { refund: {} }, rules: { jsonLogic: { '===': [{ var: 'tier' }, 'pro'] } } },
  ],
  mcpClients: { docs: { tools: {} } },
  requestContextSchema: { type: 'object', properties: { tier: { enum: ['free', 'pro'] } } },
  defaultOptions: { maxSteps: 4, temperature: 0.5 },
};

const rows = (context: Awaited<ReturnType<typeof createTestStudio>>, agentId: string) =>
  sqliteHandle(context.studio)
    .sqlite.prepare(
      'SELECT version_number, schema_version, snapshot, config_hash, changed_fields, change_message, author_id, created_at FROM agent_versions WHERE agent_id = ? ORDER BY version_number',
    )
    .all(agentId);

/** What the published version names: a studio publishes only versions whose tools and clients exist. */
const namedTools = Object.fromEntries(
  ['search', 'clock', 'refund'].map((id) => [
    id,
    createTool({ id, description: id, inputSchema: { type: 'object' }, execute: async () => id }),
  ]),
);

beforeAll(async () => {
  source = await createTestStudio({ tools: namedTools });
  target = await createTestStudio();
  // The saved client the published version names: moved first, as a published agent needs it.
  for (const studio of [source, target]) {
    const docs = await studio.studio.api.request(
      '/api/mcp-clients',
      jsonRequest('POST', {
        id: 'docs',
        name: 'Docs',
        servers: { docs: { type: 'http', url: 'http://127.0.0.1:9/mcp' } },
      }),
    );
    expect(docs.status).toBe(201);
  }
  const agents = source.studio.editor.agents;
  await agents.create({ id: 'rich', ...rich, metadata: { owner: 'cx' }, actor: 'alice' });
  await agents.update({
    id: 'rich',
    baseVersionNumber: 1,
    description: null,
    actor: 'bob',
    changeMessage: 'No description',
  });
  await agents.update({ id: 'rich', baseVersionNumber: 2, tools: ['search'], instructions: 'Plain now.' });
  await agents.publish({ id: 'rich', versionNumber: 2 });
  await agents.labels.set({ id: 'rich', label: 'staging', versionNumber: 3, expectedRevisionToken: null });
});
afterAll(async () => {
  await source.cleanup();
  await target.cleanup();
});

describe('export then import into an empty database', () => {
  it('reproduces every version byte for byte, with numbers, messages, authors, times, publishing and labels', async () => {
    const document = await source.studio.editor.agents.export('rich');
    expect(document).toMatchObject({
      format: 'agent-studio.agent',
      schemaVersion: 2,
      agent: { id: 'rich', activeVersionNumber: 2, labels: [{ name: 'staging', versionNumber: 3 }] },
    });
    expect(document.versions.map((version) => version.versionNumber)).toEqual([1, 2, 3]);

    const transported = JSON.parse(JSON.stringify(document)) as unknown;
    const imported = await target.studio.editor.agents.import(transported);
    expect(imported).toMatchObject({ mode: 'create', importedVersionNumbers: [1, 2, 3], upgradedFrom: null });
    expect(imported.agent).toMatchObject({
      activeVersionNumber: 2,
      latestVersionNumber: 3,
      metadata: { owner: 'cx' },
      status: 'published',
    });

    expect(rows(target, 'rich')).toEqual(rows(source, 'rich'));
    const again = await target.studio.editor.agents.export('rich');
    expect(again).toEqual(document);
    const sourceIds = sqliteHandle(source.studio).sqlite.prepare('SELECT id FROM agent_versions').all();
    const targetIds = sqliteHandle(target.studio).sqlite.prepare('SELECT id FROM agent_versions').all();
    expect(targetIds).not.toEqual(expect.arrayContaining(sourceIds));
  });

  it('exports one version with a selector', async () => {
    const document = await source.studio.editor.agents.export('rich', { selector: { label: 'production' } });
    expect(document.versions.map((version) => version.versionNumber)).toEqual([2]);
    expect(document.agent.activeVersionNumber).toBe(2);
    expect(document.agent.labels).toEqual([]);
  });

  it('refuses an existing id, and appends new versions with mode=append', async () => {
    const document = await source.studio.editor.agents.export('rich', { selector: { versionNumber: 1 } });
    const error = await rejection(target.studio.editor.agents.import(document));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/mode=append/);
    const claimed = {
      ...document,
      versions: document.versions.map((version) => ({ ...version, authorId: 'user:ceo' })),
    };
    const appended = await target.studio.editor.agents.import(claimed, { mode: 'append', actor: 'user:ada' });
    expect(appended).toMatchObject({ mode: 'append', importedVersionNumbers: [4] });
    expect(appended.version).toMatchObject({
      versionNumber: 4,
      authorId: 'user:ada',
      description: rich.description,
      changeMessage: 'Initial version',
    });
    expect(appended.version.changedFields).toEqual(['description', 'instructions', 'tools']);
    expect(appended.agent.activeVersionNumber).toBe(2);
  });

  it('appends only the versions after the one the agent already ends with (again: nothing)', async () => {
    const whole = await source.studio.editor.agents.export('rich');
    const firstTwo = { ...whole, agent: { ...whole.agent, id: 'synced', activeVersionNumber: null, labels: [] } };
    await target.studio.editor.agents.import({ ...firstTwo, versions: whole.versions.slice(0, 2) });
    const again = await target.studio.editor.agents.import(
      { ...firstTwo, versions: whole.versions.slice(0, 2) },
      { mode: 'append' },
    );
    expect(again.importedVersionNumbers).toEqual([]);
    const longer = await target.studio.editor.agents.import(firstTwo, { mode: 'append' });
    expect(longer.importedVersionNumbers).toEqual([3]);
    expect(longer.version.instructions).toBe('Plain now.');
  });

  it('upgrades an older schemaVersion and says so', async () => {
    const old = {
      format: 'agent-studio.agent',
      schemaVersion: 1,
      agent: { id: 'from-v1' },
      versions: [
        {
          versionNumber: 1,
          snapshot: { name: 'Old', instructions: 'x', model: { provider: 'anthropic', name: 'claude-sonnet-4-5' } },
        },
      ],
    };
    const imported = await target.studio.editor.agents.import(old);
    expect(imported.upgradedFrom).toBe(1);
    expect(imported.version).toMatchObject({ model: 'anthropic/claude-sonnet-4-5', schemaVersion: 2 });
  });
});

describe('malformed imports', () => {
  const counts = () =>
    ['agents', 'agent_versions', 'version_labels', 'audit_log'].map(
      (table) =>
        (sqliteHandle(target.studio).sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    );

  it('report every problem with its path and write nothing', async () => {
    const before = counts();
    const error = await rejection(
      target.studio.editor.agents.import({
        format: 'agent-studio.agent',
        schemaVersion: 2,
        agent: { id: 'Broken Id', activeVersionNumber: 7, surprise: true },
        versions: [
          { versionNumber: 1, snapshot: { name: 'A', model: 'nope', instructions: 'x' } },
          {
            versionNumber: 2,
            snapshot: {
              name: 'B',
              model: 'a/b',
              instructions: 'x',
              tools: [
                { value: {}, rules: { operator: 'AND', conditions: [{ field: 'x', operator: 'in', value: 'y' }] } },
              ],
            },
          },
          { versionNumber: 0, snapshot: { model: 'a/b' } },
        ],
      }),
    );
    expect(error.code).toBe('invalid_input');
    const paths = (error.details?.issues as Array<{ path: string }>).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'agent.id',
        'agent.surprise',
        'versions.2.versionNumber',
        'versions.0.snapshot.model',
        'versions.1.snapshot.tools.0.rules.conditions.0.value',
        'versions.2.snapshot.name',
        'versions.2.snapshot.instructions',
      ]),
    );
    expect(counts()).toEqual(before);
  });

  it('checks references between versions, labels and the published version', async () => {
    const error = await rejection(
      target.studio.editor.agents.import({
        format: 'agent-studio.agent',
        schemaVersion: 2,
        agent: {
          id: 'refs',
          activeVersionNumber: 3,
          labels: [
            { name: 'production', versionNumber: 1 },
            { name: 'ok', versionNumber: 9 },
          ],
        },
        versions: [
          { versionNumber: 1, snapshot: { name: 'A', model: 'a/b', instructions: 'x' } },
          { versionNumber: 1, snapshot: { name: 'A', model: 'a/b', instructions: 'y' } },
        ],
      }),
    );
    expect((error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      'versions.1.versionNumber',
      'agent.activeVersionNumber',
      'agent.labels.0.name',
      'agent.labels.1.versionNumber',
    ]);
  });

  it('refuses changed fields that name no snapshot field, or one twice, and writes nothing', async () => {
    const error = await rejection(
      target.studio.editor.agents.import({
        format: 'agent-studio.agent',
        schemaVersion: 2,
        agent: { id: 'changed-fields' },
        versions: [
          {
            versionNumber: 1,
            snapshot: { name: 'A', model: 'a/b', instructions: 'x' },
            changedFields: ['name', 'model', 'instructions'],
          },
          {
            versionNumber: 2,
            snapshot: { name: 'A', model: 'a/b', instructions: 'y' },
            changedFields: ['instructions', 'prompt', 'instructions'],
          },
        ],
      }),
    );
    expect(error.details?.issues).toEqual([
      {
        path: 'versions.1.changedFields.1',
        message: expect.stringMatching(/^"prompt" is not a snapshot field \(name, description, instructions, /),
      },
      { path: 'versions.1.changedFields.2', message: '"instructions" is named twice' },
    ]);
    expect(await target.studio.storage.queries.agents.get('changed-fields')).toBeUndefined();
  });

  it('reports snapshot problems and reference problems in one answer', async () => {
    const error = await rejection(
      target.studio.editor.agents.import({
        format: 'agent-studio.agent',
        schemaVersion: 2,
        agent: { id: 'all-at-once', activeVersionNumber: 42, labels: [{ name: 'ok', versionNumber: 99 }] },
        versions: [
          { versionNumber: 1, snapshot: { name: 'A', model: 'nomodel', instructions: 'x' } },
          { versionNumber: 1, snapshot: { name: 'A', model: 'a/b', instructions: 'y' } },
        ],
      }),
    );
    expect((error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual([
      'versions.0.snapshot.model',
      'versions.1.versionNumber',
      'agent.activeVersionNumber',
      'agent.labels.0.versionNumber',
    ]);
  });

  it('refuses to publish a version naming a sub-agent or saved client that is not here, and imports it unpublished', async () => {
    const exported = await source.studio.editor.agents.export('rich');
    const named = {
      ...exported,
      agent: { ...exported.agent, id: 'names-ghosts' },
      versions: exported.versions.map((version) =>
        version.versionNumber === 2
          ? {
              ...version,
              snapshot: { ...version.snapshot, mcpClients: { ghost: {} }, agents: { help: { agentId: 'nobody' } } },
            }
          : version,
      ),
    };
    const error = await rejection(target.studio.editor.agents.import(named));
    expect(error.code).toBe('publish_blocked');
    expect(error.message).toContain('Agent "names-ghosts" version 2');
    expect(error.details!.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'mcp_client_unknown', path: expect.stringContaining('mcpClients') }),
        expect.objectContaining({ code: 'missing_reference', path: 'agents.help.agentId' }),
      ]),
    );
    expect(await target.studio.editor.agents.getById('names-ghosts').catch((caught) => caught.code)).toBe('not_found');

    const unpublished = await target.studio.editor.agents.import({
      ...named,
      agent: { ...named.agent, activeVersionNumber: null },
    });
    expect(unpublished.agent).toMatchObject({ activeVersionNumber: null, latestVersionNumber: 3 });
  });

  it("stores the hash of an edited version's snapshot, not the configHash the document carried", async () => {
    const exported = await source.studio.editor.agents.export('rich');
    const edited = {
      ...exported,
      agent: { ...exported.agent, id: 'edited-by-hand' },
      versions: exported.versions.map((version, index) =>
        index === 1 ? { ...version, snapshot: { ...version.snapshot, instructions: 'Edited.' } } : version,
      ),
    };
    const imported = await target.studio.editor.agents.import(edited);
    const second = rows(target, 'edited-by-hand')[1] as { snapshot: string; config_hash: string };
    expect(second.config_hash).toBe(configHash(JSON.parse(second.snapshot)));
    expect(second.config_hash).not.toBe(exported.versions[1]!.configHash);
    expect(imported.importedVersionNumbers).toEqual([1, 2, 3]);
  });

  it.each([
    [
      'a newer schemaVersion',
      {
        format: 'agent-studio.agent',
        schemaVersion: 99,
        agent: { id: 'x' },
        versions: [{ versionNumber: 1, snapshot: {} }],
      },
      'schemaVersion',
    ],
    ['another format', { format: 'other', schemaVersion: 2, agent: { id: 'x' }, versions: [] }, 'format'],
    ['not an object', [], 'root'],
  ])('reports %s', async (_name, document, path) => {
    const error = await rejection(target.studio.editor.agents.import(document));
    expect((error.details?.issues as Array<{ path: string }>).map((issue) => issue.path)).toContain(path);
  });
});

describe('over HTTP', () => {
  it('exports with GET and imports with POST (201), reporting problems as 400 with paths', async () => {
    const exported = await source.studio.api.request('/api/agents/rich/export?versionNumber=3');
    expect(exported.status).toBe(200);
    const document = (await exported.json()) as { agent: { id: string } };
    document.agent.id = 'rich-copy';
    const imported = await target.studio.api.request('/api/agents/import', jsonRequest('POST', document));
    expect(imported.status).toBe(201);
    expect(await imported.json()).toMatchObject({
      agent: { id: 'rich-copy', latestVersionNumber: 3 },
      version: { versionNumber: 3 },
    });
    const conflict = await target.studio.api.request('/api/agents/import', jsonRequest('POST', document));
    expect(conflict.status).toBe(409);
    const appended = await target.studio.api.request('/api/agents/import?mode=append', jsonRequest('POST', document));
    expect(appended.status).toBe(201);
    const bad = await target.studio.api.request(
      '/api/agents/import',
      jsonRequest('POST', { format: 'agent-studio.agent' }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'schemaVersion',
      'agent',
      'versions',
    ]);
  });
});
