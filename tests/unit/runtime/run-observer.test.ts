import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ObservedCallOutcome, RunObserver } from '@/lib/runtime';
import { createTool, type ToolObserve } from '@/lib/tools';
import { createScriptedModel, type ScriptedStep } from '@/tests/support/scripted-model';
import { createTestRunner, readChunks } from './run-fixture';

/** An observer writing each event as one line, and what tools log through `context.observe`. */
function recordingObserver() {
  const events: string[] = [];
  const observer: RunObserver = {
    runStarted({ record, model, continued }) {
      events.push(`run ${continued ? 'continued' : 'started'} ${record.agentId} ${model.modelId}`);
      return {
        stepStarted: ({ stepNumber }) => void events.push(`step ${stepNumber} started`),
        stepFinished: ({ stepNumber, finishReason, usage }) =>
          void events.push(`step ${stepNumber} ${finishReason} ${usage.inputTokens}/${usage.outputTokens}`),
        toolCallStarted({ toolName, answering }) {
          events.push(`call ${toolName}${answering ? ` ${answering}` : ''}`);
          const observe: ToolObserve = {
            span: (name, run) => {
              events.push(`span ${name}`);
              return run(observe);
            },
            log: (_level, message) => void events.push(`log ${message}`),
          };
          const describe = (outcome: ObservedCallOutcome) => {
            if (outcome.status === 'pending') return `pending ${outcome.kind}`;
            if (outcome.status === 'done' && outcome.isError) return `done error: ${outcome.errorText}`;
            return outcome.status;
          };
          return { observe, finished: (outcome) => void events.push(`call ${toolName} ${describe(outcome)}`) };
        },
        runEnded: (end) =>
          void events.push(
            `run ${end.status}${'error' in end ? ` ${end.error.code}` : ''}${'pendingCalls' in end ? ` ${end.pendingCalls}` : ''}`,
          ),
      };
    },
  };
  return { events, observer };
}

const weather = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }, context) => {
    context.observe.log('info', `looking up ${city}`);
    return { city, temperature: 7 };
  },
});

const transfer = createTool({
  id: 'transfer',
  description: 'Moves money',
  inputSchema: z.object({ amount: z.number() }),
  requireApproval: true,
  execute: async ({ amount }) => ({ ok: true, amount }),
});

const weatherThenText: ScriptedStep[] = [
  { toolCalls: [{ toolName: 'weather', input: { city: 'Oslo' } }] },
  { text: 'Seven degrees.' },
];

describe('the run observer', () => {
  it('sees a generated and a streamed run alike: run, steps with usage, tool calls inside their step, the end', async () => {
    const expected = [
      'run started test-agent scripted',
      'step 0 started',
      'call weather',
      'log looking up Oslo',
      'call weather done',
      'step 0 tool-calls 10/5',
      'step 1 started',
      'step 1 stop 10/5',
      'run finished',
    ];
    for (const mode of ['generate', 'stream'] as const) {
      const { events, observer } = recordingObserver();
      const model = createScriptedModel({ steps: weatherThenText });
      const { agent } = createTestRunner({ model, tools: { weather }, observer });
      if (mode === 'generate') await agent.generate('Weather?');
      else await readChunks(agent.stream('Weather?').fullStream);
      expect(events, mode).toEqual(expected);
    }
  });

  it('sees a pause end the run, and the approval continue it with the answered call before the next step', async () => {
    const { events, observer } = recordingObserver();
    const model = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'transfer', input: { amount: 5 } }] }, { text: 'Sent.' }],
    });
    const { agent } = createTestRunner({ model, tools: { transfer }, observer });
    const paused = await agent.generate('Pay');
    expect(events).toEqual([
      'run started test-agent scripted',
      'step 0 started',
      'call transfer',
      'call transfer pending approval',
      'step 0 tool-calls 10/5',
      'run paused 1',
    ]);
    events.length = 0;
    await agent.approveToolCall({ runId: paused.runId, toolCallId: 'call-1-1' });
    expect(events).toEqual([
      'run continued test-agent scripted',
      'call transfer approve',
      'call transfer done',
      'step 1 started',
      'step 1 stop 10/5',
      'run finished',
    ]);
  });

  it('sees a call of a tool that is not offered as an error, and a failing model end the run failed', async () => {
    const { events, observer } = recordingObserver();
    const model = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'weather', input: { city: 'Rome' } }] }] });
    const { agent } = createTestRunner({ model, tools: { weather }, observer });
    model.doGenerate = async () => {
      throw new Error('socket hang up');
    };
    await expect(agent.generate('Hi')).rejects.toMatchObject({ code: 'internal_error' });
    expect(events).toEqual(['run started test-agent scripted', 'step 0 started', 'run failed internal_error']);

    const { events: notOffered, observer: second } = recordingObserver();
    const offered = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'weather', input: { city: 'Rome' } }] }, { text: 'ok' }],
    });
    const run = createTestRunner({ model: offered, tools: { weather }, observer: second });
    await run.agent.generate('Hi', { activeTools: [] });
    expect(notOffered).toContain('call weather done error: Tool "weather" not found. Available tools: ');
  });
});
