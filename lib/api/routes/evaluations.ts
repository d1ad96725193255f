/**
 * Evaluations: `POST /agents/{id}/evaluations` replays the agent's test cases against a version (or
 * the latest, `draft: true`) in the background and answers 202 with the evaluation's id;
 * `GET /evaluations/{evaluationId}` follows it; `GET /agents/{id}/evaluations` lists them.
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import type { EvaluationTarget, Evaluations } from '../../evaluation';
import type { ApiApp } from '../app';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../pagination';
import { requestActor } from '../request-principal';
import { jsonRoutes, pathParam, requiredBody } from '../schemas';
import { agentIdParams } from './agents-schemas';

const route = jsonRoutes('evaluations');

const startBody = z
  .object({
    versionNumber: z.number().int().min(1).optional(),
    label: z.string().min(1).max(64).optional(),
    draft: z.literal(true).optional().openapi({ description: 'The latest version, published or not' }),
    testCaseIds: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(1_000)
      .optional()
      .openapi({ description: 'Only these cases (default: every case of the agent)' }),
  })
  .strict()
  .superRefine((body, context) => {
    const given = [body.versionNumber, body.label, body.draft].filter((value) => value !== undefined).length;
    if (given !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['versionNumber'],
        message: 'Give exactly one of versionNumber, label and draft',
      });
    }
  })
  .openapi({ oneOf: [{ required: ['versionNumber'] }, { required: ['label'] }, { required: ['draft'] }] });

const expectationVerdictSchema = z.object({ type: z.string(), passed: z.boolean(), detail: z.string() });

const caseResultSchema = z.object({
  testCaseId: z.string(),
  passed: z.boolean(),
  expectations: z.array(expectationVerdictSchema),
  runId: z.string().optional().openapi({ description: "The replay's stored run" }),
  resolvedToolsHash: z
    .string()
    .optional()
    .openapi({ description: "The hash of the resolved tool set the replay ran with (its run's)" }),
  diff: z.unknown().optional().openapi({
    description: 'The difference from the recording: calls added and removed, arguments changed, the answer in words',
  }),
  usage: z
    .object({
      inputTokens: z.number().optional(),
      outputTokens: z.number().optional(),
      totalTokens: z.number().optional(),
    })
    .optional(),
  durationMs: z.number(),
});

export const evaluationSchema = z
  .object({
    evaluationId: z.string(),
    status: z.enum(['running', 'finished', 'failed']),
    agentId: z.string(),
    versionNumber: z.number().int(),
    configHash: z.string().openapi({ description: "The hash of the version's configuration the cases ran against" }),
    resolvedToolsHash: z.string().nullable().openapi({
      description:
        "The hash of the resolved tool set the cases ran with, as their runs report it; null until a case ran, or when the cases' request contexts resolved different tool sets",
    }),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    passed: z.number().int(),
    failed: z.number().int(),
    results: z.array(caseResultSchema),
    error: z.string().nullable(),
  })
  .openapi('Evaluation');

const evaluationParams = z.object({
  evaluationId: pathParam({ name: 'evaluationId', max: 100, example: '0b6f3c1e-2a44-4c55-9f21-4f1c9a7d2e10' }),
});

export const startRoute = route('post', '/agents/{id}/evaluations', 'startEvaluation', {
  summary: "Replay the agent's test cases against a version",
  description:
    'Answers at once; the cases replay in the background, a few at a time (`STUDIO_EVAL_CONCURRENCY`). Tool calls are ' +
    "answered from each case's recording, so nothing outside the studio is called. Follow the evaluation with " +
    '`GET /evaluations/{evaluationId}`.',
  request: {
    params: agentIdParams,
    body: requiredBody(startBody, { versionNumber: 3 }),
  },
  status: 202,
  ok: ['Started', z.object({ evaluationId: z.string() })],
  errors: [400, 404],
});

export const getRoute = route('get', '/evaluations/{evaluationId}', 'getEvaluation', {
  summary: 'An evaluation: its status and, per test case, whether it passed and why',
  request: { params: evaluationParams },
  ok: ['The evaluation', evaluationSchema],
  errors: [404],
});

export const listRoute = route.page('/agents/{id}/evaluations', 'listEvaluations', {
  summary: "The agent's evaluations, newest first",
  params: agentIdParams,
  items: ['evaluations', evaluationSchema],
});

const targetOf = (body: z.output<typeof startBody>): EvaluationTarget =>
  body.versionNumber !== undefined
    ? { versionNumber: body.versionNumber }
    : body.label !== undefined
      ? { label: body.label }
      : { status: 'draft' };

/** Where a page starts: after the evaluation its cursor names (start time and id). */
function positionOf(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const { time, id } = decodeTimeIdCursor(cursor, 'query.cursor');
  return { startedAt: time, id };
}

export function registerEvaluationRoutes(
  app: ApiApp,
  { editor, evaluations }: { editor: Editor; evaluations: Evaluations },
) {
  app.openapi(startRoute, async (context) => {
    const { id } = context.req.valid('param');
    const body = context.req.valid('json');
    const started = await evaluations.start({
      agentId: id,
      target: targetOf(body),
      testCaseIds: body.testCaseIds,
      actor: requestActor(context),
    });
    return context.json(started, 202);
  });

  app.openapi(getRoute, async (context) =>
    context.json(await evaluations.get(context.req.valid('param').evaluationId), 200),
  );

  app.openapi(listRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { limit = 20, cursor } = context.req.valid('query');
    await editor.agents.getById(id);
    const items = await evaluations.list({ agentId: id, before: positionOf(cursor), limit: limit + 1 });
    const page = items.slice(0, limit);
    const last = page.at(-1);
    const nextCursor =
      items.length > limit && last ? encodeTimeIdCursor({ time: last.startedAt, id: last.evaluationId }) : null;
    return context.json({ items: page, nextCursor }, 200);
  });
}
