/**
 * The tools of a replay (docs/testing-agents.md, "Replay"): each tool keeps what the model sees
 * (name, description, input schema, `toModelOutput`), but its execute answers from the recording.
 * A call of the same tool with equal arguments (canonical JSON) takes the first recorded call not
 * yet taken, so each recorded call answers at most once, in order of calls; the real execute never
 * runs for it. Any other call is a tool error, unless the tool is read-only and the case allows
 * live calls: then the real execute runs (but never pauses the replay). Nothing in a replay asks for
 * approval: recorded answers have no effects, and a live call that would need approval is not made.
 */
import { policyAsksApproval, type ApprovalRequirement } from '../../resolver';
import type { Recording } from '../../schemas/test-case-bodies';
import { createTool, executeTool, type Tool, type ToolExecutionContext } from '../../tools';
import { canonicalJson } from '../../versions';
import { errorMessage } from '../../errors';

/**
 * Where a replayed call's answer came from: the recording, the tool error of a call the recording
 * lacks, the real tool (a read-only tool the case lets run live), or the run itself when the call
 * never reached a tool (`not-run`: the version does not offer it, or its arguments do not fit the
 * tool's input schema), answered with the error the model read.
 */
export type ReplaySource = 'recording' | 'unrecorded' | 'live' | 'not-run';

export interface ReplayedCall {
  toolName: string;
  args: unknown;
  result: unknown;
  isError: boolean;
  source: ReplaySource;
}

export interface RecordedCall {
  toolName: string;
  args: unknown;
  result: unknown;
  isError: boolean;
}

/** The recorded calls not yet answered; `take` hands out the first with this tool and equal arguments. */
export function createRecordedAnswers(recorded: ReadonlyArray<RecordedCall>) {
  const left = recorded.map((call) => ({ call, key: canonicalJson(call.args) }));
  return {
    take(toolName: string, args: unknown): RecordedCall | undefined {
      const key = canonicalJson(args);
      const index = left.findIndex((entry) => entry.call.toolName === toolName && entry.key === key);
      return index === -1 ? undefined : left.splice(index, 1)[0]!.call;
    },
  };
}

export type RecordedAnswers = ReturnType<typeof createRecordedAnswers>;

export interface ReplayToolsRequest {
  tools: Record<string, Tool>;
  answers: RecordedAnswers;
  /** `testCase.replay.liveReadOnlyTools`. */
  liveReadOnlyTools: boolean;
  /** Whether the resolved tool of this name is read-only (`annotations.readOnlyHint: true`). */
  isReadOnly(toolName: string): boolean;
  /** The version's approval policies by tool name. */
  toolApprovals: Readonly<Record<string, ApprovalRequirement>>;
  /** Every call that reached a tool's execute, by the run's id of the call. */
  log: Map<string, ReplayedCall>;
}

/** Notes a call that reached a tool's execute under the run's id of the call. */
function logCall(request: ReplayToolsRequest, context: ToolExecutionContext, call: ReplayedCall): void {
  request.log.set(context.agent?.toolCallId ?? `unnamed-${request.log.size}`, call);
}

/**
 * A recorded failure, given to the model again as the tool error it was: the text the model read
 * (a recording keeps an error's text as it is), the message of an error object, else its JSON.
 */
