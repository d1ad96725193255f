/**
 * The runs of agents: `GET /api/runs` (the list, newest first, filtered and paged),
 * `GET /api/runs/:runId` (the stored record with its steps) and the continuations of a paused
 * run: approve or decline a call by its toolCallId, resume a suspended call, send client tool
 * results. Each answers like generate (the run may pause again), or as Server-Sent Events when the
 * request accepts `text/event-stream`. A continuation is the caller's only: it names the run's
 * resourceId, and comes from the key or user that started the run or an admin (403 otherwise).
 */
import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamRun, type ContinuationParty, type RunChunk, type RunResult, type Runtime } from '../../runtime';
import type { ApiApp } from '../app';
import { requestActor, runCallerOf } from '../request-principal';
import { runEventStream, wantsEventStream } from '../run-events';
import { errorResponses, jsonRoutes, requestBody } from '../schemas';
import {
  eventStreamResponse,
  resumeBodySchema,
  runIdParams,
  runResultSchema,
  runViewSchema,
  toolCallBodySchema,
  toolResultsBodySchema,
} from './run-schemas';
import { runListPageSchema, runListQuery } from './run-list-schemas';

const route = jsonRoutes('runtime');

export const listRunsRoute = route('get', '/runs', 'listRuns', {
  summary: 'Stored runs, newest first, filtered and paged',
  description:
    'Filters combine: `agentId`, `versionNumber`, `label`, `status`, `threadId`, `resourceId`, and the start time ' +
    '(`from` inclusive, `to` exclusive, ISO 8601). Pages follow `nextCursor`, stable while runs start meanwhile.',
  request: { query: runListQuery },
  ok: ['One page of runs', runListPageSchema],
  errors: [400],
});

export const getRunRoute = route('get', '/runs/{runId}', 'getRun', {
  summary: 'A stored run: version, tool-set hash, status, pending calls, transcript, timings, usage and steps',
  request: { params: runIdParams },
  ok: ['The run', runViewSchema],
  errors: [404],
});

function continuationRoute<TBody extends z.ZodType>({
  operationId,
  path,
  summary,
  body,
  example,
}: {
  operationId: string;
  path: string;
  summary: string;
  body: TBody;
  example: z.input<TBody>;
}) {
  return createRoute({
    method: 'post',
    path: `/runs/{runId}/${path}`,
    operationId,
    summary,
    description:
      'Answers the continued run like generate; with `Accept: text/event-stream`, streams it. ' +
      "403 `forbidden` when the body's resourceId is not the run's, or (with sign-in) the caller is neither " +
      'the key or user that started the run nor an admin.',
    tags: ['runtime'],
    request: { params: runIdParams, body: requestBody(body, { required: true, example }) },
    responses: {
      200: {
        description: 'The continued run (it may pause again)',
        content: { 'application/json': { schema: runResultSchema }, ...eventStreamResponse('').content },
      },
      ...errorResponses(400, 403, 404, 409, 503),
    },
  });
}

/** Approve and decline take the same body: the toolCallId of the call waiting for approval. */
const decisionRoute = (decision: 'approve' | 'decline', verb: string) =>
  continuationRoute({
    operationId: `${decision}Run`,
    path: decision,
    summary: `${verb} a call waiting for approval (by toolCallId)`,
    body: toolCallBodySchema,
    example: { toolCallId: 'call_1' },
  });

export const approveRunRoute = decisionRoute('approve', 'Approve');
export const declineRunRoute = decisionRoute('decline', 'Decline');

export const resumeRunRoute = continuationRoute({
  operationId: 'resumeRun',
  path: 'resume',
  summary: 'Resume a suspended call with data for its resumeSchema',
  body: resumeBodySchema,
  example: { toolCallId: 'call_2', resumeData: { approvedBy: 'ada' } },
});

export const submitRunToolResultsRoute = continuationRoute({
  operationId: 'submitRunToolResults',
  path: 'tool-results',
  summary: 'Send the results of client tools',
  body: toolResultsBodySchema,
  example: { results: [{ toolCallId: 'call_3', output: { city: 'Oslo' } }] },
});

type Continue = (
  request: ContinuationParty & { onChunk?: (chunk: RunChunk) => void; abortSignal: AbortSignal },
) => Promise<RunResult>;

/**
 * Continues the run as JSON or as events. The body's resourceId and the request's caller go with
 * every continuation, so the runtime checks them whichever route and form it is.
 */
async function answer(
  context: Context,
  { runId, resourceId }: { runId: string; resourceId: string | undefined },
  run: Continue,
): Promise<Response> {
  const party: ContinuationParty = { resourceId, caller: runCallerOf(context), actor: requestActor(context) };
  if (wantsEventStream(context)) {
    return runEventStream(context, (abortSignal) =>
      streamRun({
        runId,
        abortSignal,
        start: (emit, signal) => run({ ...party, onChunk: emit, abortSignal: signal }),
      }),
    );
  }
  return context.json(await run({ ...party, abortSignal: context.req.raw.signal }), 200);
}

export function registerRunRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(listRunsRoute, async (context) =>
    context.json(await runtime.runs.list({ ...context.req.valid('query'), cursorPath: 'query.cursor' }), 200),
  );
  app.openapi(getRunRoute, async (context) =>
    context.json((await runtime.runs.get(context.req.valid('param').runId)) as never, 200),
  );

  const decisions = [
    ['approve', approveRunRoute],
    ['decline', declineRunRoute],
  ] as const;
  for (const [decision, decisionRoute] of decisions) {
    app.openapi(decisionRoute, async (context) => {
      const { runId } = context.req.valid('param');
      const { toolCallId, resourceId } = context.req.valid('json');
      return (await answer(context, { runId, resourceId }, (options) =>
        runtime.runs[decision]({ runId, toolCallId, ...options }),
      )) as never;
    });
  }

  app.openapi(resumeRunRoute, async (context) => {
    const { runId } = context.req.valid('param');
    const { toolCallId, resumeData, resourceId } = context.req.valid('json');
    return (await answer(context, { runId, resourceId }, (options) =>
      runtime.runs.resume({ runId, resumeData, toolCallId, ...options }),
    )) as never;
  });

  app.openapi(submitRunToolResultsRoute, async (context) => {
    const { runId } = context.req.valid('param');
    const { results, resourceId } = context.req.valid('json');
    return (await answer(context, { runId, resourceId }, (options) =>
      runtime.runs.submitToolResults({
        runId,
        results: results.map(({ toolCallId, output, modelOutput }) => ({
          toolCallId,
          output,
          modelOutput,
        })),
        ...options,
      }),
    )) as never;
  });
}
