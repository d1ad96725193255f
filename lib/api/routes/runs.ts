/**
 * The runs of agents: `GET /api/runs/:runId` (the stored record) and the continuations of a paused
 * run: approve or decline a call by its toolCallId, resume a suspended call, send client tool
 * results. Each answers like generate (the run may pause again), or as Server-Sent Events when the
 * request accepts `text/event-stream`.
 */
import { createRoute, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamRun, type RunChunk, type RunResult, type Runtime } from '../../runtime';
import type { ApiApp } from '../app';
import { runEventStream, wantsEventStream } from '../run-events';
import { errorResponses } from '../schemas';
import { jsonBody } from './agents-schemas';
import {
  resumeBodySchema,
  runIdParams,
  runResultSchema,
  runViewSchema,
  toolCallBodySchema,
  toolResultsBodySchema,
} from './run-schemas';

const getRunRoute = createRoute({
  method: 'get',
  path: '/runs/{runId}',
  summary: 'A stored run: version, tool-set hash, status, pending calls, transcript',
  tags: ['runtime'],
  request: { params: runIdParams },
  responses: { 200: { description: 'The run', ...jsonBody(runViewSchema) }, ...errorResponses(404) },
});

function continuationRoute<TBody extends z.ZodType>(path: string, summary: string, body: TBody) {
  return createRoute({
    method: 'post',
    path: `/runs/{runId}/${path}`,
    summary,
    description: 'Answers the continued run like generate; with `Accept: text/event-stream`, streams it.',
    tags: ['runtime'],
    request: { params: runIdParams, body: { required: true, ...jsonBody(body) } },
    responses: {
      200: { description: 'The continued run (it may pause again)', ...jsonBody(runResultSchema) },
      ...errorResponses(400, 404, 409),
    },
  });
}

type Continue = (request: { onChunk?: (chunk: RunChunk) => void; abortSignal: AbortSignal }) => Promise<RunResult>;

async function answer(context: Context, runId: string, run: Continue): Promise<Response> {
  if (wantsEventStream(context)) {
    return runEventStream(context, (abortSignal) =>
      streamRun({ runId, abortSignal, start: (emit, signal) => run({ onChunk: emit, abortSignal: signal }) }),
    );
  }
  return context.json(await run({ abortSignal: context.req.raw.signal }), 200);
}

export function registerRunRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(getRunRoute, (context) => context.json(runtime.runs.get(context.req.valid('param').runId) as never, 200));

  for (const decision of ['approve', 'decline'] as const) {
    const route = continuationRoute(
      decision,
      `${decision === 'approve' ? 'Approve' : 'Decline'} a call waiting for approval (by toolCallId)`,
      toolCallBodySchema,
    );
    app.openapi(route, async (context) => {
      const { runId } = context.req.valid('param');
      const { toolCallId } = context.req.valid('json');
      return (await answer(context, runId, (options) =>
        runtime.runs[decision]({ runId, toolCallId, ...options }),
      )) as never;
    });
  }

  const resume = continuationRoute(
    'resume',
    'Resume a suspended call with data for its resumeSchema',
    resumeBodySchema,
  );
  app.openapi(resume, async (context) => {
    const { runId } = context.req.valid('param');
    const { toolCallId, resumeData } = context.req.valid('json');
    return (await answer(context, runId, (options) =>
      runtime.runs.resume({ runId, resumeData, ...(toolCallId ? { toolCallId } : {}), ...options }),
    )) as never;
  });

  const toolResults = continuationRoute('tool-results', 'Send the results of client tools', toolResultsBodySchema);
  app.openapi(toolResults, async (context) => {
    const { runId } = context.req.valid('param');
    const { results } = context.req.valid('json');
    return (await answer(context, runId, (options) =>
      runtime.runs.submitToolResults({
        runId,
        results: results.map(({ toolCallId, output, modelOutput }) => ({
          toolCallId,
          output,
          ...(modelOutput ? { modelOutput } : {}),
        })),
        ...options,
      }),
    )) as never;
  });
}
