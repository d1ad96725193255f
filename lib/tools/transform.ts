/**
 * `transform` shapes what the UI stream (`display`) and the stored transcript (`transcript`) show
 * for each phase of a tool call. The runtime, hooks and storage keep the raw payload; the model
 * sees `toModelOutput`. Once a target is configured, the raw payload never leaks through it: a
 * missing or failing phase function gives a placeholder (partial input deltas are suppressed).
 */
import type { Logger } from '../logger';
import { isThenable } from './thenable';

export interface TransformPhaseArguments {
  input: { input: unknown };
  inputDelta: { delta: string; accumulated: string };
  output: { output: unknown };
  error: { error: unknown };
  approval: { input: unknown };
  suspend: { payload: unknown };
  resume: { resumeData: unknown };
}

export type TransformPhase = keyof TransformPhaseArguments;

export type TransformTarget = 'display' | 'transcript';

export type TransformFunction<TPhase extends TransformPhase> = (
  argument: { toolName: string; toolCallId: string } & TransformPhaseArguments[TPhase],
) => unknown;

export type ToolTransformPhases = { [TPhase in TransformPhase]?: TransformFunction<TPhase> };

export interface ToolTransform {
  display?: ToolTransformPhases;
  transcript?: ToolTransformPhases;
}

/** `shown: false` means the chunk is suppressed (only ever for input deltas). */
export type TransformOutcome = { shown: true; value: unknown } | { shown: false };

/** What each phase shows without a transform: its raw payload. */
export const rawPayloadOf: { [TPhase in TransformPhase]: (argument: TransformPhaseArguments[TPhase]) => unknown } = {
  input: ({ input }) => input,
  inputDelta: ({ delta }) => delta,
  output: ({ output }) => output,
  error: ({ error }) => error,
  approval: ({ input }) => input,
  suspend: ({ payload }) => payload,
  resume: ({ resumeData }) => resumeData,
};

export function transformPlaceholder(phase: TransformPhase): { message: string } {
  return { message: `Tool ${phase} payload unavailable` };
}

function unavailable(phase: TransformPhase): TransformOutcome {
  return phase === 'inputDelta' ? { shown: false } : { shown: true, value: transformPlaceholder(phase) };
}

/**
 * What one target shows for one phase of one call. Pure apart from calling the tool's transform
 * function and logging its failure.
 */
export function resolveTransform<TPhase extends TransformPhase>({
  transform,
  target,
  phase,
  argument,
  toolName,
  toolCallId,
  logger,
}: {
  transform: ToolTransform | undefined;
  target: TransformTarget;
  phase: TPhase;
  argument: TransformPhaseArguments[TPhase];
  toolName: string;
  toolCallId: string;
  logger: Logger;
}): TransformOutcome {
  const phases = transform?.[target];
  if (!phases) return { shown: true, value: rawPayloadOf[phase](argument) };
  const transformPhase = phases[phase] as TransformFunction<TPhase> | undefined;
  if (!transformPhase) return unavailable(phase);
  try {
    const value = transformPhase({ toolName, toolCallId, ...argument });
    if (isThenable(value)) {
      Promise.resolve(value).catch(() => undefined);
      throw new TypeError('a transform must return its value synchronously, not a promise');
    }
    return { shown: true, value };
  } catch (error) {
    logger.error('A tool transform threw; showing a placeholder instead of the payload', {
      toolName,
      toolCallId,
      target,
      phase,
      error,
    });
    return unavailable(phase);
  }
}
