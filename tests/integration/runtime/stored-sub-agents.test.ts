/**
 * Sub-agents and workflows of stored agents: `agents: { [key]: { agentId } }` (a stored agent or a
 * code agent) and `workflows: { [key]: { workflowId } }` (registered with `createStudio({
 * workflows })`) are offered as `agent-<key>` / `workflow-<key>` tools; a reference to nothing is
 * refused at save, one removed later drops out with a warning, and a cycle of stored agents calling
 * each other is refused as a tool error instead of running forever.
 */
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStudio } from '@/lib';
import { Agent } from '@/lib/agents';
import { silentLogger } from '@/lib/logger';
import { createStep, createWorkflow } from '@/lib/workflows';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createAndPublish, createTestStudio } from '@/tests/support/studio';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function doubleWorkflow() {
  const number = z.object({ n: z.number() });
  return createWorkflow({
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
}

/** The system prompt of a call: which agent the shared scripted model is answering. */
function systemOf(call: LanguageModelV3CallOptions): string {
  const first = call.prompt[0];
  return first?.role === 'system' ? first.content : '';
}

/** The tool results the model was sent, as `name=<output>` in call order. */
function resultsOf(call: LanguageModelV3CallOptions): string[] {
  return call.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [`${part.toolName}=${JSON.stringify('value' in part.output ? part.output.value : part.output)}`]
            : [],
        )
      : [],
  );
}

/**
 * Every agent shares one scripted model: an agent told to call tools calls them once, then answers
 * with the results it was sent; the others answer from their instructions.
 */
function respond(call: LanguageModelV3CallOptions): ScriptedStep {
  const system = systemOf(call);
  const results = resultsOf(call);
  if (system.startsWith('Lead.')) {
    if (results.length > 0) return { text: results.join('; ') };
    return {
      toolCalls: [
        { toolName: 'agent-research', input: { prompt: 'Find papers' } },
        { toolName: 'agent-coder', input: { prompt: 'Write code' } },
        { toolName: 'workflow-double', input: { inputData: { n: 21 } } },
      ],
    };
  }
  if (system.startsWith('Loop ')) {
    if (results.length > 0) return { text: `${system} heard: ${results.join('; ')}` };
    const other = system === 'Loop a.' ? 'agent-next' : 'agent-back';
    return { toolCalls: [{ toolName: other, input: { prompt: 'Go on' } }] };
  }
  if (system === 'Research.') return { text: 'Found 42 papers' };
  if (system === 'Code.') return { text: 'Code written' };
  return { text: 'Done.' };
}

async function setUp() {
  const model = createScriptedModel({ respond });
  const coder = new Agent({ id: 'coder', name: 'Coder', instructions: 'Code.', model: 'test/scripted' });
  const options = { agents: { coder }, models: { 'test/scripted': model } };
  const test = await createTestStudio({ ...options, workflows: { double: doubleWorkflow() } });
  cleanups.push(test.cleanup);
  const { studio } = test;
  const base = { model: 'test/scripted' };
  await createAndPublish(studio, { ...base, id: 'researcher', name: 'Researcher', instructions: 'Research.' });
  await createAndPublish(studio, {
    ...base,
    id: 'lead',
    name: 'Lead',
    instructions: 'Lead.',
    agents: { research: { agentId: 'researcher' }, coder: { agentId: 'coder', description: 'Writes code' } },
    workflows: { double: { workflowId: 'double' } },
  });
  /** The same database opened by a studio with other options (a restart after a code change). */
  async function restartWith(restartOptions: Parameters<typeof createStudio>[0]) {
    const restarted = await createStudio({
      logger: silentLogger,
      ...test.reopen,
      settings: { mode: 'test', ...test.reopen.settings },
      ...restartOptions,
    });
    cleanups.push(() => restarted.close());
    return restarted;
  }
  return { studio, model, options, restartWith, closeFirst: () => studio.close() };
}

