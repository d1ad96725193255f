/**
 * Sub-agents and workflows in resolution (resolution.md section 8): `POST /api/agents/:id/resolve`
 * and `runtime.resolve` report `agent-<key>` / `workflow-<key>` in `tools`, the explanation and the
 * hash exactly as a run offers them, for stored and code agents; they come after every other source;
 * and a key that makes no tool name is refused at save, draft and import with its path.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '@/lib/agents';
import { createTool } from '@/lib/tools';
import { createStep, createWorkflow } from '@/lib/workflows';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio, type ResponseBody } from '@/tests/support/studio';

const number = z.object({ n: z.number() });
const double = createWorkflow({
  id: 'double',
  description: 'Doubles a number',
  inputSchema: number,
  outputSchema: number,
  steps: [
    createStep({
      id: 'times-two',
      inputSchema: number,
      outputSchema: number,
      execute: async ({ inputData }) => ({ n: inputData.n * 2 }),
    }),
  ],
});

/** A registered tool whose name a sub-agent's tool takes over. */
const impostor = createTool({ id: 'agent-research', description: 'Not the researcher', execute: async () => 'nope' });

/** An agent told to "Call <tool>." calls it once, then answers with what it got back; others answer from their instructions. */
function respond(request: LanguageModelV3CallOptions): ScriptedStep {
  const first = request.prompt[0];
  const system = first?.role === 'system' ? first.content : '';
  const called = /^Call (\S+)\.$/.exec(system)?.[1];
  const results = request.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part.output] : []))
      : [],
  );
  if (!called) return { text: system === 'Research.' ? 'Found 42 papers' : 'Done.' };
  if (results.length > 0) return { text: JSON.stringify(results) };
  return { toolCalls: [{ toolName: called, input: { prompt: 'Go' } }] };
}

const model = createScriptedModel({ respond });
const coder = new Agent({ id: 'coder', name: 'Coder', instructions: 'Code.', model: 'test/scripted' });
const manager = new Agent({
  id: 'manager',
  name: 'Manager',
  instructions: 'Call agent-helper.',
  model: 'test/scripted',
  agents: { helper: coder },
  workflows: { double },
});
const handle = await createTestStudio({
  agents: { coder, manager },
  tools: { 'agent-research': impostor },
  workflows: { double },
  models: { 'test/scripted': model },
});
const { studio } = handle;
afterAll(() => handle.cleanup());

const base = { model: 'test/scripted' };
await createAndPublish(studio, { ...base, id: 'researcher', name: 'Researcher', instructions: 'Research.' });
await createAndPublish(studio, {
  ...base,
  id: 'lead',
  name: 'Lead',
  instructions: 'Call agent-research.',
  agents: { research: { agentId: 'researcher' }, coder: { agentId: 'coder', description: 'Writes code' } },
  workflows: { double: { workflowId: 'double' } },
});

/** Runs the agent once; answers the run and the tools its model was offered, as `[name, description]`. */
async function runOf(agentId: string) {
  const calls = model.doGenerateCalls.length;
  const run = await call(studio, 'POST', `/api/agents/${agentId}/generate`, { prompt: 'Work.' });
  const offered = (model.doGenerateCalls[calls]!.tools ?? []).map((tool) => [
    tool.name,
    'description' in tool ? tool.description : undefined,
  ]);
  return { run, offered };
}

const described = (tools: ResponseBody[]) => tools.map(({ name, description }) => [name, description]);

