/**
 * The events of a streamed run, one schema per chunk type (docs/runtime.md, "Streaming"): each
 * event is `event: <type>` with `data:` the chunk `{ type, runId, payload }` as JSON. The stream
 * opens with `start` and ends with `finish` or `error`.
 */
import { z } from '@hono/zod-openapi';
import { errorSchema } from '../schemas';

const callShape = { toolCallId: z.string(), toolName: z.string() };
const usage = z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() });

/** One event's data, named `RunEvent<Name>` in the document. */
function runEvent(type: z.ZodType, name: string, payload: z.ZodType, description: string) {
  return z.object({ type, runId: z.string(), payload }).openapi(`RunEvent${name}`, { description });
}

const literalEvent = (type: string, name: string, payload: z.ZodType, description: string) =>
  runEvent(z.literal(type), name, payload, description);

/** Built on demand from the run result's schema, which the `finish` event carries without the identity. */
export function runEventSchema({ identity, finishPayload }: { identity: z.ZodType; finishPayload: z.ZodType }) {
  const call = z.object(callShape);
  return z
    .union([
      literalEvent('start', 'Start', identity, "Opens every stream: the run's id, version and tool set"),
      literalEvent('text-delta', 'TextDelta', z.object({ text: z.string() }), 'A piece of the answer'),
      literalEvent('tool-call-input-streaming-start', 'ToolInputStart', call, "A tool call's arguments begin"),
      literalEvent(
        'tool-call-delta',
        'ToolInputDelta',
        z.object({ ...callShape, argsTextDelta: z.unknown() }),
        "A piece of a tool call's arguments",
      ),
      literalEvent('tool-call-input-streaming-end', 'ToolInputEnd', call, "A tool call's arguments are complete"),
      literalEvent('tool-call', 'ToolCall', z.object({ ...callShape, args: z.unknown() }), 'The model called a tool'),
      literalEvent(
        'tool-result',
        'ToolResult',
        z.object({ ...callShape, result: z.unknown(), isError: z.boolean() }),
        "A tool's result (display transforms applied, the source's secrets redacted)",
      ),
      literalEvent('tool-error', 'ToolError', z.object({ ...callShape, error: z.unknown() }), 'A tool failed'),
      literalEvent(
        'tool-call-approval',
        'ToolApproval',
        z.object({ ...callShape, args: z.unknown() }),
        'The call waits for approval (POST /api/runs/{runId}/approve or /decline)',
      ),
      literalEvent(
        'tool-call-suspended',
        'ToolSuspended',
        z.object({
          ...callShape,
          suspendPayload: z.unknown(),
          resumeSchema: z.record(z.string(), z.unknown()).optional(),
        }),
        'The call waits for resume data (POST /api/runs/{runId}/resume); kind `elicitation` for an MCP question',
      ),
      runEvent(
        z.string().regex(/^data-/),
        'Data',
        z.object({ ...callShape, id: z.string().optional(), data: z.unknown() }),
        "data-<name>: written by a tool through its writer (data-tool-agent: a sub-agent's progress)",
      ),
      literalEvent(
        'background-task-started',
        'BackgroundTaskStarted',
        z.object({ ...callShape, taskId: z.string() }),
        'A background tool started',
      ),
      literalEvent(
        'background-task-completed',
        'BackgroundTaskCompleted',
        z.object({
          ...callShape,
          taskId: z.string(),
          status: z.enum(['completed', 'failed']),
          result: z.unknown(),
          isError: z.boolean(),
        }),
        'A background tool finished; the model gets its result on its next step',
      ),
      literalEvent(
        'step-finish',
        'StepFinish',
        z.object({ stepNumber: z.number().int(), finishReason: z.string(), usage }),
        'A model step ended',
      ),
      literalEvent('finish', 'Finish', finishPayload, 'Closes a run that finished or paused: the run result'),
      literalEvent('error', 'Error', errorSchema, 'Closes a run that failed, with the API error shape'),
    ])
    .openapi('RunEvent', { description: 'The data of one event of a streamed run (one per chunk type)' });
}
