/**
 * Shapes of the runs list (`GET /api/runs`) and of what `GET /api/runs/:runId` adds to a run: the
 * list's fields and the recorded steps (docs/runs.md).
 */
import { z } from '@hono/zod-openapi';

const listedStatuses = ['running', 'paused', 'finished', 'failed'] as const;

const usageSchema = z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() });

/** The query's schema is shared with the Runs pages' server action. */
export { runListQuerySchema as runListQuery } from '../../schemas';

/** The fields the list shows of a run; `GET /api/runs/:runId` has them too. */
const listedFields = {
  finishReason: z.string().nullable().openapi({ description: "The last model step's finish reason" }),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable().openapi({ description: 'From start to finish, waits for answers included' }),
  usage: usageSchema,
  toolCallCount: z.number().int(),
};

const draftRun = z
  .literal(true)
  .optional()
  .openapi({ description: 'Present on a run of an unsaved draft (its versionId and versionNumber are null)' });

export const runListItemSchema = z
  .object({
    runId: z.string(),
    agentId: z.string(),
    versionNumber: z.number().int().nullable(),
    label: z.string().nullable(),
    resolvedToolsHash: z.string().nullable(),
    status: z.enum(listedStatuses),
    ...listedFields,
    threadId: z.string().nullable(),
    resourceId: z.string().nullable(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    kind: z.literal('evaluation').optional().openapi({ description: 'Present on a replay of a test case' }),
    draft: draftRun,
  })
  .openapi('RunListItem');

export const runListPageSchema = z
  .object({
    items: z.array(runListItemSchema),
    nextCursor: z.string().nullable().openapi({ description: 'null on the last page' }),
  })
  .openapi('RunListPage');

const answerOf = <State extends readonly [string, ...string[]]>(states: State) =>
  z.object({ state: z.enum(states), answeredBy: z.string().optional(), answeredAt: z.string().optional() });

const recordedToolCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  source: z.string().openapi({ description: '`code`, `mcp`, `integration`, `provider`, `sub-agent`, `workflow`, ...' }),
  args: z.unknown().openapi({ description: 'As shown for display: transforms applied, secrets redacted' }),
  result: z.unknown().optional().openapi({ description: 'As shown for display; absent while the call waits' }),
  isError: z.boolean(),
  error: z.string().optional(),
  startedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  approval: answerOf(['pending', 'approved', 'declined'] as const).optional(),
  suspended: answerOf(['pending', 'resumed'] as const).optional(),
});

const recordedStepSchema = z
  .object({
    index: z.number().int(),
    startedAt: z.string(),
    durationMs: z.number().int(),
    model: z.object({
      startedAt: z.string(),
      durationMs: z.number().int(),
      finishReason: z.string().nullable(),
      usage: usageSchema,
    }),
    toolCalls: z.array(recordedToolCallSchema),
  })
  .openapi('RunStep');

/** What a stored run shows beside its transcript: the list's fields, its steps and its messages. */
export const runDetailShape = {
  ...listedFields,
  kind: z.literal('evaluation').optional().openapi({ description: 'Present on a replay of a test case' }),
  steps: z.array(recordedStepSchema),
  messages: z.array(z.record(z.string(), z.unknown())).openapi({ description: 'The conversation (the transcript)' }),
};
