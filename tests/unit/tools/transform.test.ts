import { describe, expect, it } from 'vitest';
import { resolveTransform, type ToolTransform, type TransformPhase, type TransformPhaseArguments } from '@/lib/tools';
import { createRecordingLogger } from './recording-logger';

/** Each phase with its argument and the raw payload that flows when no transform is configured. */
const phases: Array<
  { [TPhase in TransformPhase]: [TPhase, TransformPhaseArguments[TPhase], unknown] }[TransformPhase]
> = [
  ['input', { input: { city: 'Oslo', apiKey: 'k' } }, { city: 'Oslo', apiKey: 'k' }],
  ['inputDelta', { delta: 'Os', accumulated: '{"city":"Os' }, 'Os'],
  ['output', { output: { temperature: 21 } }, { temperature: 21 }],
  ['error', { error: new Error('boom') }, new Error('boom')],
  ['approval', { input: { amount: 100 } }, { amount: 100 }],
  ['suspend', { payload: { question: 'Which?' } }, { question: 'Which?' }],
  ['resume', { resumeData: { answer: 'Oslo' } }, { answer: 'Oslo' }],
];

function resolve(
  transform: ToolTransform | undefined,
  phase: TransformPhase,
  argument: unknown,
  target: 'display' | 'transcript' = 'display',
) {
  const { logger, entries } = createRecordingLogger();
  const outcome = resolveTransform({
    transform,
    target,
    phase,
    argument: argument as never,
    toolName: 'weatherTool',
    toolCallId: 'c1',
    logger,
  });
  return { outcome, entries };
}

describe.each(phases)('transform of the %s phase', (phase, argument, raw) => {
  const placeholderOrSuppressed =
    phase === 'inputDelta'
      ? { shown: false }
      : { shown: true, value: { message: `Tool ${phase} payload unavailable` } };

  it('lets the raw payload flow when the tool has no transform', () => {
    expect(resolve(undefined, phase, argument).outcome).toEqual({ shown: true, value: raw });
  });

  it('lets the raw payload flow when only the other target is configured', () => {
    const transform: ToolTransform = { transcript: { [phase]: () => 'shaped' } };
    expect(resolve(transform, phase, argument, 'display').outcome).toEqual({ shown: true, value: raw });
  });

  it(`gives ${phase === 'inputDelta' ? 'no chunk' : 'the placeholder'} when the target is configured without this phase`, () => {
    expect(resolve({ display: {} }, phase, argument).outcome).toEqual(placeholderOrSuppressed);
  });

  it('shows what the phase function returns, called with the tool name, call id and its argument', () => {
    const calls: unknown[] = [];
    const transform: ToolTransform = { display: { [phase]: (received: unknown) => (calls.push(received), 'shaped') } };
    expect(resolve(transform, phase, argument).outcome).toEqual({ shown: true, value: 'shaped' });
    expect(calls).toEqual([{ toolName: 'weatherTool', toolCallId: 'c1', ...argument }]);
  });

  it('logs a throwing phase function and never falls back to the raw payload', () => {
    const transform: ToolTransform = {
      transcript: {
        [phase]: () => {
          throw new Error('transform broke');
        },
      },
    };
    const { outcome, entries } = resolve(transform, phase, argument, 'transcript');
    expect(outcome).toEqual(placeholderOrSuppressed);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'error',
      data: { toolName: 'weatherTool', toolCallId: 'c1', target: 'transcript', phase },
    });
  });

  it('treats a phase function that returns a promise as failed (transforms are synchronous)', () => {
    const transform: ToolTransform = { display: { [phase]: async () => 'late' } };
    const { outcome, entries } = resolve(transform, phase, argument);
    expect(outcome).toEqual(placeholderOrSuppressed);
    expect(entries).toHaveLength(1);
  });
});

describe('transform targets', () => {
  it('resolves display and transcript independently', () => {
    const transform: ToolTransform = {
      display: { output: () => 'for the UI' },
      transcript: { output: () => 'for the record' },
    };
    expect(resolve(transform, 'output', { output: 1 }, 'display').outcome).toEqual({
      shown: true,
      value: 'for the UI',
    });
    expect(resolve(transform, 'output', { output: 1 }, 'transcript').outcome).toEqual({
      shown: true,
      value: 'for the record',
    });
  });

  it('can show a falsy value a phase function returned', () => {
    expect(resolve({ display: { output: () => null } }, 'output', { output: 1 }).outcome).toEqual({
      shown: true,
      value: null,
    });
  });
});