describe('sub-agents and workflows of stored agents', () => {
  it('offers a stored agent, a code agent and a workflow as tools and hands their results to the model', async () => {
    const { studio, model } = await setUp();
    const { status, body } = await call(studio, 'POST', '/api/agents/lead/generate', { prompt: 'Work.' });
    expect(status).toBe(200);
    expect(body.toolResults).toEqual([
      expect.objectContaining({ toolName: 'agent-research', result: { text: 'Found 42 papers' }, isError: false }),
      expect.objectContaining({ toolName: 'agent-coder', result: { text: 'Code written' }, isError: false }),
      expect.objectContaining({ toolName: 'workflow-double', result: expect.objectContaining({ result: { n: 42 } }) }),
    ]);
    expect(body.text).toContain('agent-research={"text":"Found 42 papers"}');
    expect(body.text).toContain('agent-coder={"text":"Code written"}');
    expect(body.text).toContain('workflow-double={"result":{"n":42}');
    const offered = model.doGenerateCalls[0]!.tools!.map((tool) => [
      tool.name,
      'description' in tool && tool.description,
    ]);
    expect(offered).toEqual(
      expect.arrayContaining([
        ['agent-research', 'Ask the agent "researcher".'],
        ['agent-coder', 'Writes code'],
        ['workflow-double', 'Doubles a number'],
      ]),
    );
  });

  it('refuses at save an agent or workflow id that does not exist, and an agent naming itself, with 400 naming the field', async () => {
    const { studio } = await setUp();
    const created = await call(studio, 'POST', '/api/agents', {
      id: 'ghostly',
      name: 'Ghostly',
      model: 'test/scripted',
      instructions: 'Hi.',
      agents: { helper: { agentId: 'nobody' }, me: { agentId: 'ghostly' } },
      workflows: { flow: { workflowId: 'no-such-flow' } },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('invalid_input');
    expect(created.body.error.details.issues).toEqual([
      { path: 'agents.helper.agentId', message: 'No code or stored agent with id "nobody"' },
      { path: 'agents.me.agentId', message: 'Agent "ghostly" cannot call itself as a sub-agent' },
      {
        path: 'workflows.flow.workflowId',
        message: 'No workflow registered with id "no-such-flow" (createStudio({ workflows }))',
      },
    ]);
    const saved = await call(studio, 'PATCH', '/api/agents/lead', {
      baseVersionNumber: 1,
      agents: ['researcher', 'missing'],
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error.details.issues).toEqual([
      { path: 'agents.1', message: 'No code or stored agent with id "missing"' },
    ]);
  });

  it('drops a sub-agent deleted since, and a workflow no longer registered, from resolution with a warning', async () => {
    const { studio, model, options, restartWith, closeFirst } = await setUp();
    expect((await call(studio, 'DELETE', '/api/agents/researcher')).status).toBe(200);
    // Saving other fields still works; publishing a version that names the deleted agent does not.
    const saved = await call(studio, 'PATCH', '/api/agents/lead', { baseVersionNumber: 1, instructions: 'Lead. v2' });
    expect(saved.status).toBe(200);
    const publish = await call(studio, 'POST', '/api/agents/lead/versions/2/publish', {});
    expect(publish.status).toBe(409);
    expect(publish.body.error.code).toBe('publish_blocked');
    expect(publish.body.error.details.problems).toEqual([
      {
        code: 'missing_reference',
        path: 'agents.research.agentId',
        message: 'No code or stored agent with id "researcher"',
      },
    ]);
    await closeFirst();
    const restarted = await restartWith(options);
    const resolved = await call(restarted, 'POST', '/api/agents/lead/resolve', {});
    expect(resolved.status).toBe(200);
    expect(resolved.body.warnings).toEqual([
      {
        code: 'agent_unknown',
        message: 'Sub-agent "research" is left out: Agent "researcher" does not exist.',
        source: 'agent',
        ref: 'agents.research',
      },
      {
        code: 'workflow_unknown',
        message: 'Workflow "double" is left out: no workflow is registered with id "double".',
        source: 'workflow',
        ref: 'workflows.double',
      },
    ]);
    model.doGenerateCalls.length = 0;
    await call(restarted, 'POST', '/api/agents/lead/generate', { prompt: 'Work.', maxSteps: 1 });
    const offered = model.doGenerateCalls[0]!.tools!.map((tool) => tool.name);
    expect(offered).toContain('agent-coder');
    expect(offered).not.toContain('agent-research');
    expect(offered).not.toContain('workflow-double');
  });

  it('refuses a call that would close a cycle of stored agents, as a tool error the model reads', async () => {
    const { studio } = await setUp();
    const base = { model: 'test/scripted' };
    await createAndPublish(studio, { ...base, id: 'loop-b', name: 'B', instructions: 'Loop b.' });
    await createAndPublish(studio, {
      ...base,
      id: 'loop-a',
      name: 'A',
      instructions: 'Loop a.',
      agents: { next: { agentId: 'loop-b' } },
    });
    const saved = await call(studio, 'PATCH', '/api/agents/loop-b', {
      baseVersionNumber: 1,
      agents: { back: { agentId: 'loop-a' } },
    });
    expect(saved.status).toBe(200);
    expect((await call(studio, 'POST', '/api/agents/loop-b/versions/2/publish', {})).status).toBe(200);

    const { status, body } = await call(studio, 'POST', '/api/agents/loop-a/generate', { prompt: 'Start.' });
    expect(status).toBe(200);
    // B's model read the refusal as its tool's error and said so; A read what B said.
    expect(body.text).toMatch(/^Loop a\. heard: agent-next=.*Loop b\. heard: agent-back=/);
    expect(body.text).toContain('is already running in this chain of sub-agents (loop-a -> loop-b -> loop-a)');
  }, 30_000);
});
