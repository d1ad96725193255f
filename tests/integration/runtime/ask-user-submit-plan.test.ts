import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '@/lib/agents';
import { askUserTool, submitPlanTool } from '@/lib/builtin-tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { call, createTestStudio } from '@/tests/support/studio';
import { toolResultsSeen } from '@/tests/unit/runtime/run-fixture';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function setUp(steps: ScriptedStep[]) {
  const model = createScriptedModel({ steps });
  const helper = new Agent({
    id: 'helper',
    name: 'Helper',
    instructions: 'Help.',
    model,
    tools: { ask_user: askUserTool, submit_plan: submitPlanTool },
  });
  const test = await createTestStudio({ agents: { helper } });
  cleanup = test.cleanup;
  return { model, studio: test.studio };
}

const colours = [{ label: 'Red' }, { label: 'Blue', description: 'like the sea' }];
const ask = (input: Record<string, unknown>): ScriptedStep => ({ toolCalls: [{ toolName: 'ask_user', input }] });

describe('ask_user', () => {
  it('suspends with the question and options, and a single_select answer resumes it', async () => {
    const { model, studio } = await setUp([
      ask({ question: 'Which colour?', options: colours, selectionMode: 'single_select' }),
      { text: 'Blue it is.' },
    ]);
    const paused = await (await studio.runtime.loadAgent('helper')).generate('Paint it');
    expect(paused.pending).toEqual([
      {
        toolCallId: 'call-1-1',
        toolName: 'ask_user',
        kind: 'suspended',
        args: { question: 'Which colour?', options: colours, selectionMode: 'single_select' },
        suspendPayload: { question: 'Which colour?', options: colours, selectionMode: 'single_select' },
        resumeSchema: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
    ]);
    const resumed = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: 'Blue' });
    expect(resumed.body).toMatchObject({ status: 'finished', text: 'Blue it is.' });
    expect(toolResultsSeen(model, 1)).toMatchObject([{ output: { type: 'text', value: 'User answered: Blue' } }]);
  });

  it('takes a list for multi_select', async () => {
    const { model, studio } = await setUp([
      ask({ question: 'Which colours?', options: colours, selectionMode: 'multi_select' }),
      { text: 'Both.' },
    ]);
    const paused = await (await studio.runtime.loadAgent('helper')).generate('Paint it');
    await studio.runtime.runs.resume({ runId: paused.runId, resumeData: ['Red', 'Blue'] });
    expect(toolResultsSeen(model, 1)).toMatchObject([{ output: { type: 'text', value: 'User answered: Red, Blue' } }]);
  });

  it('answers an error result for an answer that does not fit the selection mode, or a mode without options', async () => {
    const { model, studio } = await setUp([
      ask({ question: 'Which colour?', options: colours, selectionMode: 'single_select' }),
      ask({ question: 'Which colour?', selectionMode: 'multi_select' }),
      ask({ question: 'Which colour?', options: colours, selectionMode: 'multi_select' }),
      { text: 'Gave up.' },
    ]);
    const agent = await studio.runtime.loadAgent('helper');
    const paused = await agent.generate('Paint it');
    const afterList = await studio.runtime.runs.resume({ runId: paused.runId, resumeData: ['Red', 'Blue'] });
    expect(afterList.toolResults[0]).toMatchObject({ toolName: 'ask_user', isError: true });
    expect(toolResultsSeen(model, 1).at(-1)!.output).toEqual({
      type: 'error-text',
      value: 'The answer to a single_select question must be one option label, not a list.',
    });
    // The model's next call: a selection mode without options, refused at once (the run does not pause for it).
    expect(toolResultsSeen(model, 2).at(-1)!.output).toEqual({
      type: 'error-text',
      value: 'selectionMode "multi_select" needs options to choose from; give options or leave it out.',
    });
    expect(afterList.status).toBe('paused');
    await studio.runtime.runs.resume({ runId: paused.runId, resumeData: ['Green'] });
    expect(toolResultsSeen(model, 3).at(-1)!.output).toEqual({
      type: 'error-text',
      value: 'The answer "Green" is not among the options ("Red", "Blue").',
    });
  });
});

describe('built-in tools in stored agents', () => {
  it('resolves ask_user and submit_plan selected by id in a stored agent, and runs them', async () => {
    const model = createScriptedModel({
      steps: [ask({ question: 'Ready?' }), { text: 'Going.' }],
    });
    const test = await createTestStudio({ models: { 'test/scripted': model } });
    cleanup = test.cleanup;
    const { studio } = test;
    expect(
      (
        await call(studio, 'POST', '/api/agents', {
          id: 'stored-helper',
          name: 'Stored helper',
          model: 'test/scripted',
          instructions: 'Help.',
          tools: { ask_user: {}, submit_plan: {} },
        })
      ).status,
    ).toBe(201);
    await call(studio, 'POST', '/api/agents/stored-helper/versions/1/publish', {});
    const resolution = await studio.runtime.resolve('stored-helper');
    expect(Object.keys(resolution.tools).sort()).toEqual(['ask_user', 'submit_plan']);
    expect(resolution.warnings).toEqual([]);
    const paused = await (await studio.runtime.loadAgent('stored-helper')).generate('Go');
    expect(paused.pending![0]).toMatchObject({ toolName: 'ask_user', suspendPayload: { question: 'Ready?' } });
    const done = await studio.runtime.runs.resume({ runId: paused.runId, resumeData: 'yes' });
    expect(done.text).toBe('Going.');
    // Not registered code tools: the registry and the MCP listing do not show them.
    expect(studio.tools.get('ask_user')).toBeUndefined();
  });
});

describe('submit_plan', () => {
  const plan = '# Release\n\n1. Tag\n2. Publish';
  const submit: ScriptedStep = { toolCalls: [{ toolName: 'submit_plan', input: { title: 'Release v2', plan } }] };

  it('writes the plan to the run files, suspends with its path, and resumes approved', async () => {
    const { model, studio } = await setUp([submit, { text: 'Going ahead.' }]);
    const paused = await (await studio.runtime.loadAgent('helper')).generate('Plan the release');
    const path = 'plans/release-v2-call-1-1.md';
    expect(paused.pending![0]!.suspendPayload).toEqual({ title: 'Release v2', plan, path });
    expect((await call(studio, 'GET', `/api/runs/${paused.runId}`)).body.files).toEqual({ [path]: plan });

    const invalid = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: { action: 'maybe' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.issues[0].path).toBe('resumeData.action');

    const done = await call(studio, 'POST', `/api/runs/${paused.runId}/resume`, { resumeData: { action: 'approved' } });
    expect(done.body).toMatchObject({ status: 'finished', text: 'Going ahead.' });
    expect(toolResultsSeen(model, 1)).toMatchObject([
      { output: { type: 'text', value: 'The user approved the plan.' } },
    ]);
  });

  it('resumes rejected with feedback, which the model reads', async () => {
    const { model, studio } = await setUp([submit, { text: 'Revising.' }]);
    const paused = await (await studio.runtime.loadAgent('helper')).generate('Plan the release');
    const done = await studio.runtime.runs.resume({
      runId: paused.runId,
      resumeData: { action: 'rejected', feedback: 'Add a changelog step.' },
    });
    expect(done.toolResults[0]!.result).toEqual({ action: 'rejected', feedback: 'Add a changelog step.' });
    expect(toolResultsSeen(model, 1)).toMatchObject([
      { output: { type: 'text', value: 'The user rejected the plan. Feedback: Add a changelog step.' } },
    ]);
  });
});
