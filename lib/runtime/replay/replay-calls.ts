/**
 * PURE: every call the model made in a replay, in the model's order. The replay's tools note the
 * calls that reached them; a call that never did (a tool the version does not offer, arguments the
 * tool's input schema refused) is still a call the model made, so it counts for the expectations
 * and the difference from the recording, with the error the run answered it with.
 */
import type { RunToolCall, RunToolResult } from '../run-types';
import type { ReplayedCall } from './replay-tools';

export function replayedCalls({
  made,
  answered,
  logged,
}: {
  /** The calls the run reports, in the model's order (arguments as the run showed them). */
  made: ReadonlyArray<RunToolCall>;
  /** The results the run reports, by call id. */
  answered: ReadonlyArray<RunToolResult>;
  /** The calls that reached a replayed tool, by the run's id of the call. */
  logged: ReadonlyMap<string, ReplayedCall>;
}): ReplayedCall[] {
  const results = new Map(answered.map((result) => [result.toolCallId, result]));
  const left = new Map(logged);
  const calls: ReplayedCall[] = [];
  for (const { toolCallId, toolName, args } of made) {
    const reached = left.get(toolCallId);
    if (reached) {
      calls.push(reached);
      left.delete(toolCallId);
      continue;
    }
    const result = results.get(toolCallId);
    calls.push({
      toolName,
      args,
      result: result?.result ?? null,
      isError: result?.isError ?? false,
      source: 'not-run',
    });
  }
  // A call the run did not report (none is expected) still counts, after the others.
  return [...calls, ...left.values()];
}
