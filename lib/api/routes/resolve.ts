/**
 * `POST /api/agents/:id/resolve` (docs/resolution.md): the tools the
 * model would see for this request context, from the published version unless a selector (or an
 * unsaved draft) says otherwise, with the explanation, warnings and `resolvedToolsHash`. Tools come as an array sorted
 * by name, without their executables.
 */
import { z } from '@hono/zod-openapi';
import { describeResolvedTools } from '../../resolver';
import type { Editor } from '../../editor';
import { versionIdentityOf, type DraftVersion, type Resolution, type Runtime } from '../../runtime';
import { toVersionSelector } from '../../versions';
import type { ApiApp } from '../app';
import { draftExcludesSelector, draftField, draftOfRequest, draftScopeGate } from '../draft-request';
import { jsonRoutes, requestBody } from '../schemas';
import { agentIdParams, runtimeRequestFields } from './agents-schemas';

const route = jsonRoutes('runtime');

export const resolveBodySchema = z
  .object({
    ...runtimeRequestFields,
    draft: draftField,
  })
  .strict()
  .superRefine(draftExcludesSelector)
  .openapi('ResolveRequest');

const originSchema = z.union([
  z.object({ toolId: z.string() }),
  z.object({ clientId: z.string(), clientVersionId: z.string(), server: z.string(), tool: z.string() }),
  z.object({
    providerId: z.string(),
    toolkit: z.string().optional(),
    connectionId: z.string().optional(),
    slug: z.string(),
  }),
  z.object({ agentId: z.string() }).openapi({ description: 'A sub-agent (`agent-<key>`): the agent it calls' }),
  z.object({ workflowId: z.string() }).openapi({ description: 'A workflow (`workflow-<key>`): the workflow it runs' }),
]);

const sources = ['code', 'registry', 'mcp', 'integration', 'provider', 'agent', 'workflow'] as const;

const resolvedToolSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    inputSchema: z.record(z.string(), z.unknown()),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    source: z.enum(sources),
    origin: originSchema,
    annotations: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ResolvedTool');

const resolutionSchema = z
  .object({
    agentId: z.string(),
    versionId: z.string().nullable().openapi({ description: 'null when a code agent runs as defined in code' }),
    versionNumber: z.number().int().nullable(),
    label: z.string().optional(),
    draft: z.literal(true).optional().openapi({ description: 'Present when the request resolved an unsaved draft' }),
    instructions: z.string(),
    model: z.string(),
    tools: z.array(resolvedToolSchema),
    explanation: z.object({ tools: z.record(z.string(), z.unknown()), fields: z.record(z.string(), z.unknown()) }),
    warnings: z.array(
      z.object({
        code: z.string(),
        message: z.string(),
        // `rules`: a rule of the version itself (`rule_budget_exceeded`, `tool_policy_unused`).
        source: z.enum([...sources, 'rules']),
        ref: z.string(),
      }),
    ),
    resolvedToolsHash: z.string(),
  })
  .openapi('Resolution');

export const resolveRoute = route('post', '/agents/{id}/resolve', 'resolveAgent', {
  summary: 'Resolve the tools of an agent for one request context (default: the published version)',
  request: {
    params: agentIdParams,
    body: requestBody(resolveBodySchema, {
      required: false,
      example: { requestContext: { tenantId: 'acme' }, selector: { label: 'staging' } },
    }),
  },
  ok: ['The resolution', resolutionSchema],
  errors: [400, 403, 404],
});

/**
 * The answer's JSON in two parts, keys in the order of `resolutionSchema`: the head (ids, rendered
 * instructions, model; an object whose closing brace the tail replaces) and the tail (tools,
 * explanation, warnings, hash). The direct path keeps tails per memoised resolution.
 */
export function resolutionHead(resolution: Resolution): string {
  const { instructions, model } = resolution;
  return JSON.stringify({ ...versionIdentityOf(resolution), instructions, model });
}

export function resolutionTail({ tools, explanation, warnings, resolvedToolsHash }: Resolution): string {
  return (
    `,"tools":${JSON.stringify(describeResolvedTools(tools))},"explanation":${JSON.stringify(explanation)}` +
    `,"warnings":${JSON.stringify(warnings)},"resolvedToolsHash":${JSON.stringify(resolvedToolsHash)}}`
  );
}

/**
 * The resolution a parsed request body asks for (the direct path asks the same way, and hands
 * bodies with a draft to the app, which checks the draft first).
 */
export function resolveRequest({
  runtime,
  id,
  body,
  draft,
}: {
  runtime: Runtime;
  id: string;
  body: z.infer<typeof resolveBodySchema>;
  /** The body's draft, checked (`draftOfRequest`). */
  draft?: DraftVersion | undefined;
}): Promise<Resolution> {
  const { requestContext, selector, resourceId } = body;
  return runtime.resolve(id, {
    requestContext: requestContext ?? {},
    selector: selector ? toVersionSelector(selector) : undefined,
    draft,
    resourceId,
  });
}

export function registerResolveRoutes(app: ApiApp, { runtime, editor }: { runtime: Runtime; editor: Editor }) {
  app.post('/agents/:id/resolve', draftScopeGate);
  app.openapi(resolveRoute, async (context) => {
    const { id } = context.req.valid('param');
    const body = context.req.valid('json') ?? {};
    const draft = await draftOfRequest(context, { editor, agentId: id, draft: body.draft });
    const resolution = await resolveRequest({ runtime, id, body, draft });
    // Written as JSON text in the documented shape (head and tail above), which the route's typed
    // response helpers cannot express; the document still describes it through `resolutionSchema`.
    const json = `${resolutionHead(resolution).slice(0, -1)}${resolutionTail(resolution)}`;
    return context.body(json, 200, { 'content-type': 'application/json' }) as never;
  });
}
