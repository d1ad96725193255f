/**
 * Streamed tool arguments. Models stream a call's arguments as JSON text
 * deltas before the final call. The runtime feeds each delta to a `ToolInputStream`, which keeps
 * the accumulated text and says what the UI stream and the transcript get for that delta (shaped
 * by `transform.*.inputDelta`; suppressed when a target is configured without it, so partial input
 * never leaks). UIs that receive raw deltas render them with `parsePartialToolInput`.
 */
import { Allow, parse } from 'partial-json';
import type { Logger } from '../logger';
import { resolveTransform, type ToolTransform, type TransformOutcome } from './transform';

/**
 * The value of possibly incomplete JSON argument text (`'{"city":"Os'` -> `{ city: 'Os' }`), or
 * `undefined` while nothing can be read from it yet or when it is not JSON at all.
 */
export function parsePartialToolInput(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parse(text, Allow.ALL);
  } catch {
    return undefined;
  }
}

export interface ToolInputDeltaViews {
  display: TransformOutcome;
  transcript: TransformOutcome;
}

export interface ToolInputStream {
  /** Adds one `argsTextDelta` and answers what each target shows for it. */
  push(delta: string): ToolInputDeltaViews;
  /** The argument text received so far. */
  readonly accumulated: string;
}

export function createToolInputStream({
  tool,
  toolName,
  toolCallId,
  logger,
}: {
  tool: { transform?: ToolTransform };
  toolName: string;
  toolCallId: string;
  logger: Logger;
}): ToolInputStream {
  let accumulated = '';
  const view = (target: 'display' | 'transcript', delta: string) =>
    resolveTransform({
      transform: tool.transform,
      target,
      phase: 'inputDelta',
      argument: { delta, accumulated },
      toolName,
      toolCallId,
      logger,
    });
  return {
    push(delta) {
      accumulated += delta;
      return { display: view('display', delta), transcript: view('transcript', delta) };
    },
    get accumulated() {
      return accumulated;
    },
  };
}
