/**
 * `POST /api/agents/:id/generate` and `/stream`: run the selected version (published by default),
 * or an editor's unsaved draft, for one request context. Generate answers when the run finishes or pauses; stream sends the typed
 * chunks as Server-Sent Events. Errors before the run starts (unknown agent, no published version,
 * a model provider with no key) are JSON errors with their status.
 */
import { createRoute } from '@hono/zod-openapi';
import type { ModelMessage } from 'ai';
import type { Context } from 'hono';
import type { Editor } from '../../editor';
import type { RunCaller, RunOptions, Runtime } from '../../runtime';
import { toVersionSelector } from '../../versions';
import type { ApiApp } from '../app';
import { draftOfRequest, draftScopeGate } from '../draft-request';
import { runCallerOf } from '../request-principal';
import { runEventStream } from '../run-events';
import { errorResponses, jsonRoutes, requiredBody } from '../schemas';
import { agentIdParams } from './agents-schemas';
import { eventStreamResponse, runBodySchema, runResultSchema, type RunBody } from './run-schemas';

const route = jsonRoutes('runtime');

const runBody = requiredBody(runBodySchema, { prompt: 'What time is it in Oslo?', requestContext: { tier: 'pro' } });

export const generateRoute = route('post', '/agents/{id}/generate', 'generateAgent', {
  summary: 'Run an agent until it finishes or pauses (default: the published version)',
  description:
    'A provider with no key answers 503 `model_not_configured`, naming the environment variable to set. ' +
    'A model that breaks `toolChoice` (no tool call although one was required) answers 502 `model_error`.',
  request: { params: agentIdParams, body: runBody },
  ok: ['The run: finished, or paused on calls it waits for', runResultSchema],
  errors: [400, 403, 404, 409, 502, 503],
});

export const streamRoute = createRoute({
  method: 'post',
  path: '/agents/{id}/stream',
  operationId: 'streamAgent',
  summary: 'Run an agent, streaming its chunks as Server-Sent Events',
  description:
    'One event per chunk: `event: <type>`, `data: {"type","runId","payload"}`. Types: start, text-delta, ' +
    'tool-call-input-streaming-start, tool-call-delta, tool-call-input-streaming-end, tool-call, tool-result, ' +
    'tool-error, tool-call-approval, tool-call-suspended, data-<name>, step-finish, and finish or error last. ' +
    'A run that cannot start answers a JSON error instead.',
  tags: ['runtime'],
  request: { params: agentIdParams, body: runBody },
  responses: {
    200: eventStreamResponse('The event stream'),
    ...errorResponses(400, 403, 404, 409, 503),
  },
});

/**
 * The run options of a request body (the agent was loaded with its context and selector), with the
 * caller the run is recorded as started by.
 */
function runOptionsOf(body: RunBody, caller: RunCaller | undefined): RunOptions {
  return {
    caller,
    requestContext: body.requestContext,
    toolChoice: body.toolChoice,
    activeTools: body.activeTools,
    maxSteps: body.maxSteps,
    output: body.output,
    runId: body.runId,
    threadId: body.threadId,
    resourceId: body.resourceId,
    autoResumeSuspendedTools: body.autoResumeSuspendedTools ? true : undefined,
    clientTools: body.clientTools,
  };
}

const inputOf = (body: RunBody) => body.prompt ?? (body.messages as unknown as ModelMessage[]);

/** The agent a body runs: the selected version (published by default), or its unsaved draft, checked. */
async function loadFor(
  context: Context,
  { runtime, editor }: RunRouteDependencies,
  { id, body, signal }: { id: string; body: RunBody; signal: AbortSignal },
) {
  const selector = body.selector ? toVersionSelector(body.selector) : undefined;
  const draft = await draftOfRequest(context, { editor, agentId: id, draft: body.draft });
  return runtime.loadAgent(id, {
    requestContext: body.requestContext ?? {},
    selector,
    draft,
    resourceId: body.resourceId,
    signal,
  });
}

interface RunRouteDependencies {
  runtime: Runtime;
  editor: Editor;
}

export function registerAgentRunRoutes(app: ApiApp, dependencies: RunRouteDependencies) {
  app.post('/agents/:id/generate', draftScopeGate);
  app.post('/agents/:id/stream', draftScopeGate);
  app.openapi(generateRoute, async (context) => {
    const { id } = context.req.valid('param');
    const body = context.req.valid('json');
    const signal = context.req.raw.signal;
    const agent = await loadFor(context, dependencies, { id, body, signal });
    const result = await agent.generate(inputOf(body), {
      ...runOptionsOf(body, runCallerOf(context)),
      abortSignal: signal,
    });
    return context.json(result, 200);
  });

  app.openapi(streamRoute, async (context) => {
    const { id } = context.req.valid('param');
    const body = context.req.valid('json');
    const agent = await loadFor(context, dependencies, { id, body, signal: context.req.raw.signal });
    // The SSE answer is not one of the typed JSON responses the route definition can express.
    return (await runEventStream(context, (abortSignal) =>
      agent.stream(inputOf(body), { ...runOptionsOf(body, runCallerOf(context)), abortSignal }),
    )) as never;
  });
}