describe('sub-agents and workflows in resolution', () => {
  it('a stored agent resolves them as tools, explained and hashed, exactly as its run offers them', async () => {
    const resolved = await call(studio, 'POST', '/api/agents/lead/resolve', {});
    expect(resolved.status).toBe(200);
    const tools = resolved.body.tools as ResponseBody[];
    expect(tools.map(({ name, source, origin }) => [name, source, origin])).toEqual([
      ['agent-coder', 'agent', { agentId: 'coder' }],
      ['agent-research', 'agent', { agentId: 'researcher' }],
      ['workflow-double', 'workflow', { workflowId: 'double' }],
    ]);
    expect(tools[1]).toMatchObject({
      description: 'Ask the agent "researcher".',
      inputSchema: { type: 'object', required: ['prompt'] },
      outputSchema: { type: 'object', required: ['text'] },
    });
    expect(resolved.body.explanation.tools['agent-coder']).toEqual({
      source: 'agent',
      origin: { agentId: 'coder' },
      includedBy: [{ field: 'agents', variantIndex: null }],
      description: 'agent',
      shadowed: [],
    });
    expect(resolved.body.explanation.tools['workflow-double']).toMatchObject({ description: 'original' });
    expect(resolved.body.warnings).toEqual([]);

    const library = await studio.runtime.resolve('lead');
    expect(library.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    expect(typeof library.tools['agent-research']!.execute).toBe('function');

    const { run, offered } = await runOf('lead');
    expect(run.status).toBe(200);
    expect(run.body.text).toContain('Found 42 papers');
    expect(run.body.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    expect(offered).toEqual(described(tools));
  });

  it('a code agent resolves its own sub-agents and workflows as its run offers them', async () => {
    const resolved = await call(studio, 'POST', '/api/agents/manager/resolve', {});
    expect(resolved.status).toBe(200);
    expect(
      resolved.body.tools.map(({ name, source, origin, description }: ResponseBody) => [
        name,
        source,
        origin,
        description,
      ]),
    ).toEqual([
      ['agent-helper', 'agent', { agentId: 'coder' }, 'Ask the agent "coder".'],
      ['workflow-double', 'workflow', { workflowId: 'double' }, 'Doubles a number'],
    ]);
    expect(resolved.body.explanation.tools['agent-helper']).toMatchObject({ includedBy: [], shadowed: [] });
    const { run, offered } = await runOf('manager');
    expect(run.status).toBe(200);
    expect(run.body.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    expect(offered).toEqual(described(resolved.body.tools));
  });

  it('the same code agent run on its own, outside the studio, reports the same tools hash', async () => {
    const resolved = await call(studio, 'POST', '/api/agents/manager/resolve', {});
    // The model object is given directly: on its own, an agent has no studio to name models for it.
    const alone = new Agent({
      id: 'manager',
      name: 'Manager',
      instructions: 'Answer.',
      model,
      agents: { helper: coder },
      workflows: { double },
    });
    const run = await alone.generate('Hello');
    expect(run.text).toBe('Done.');
    expect(run.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    const withoutWorkflow = await new Agent({
      id: 'manager',
      name: 'Manager',
      instructions: 'Answer.',
      model,
      agents: { helper: coder },
    }).generate('Hello');
    expect(withoutWorkflow.resolvedToolsHash).not.toBe(resolved.body.resolvedToolsHash);
  });

  it('a sub-agent replaces a same-named registered tool, in the resolution and in the run alike', async () => {
    await createAndPublish(studio, {
      ...base,
      id: 'clash',
      name: 'Clash',
      instructions: 'Call agent-research.',
      tools: { 'agent-research': {} },
      agents: { research: { agentId: 'researcher' } },
    });
    const resolved = await call(studio, 'POST', '/api/agents/clash/resolve', {});
    expect(resolved.body.tools).toEqual([expect.objectContaining({ name: 'agent-research', source: 'agent' })]);
    expect(resolved.body.explanation.tools['agent-research'].shadowed).toEqual([
      { source: 'registry', origin: { toolId: 'agent-research' } },
    ]);
    expect(resolved.body.warnings).toEqual([
      {
        code: 'name_shadowed',
        message: 'Tool "agent-research" from agent replaces the one from registry',
        source: 'agent',
        ref: 'agent-research',
      },
    ]);
    const { run, offered } = await runOf('clash');
    expect(run.status).toBe(200);
    expect(run.body.text).toContain('Found 42 papers');
    expect(run.body.resolvedToolsHash).toBe(resolved.body.resolvedToolsHash);
    expect(offered).toEqual(described(resolved.body.tools));
  });

  it('a sub-agent deleted since drops out of the resolution and the run alike', async () => {
    await createAndPublish(studio, { ...base, id: 'temp', name: 'Temp', instructions: 'Research.' });
    await createAndPublish(studio, {
      ...base,
      id: 'orphan',
      name: 'Orphan',
      instructions: 'Done.',
      agents: { temp: { agentId: 'temp' }, coder: { agentId: 'coder' } },
    });
    const before = await call(studio, 'POST', '/api/agents/orphan/resolve', {});
    expect(before.body.tools.map(({ name }: ResponseBody) => name)).toEqual(['agent-coder', 'agent-temp']);
    expect((await call(studio, 'DELETE', '/api/agents/temp')).status).toBe(200);
    const after = await call(studio, 'POST', '/api/agents/orphan/resolve', {});
    expect(after.body.tools.map(({ name }: ResponseBody) => name)).toEqual(['agent-coder']);
    expect(after.body.warnings).toEqual([expect.objectContaining({ code: 'agent_unknown', ref: 'agents.temp' })]);
    expect(after.body.resolvedToolsHash).not.toBe(before.body.resolvedToolsHash);
    const { run, offered } = await runOf('orphan');
    expect(run.body.resolvedToolsHash).toBe(after.body.resolvedToolsHash);
    expect(offered).toEqual(described(after.body.tools));
  });
});

describe('sub-agent and workflow keys', () => {
  const badKeys = {
    agents: { 'bad key!': { agentId: 'researcher' } },
    workflows: { ['w'.repeat(60)]: { workflowId: 'double' } },
  };
  const issuesOf = (prefix: string) => [
    {
      path: `${prefix}agents.bad key!`,
      message: '"bad key!" cannot name a tool: "agent-bad key!" must be 1-64 characters of a-z, A-Z, 0-9, "_" and "-"',
    },
    expect.objectContaining({ path: `${prefix}workflows.${'w'.repeat(60)}` }),
  ];

  it('refuses a key that makes no tool name at create, save and draft, with 400 naming its path', async () => {
    const created = await call(studio, 'POST', '/api/agents', {
      ...base,
      id: 'badly-keyed',
      name: 'Badly keyed',
      instructions: 'Hi.',
      ...badKeys,
    });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('invalid_input');
    expect(created.body.error.details.issues).toEqual(issuesOf(''));
    const saved = await call(studio, 'PATCH', '/api/agents/lead', { baseVersionNumber: 1, ...badKeys });
    expect(saved.status).toBe(400);
    expect(saved.body.error.details.issues).toEqual(issuesOf(''));
    const listed = await call(studio, 'PATCH', '/api/agents/lead', {
      baseVersionNumber: 1,
      agents: ['researcher', 'a b'],
    });
    expect(listed.body.error.details.issues).toEqual([
      expect.objectContaining({ path: 'agents.1', message: expect.stringContaining('"a b" cannot name a tool') }),
      expect.objectContaining({ path: 'agents.1', message: 'No code or stored agent with id "a b"' }),
    ]);
    const draft = await call(studio, 'POST', '/api/agents/lead/resolve', {
      draft: { baseVersionNumber: 1, ...badKeys },
    });
    expect(draft.status).toBe(400);
    expect(draft.body.error.details.issues).toEqual(issuesOf('draft.'));
  });

  it('refuses such a key in an imported agent, naming the version', async () => {
    const exported = await call(studio, 'GET', '/api/agents/lead/export');
    expect(exported.status).toBe(200);
    const copy: ResponseBody = structuredClone(exported.body);
    copy.agent.id = 'lead-copy';
    Object.assign(copy.versions[0].snapshot, badKeys);
    const imported = await call(studio, 'POST', '/api/agents/import', copy);
    expect(imported.status).toBe(400);
    expect(imported.body.error.details.issues).toEqual(issuesOf('versions.0.snapshot.'));
  });
});
