/** Override records of code-defined agents (resolution.md section 9), through the pluggable lookup. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEditor, type CodeAgentInfo, type Editor } from '@/lib/editor';
import { StudioError } from '@/lib/errors';
import { silentLogger } from '@/lib/logger';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let editor: Editor;

const codeAgents = new Map<string, CodeAgentInfo>([
  ['open', {}],
  ['instructions-only', { editor: { instructions: true } }],
  ['descriptions-only', { editor: { tools: { description: true } } }],
  ['locked', { editor: false }],
  ['imported', { editor: { instructions: true } }],
]);

beforeAll(async () => {
  context = await createTestStudio();
  const { studio } = context;
  editor = createEditor({
    storage: studio.storage,
    settings: studio.settings,
    secretsKey: studio.secretsKey,
    logger: silentLogger,
    codeAgents,
  });
});
afterAll(() => context.cleanup());

describe('override records of code agents', () => {
  it('need no name, model or instructions, and are source code', async () => {
    const { agent, version, droppedFields } = await editor.agents.create({ id: 'open', tools: { extra: {} } });
    expect(agent.source).toBe('code');
    expect(version.tools).toEqual({ extra: {} });
    expect(droppedFields).toEqual([]);
  });

  it('drop and list the fields the editor setting does not allow, on create and on save', async () => {
    const created = await editor.agents.create({
      id: 'instructions-only',
      name: 'N',
      model: 'a/b',
      instructions: 'Mine',
      tools: { a: {} },
      mcpClients: {},
    });
    expect(created.droppedFields).toEqual(['name', 'model', 'tools', 'mcpClients']);
    expect(created.version).toMatchObject({ instructions: 'Mine' });
    expect('tools' in created.version).toBe(false);
    const saved = await editor.agents.update({
      id: 'instructions-only',
      baseVersionNumber: 1,
      instructions: 'Changed',
      tools: { b: {} },
    });
    expect(saved).toMatchObject({
      created: true,
      droppedFields: ['tools'],
      version: { changedFields: ['instructions'] },
    });
    const described = await editor.agents.create({
      id: 'descriptions-only',
      instructions: 'x',
      tools: { a: { description: 'Better' } },
      integrationTools: {},
    });
    expect(described.droppedFields).toEqual(['instructions', 'integrationTools']);
    expect(described.version.tools).toEqual({ a: { description: 'Better' } });
  });

  it('are refused with 403 for editor: false', async () => {
    const error = await editor.agents.create({ id: 'locked', instructions: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('importing agents against the agents defined in code', () => {
  const document = (id: string, source: 'stored' | 'code', snapshot: Record<string, unknown>) => ({
    format: 'agent-studio.agent',
    schemaVersion: 2,
    agent: { id, source },
    versions: [{ versionNumber: 1, snapshot }],
  });
  const issuesOf = async (promise: Promise<unknown>) => {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_input', status: 400 });
    return (error as StudioError).details?.issues as Array<{ path: string; message: string }>;
  };
  const stored = { name: 'Taken', model: 'openai/gpt-4o-mini', instructions: 'Hijacked' };

  it('refuse a stored agent under the id of one defined in code, and write nothing', async () => {
    const issues = await issuesOf(editor.agents.import(document('imported', 'stored', stored)));
    expect(issues).toEqual([{ path: 'agent.source', message: expect.stringContaining('defined in code here') }]);
    expect(await editor.agents.getById('imported').catch(() => 'absent')).toBe('absent');
  });

  it('refuse overrides of an agent that is not defined in code', async () => {
    const issues = await issuesOf(editor.agents.import(document('ghost', 'code', { instructions: 'x' })));
    expect(issues).toEqual([{ path: 'agent.source', message: expect.stringContaining('No agent "ghost"') }]);
  });

  it("refuse overrides of fields the code agent's editor setting keeps in code, naming each", async () => {
    const issues = await issuesOf(
      editor.agents.import(document('imported', 'code', { instructions: 'x', tools: { extra: {} } })),
    );
    expect(issues.map((issue) => issue.path)).toEqual(['versions.0.snapshot.tools']);
    const imported = await editor.agents.import(document('imported', 'code', { instructions: 'Owned' }));
    expect(imported.agent.source).toBe('code');
  });
});