function recordedFailure(result: unknown): Error {
  if (typeof result === 'string') return new Error(result);
  const message = (result as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' ? message : canonicalJson(result));
}

async function wouldAskApproval(
  request: ReplayToolsRequest,
  name: string,
  tool: Tool,
  input: unknown,
  context: ToolExecutionContext,
) {
  const requirement = Object.hasOwn(request.toolApprovals, name) ? request.toolApprovals[name] : undefined;
  if (policyAsksApproval({ requirement, args: input, context: context.requestContext })) return true;
  const rule = tool.requireApproval;
  if (typeof rule === 'function') return Boolean(await rule(input, { requestContext: context.requestContext }));
  return rule === true;
}

/** A live call's context: a tool that asks to pause fails instead (a replay never waits for anyone). */
function withoutSuspend(context: ToolExecutionContext, name: string): ToolExecutionContext {
  if (!context.agent) return context;
  const suspend = () => {
    throw new Error(`Not in the recording: ${name} asked to pause, which a replay cannot do`);
  };
  return { ...context, agent: { ...context.agent, suspend } };
}

async function liveCall(
  request: ReplayToolsRequest,
  { name, tool, input, context }: { name: string; tool: Tool; input: unknown; context: ToolExecutionContext },
): Promise<unknown> {
  const execute = tool.options.execute!;
  try {
    const output: unknown = await execute(input as never, withoutSuspend(context, name));
    logCall(request, context, { toolName: name, args: input, result: output, isError: false, source: 'live' });
    return output;
  } catch (error) {
    const message = errorMessage(error);
    logCall(request, context, { toolName: name, args: input, result: { message }, isError: true, source: 'live' });
    throw error;
  }
}

function replayExecute(request: ReplayToolsRequest, name: string, tool: Tool) {
  return async (input: unknown, context: ToolExecutionContext): Promise<unknown> => {
    const recorded = request.answers.take(name, input);
    if (recorded) {
      logCall(request, context, {
        toolName: name,
        args: input,
        result: recorded.result,
        isError: recorded.isError,
        source: 'recording',
      });
      if (recorded.isError) throw recordedFailure(recorded.result);
      return recorded.result;
    }
    const mayRunLive =
      request.liveReadOnlyTools &&
      request.isReadOnly(name) &&
      tool.options.execute !== undefined &&
      !(await wouldAskApproval(request, name, tool, input, context));
    if (mayRunLive) return liveCall(request, { name, tool, input, context });
    const message = `Not in the recording: ${name}(${canonicalJson(input)})`;
    logCall(request, context, {
      toolName: name,
      args: input,
      result: { message },
      isError: true,
      source: 'unrecorded',
    });
    throw new Error(message);
  };
}

/**
 * The tool as a replay runs it. Approval, background running, the lifecycle hooks and the output
 * schema are left out: a recorded result is what the tool answered then (perhaps as shown after a
 * transform), and checking it again against today's schema would report the schema, not the agent.
 */
function replayTool(request: ReplayToolsRequest, name: string, tool: Tool): Tool {
  const execute = replayExecute(request, name, tool);
  const quiet = {
    requireApproval: undefined,
    background: undefined,
    onInputStart: undefined,
    onInputDelta: undefined,
    onInputAvailable: undefined,
    onOutput: undefined,
  };
  const replayed: Tool = {
    ...tool,
    ...quiet,
    schemas: { ...tool.schemas, output: undefined },
    outputJsonSchema: undefined,
    options: { ...tool.options, ...quiet, outputSchema: undefined, execute },
  };
  return { ...replayed, execute: (input, context) => executeTool({ tool: replayed, input, context }) };
}

/** Every tool of `tools` (by the name the model sees) answered from the recording. */
export function replayToolsOf(request: ReplayToolsRequest): Record<string, Tool> {
  return Object.fromEntries(
    Object.entries(request.tools).map(([name, tool]) => [name, replayTool(request, name, tool)]),
  );
}

/**
 * The recorded run's client tools as tools the model is offered again, by name: what the model saw
 * (description, input schema) and no execute of their own, so a replay only answers them from the
 * recording. The run never checked a client tool's arguments against its schema (the caller did),
 * so neither does the replay: the schema is only shown to the model.
 */
export function clientToolsOf(recording: Pick<Recording, 'clientTools'> | undefined): Record<string, Tool> {
  return Object.fromEntries(
    Object.entries(recording?.clientTools ?? {}).map(([name, { description, inputSchema }]) => {
      const tool = createTool({ id: name, description });
      return [name, inputSchema ? { ...tool, inputJsonSchema: inputSchema } : tool];
    }),
  );
}
