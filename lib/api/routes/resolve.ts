/**
 * `POST /api/agents/:id/resolve` (docs/resolution.md): the tools the
 * model would see for this request context, from the published version unless a selector says
 * otherwise, with the explanation, warnings and `resolvedToolsHash`. Tools come as an array sorted
 * by name, without their executables.
 */
import { z } from '@hono/zod-openapi';
import { describeResolvedTools } from '../../resolver';
import type { Resolution, Runtime } from '../../runtime';
import { toVersionSelector } from '../../versions';
import type { ApiApp } from '../app';
import { jsonRoutes, requestBody } from '../schemas';
import { agentIdParams, runtimeRequestFields } from './agents-schemas';

const route = jsonRoutes('runtime');

export const resolveBodySchema = z
  .object({
    ...runtimeRequestFields,
  })
  .strict()
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
    instructions: z.string(),
    model: z.string(),
    tools: z.array(resolvedToolSchema),
    explanation: z.object({ tools: z.record(z.string(), z.unknown()), fields: z.record(z.string(), z.unknown()) }),
    warnings: z.array(z.object({ code: z.string(), message: z.string(), source: z.enum(sources), ref: z.string() })),
    resolvedToolsHash: z.string(),
  })
  .openapi('Resolution');

export const resolveRoute = route('post', '/agents/{id}/resolve', {
  operationId: 'resolveAgent',
  summary: 'Resolve the tools of an agent for one request context (default: the published version)',
  request: {
    params: agentIdParams,
    body: requestBody(resolveBodySchema, {
      required: false,
      example: { requestContext: { tenantId: 'acme' }, selector: { label: 'staging' } },
    }),
  },
  ok: ['The resolution', resolutionSchema],
  errors: [400, 404],
});

/**
 * Tools, explanation, warnings and hash are memoised per resolution (the same objects come back for
 * the same version, matched variants and source state), so their JSON is serialised once and reused.
 * The per-request head (ids, rendered instructions, model) usually repeats too, so the last few
 * whole answers of each memoised resolution are kept as UTF-8 bytes and reused when every head
 * field is equal: nothing is cached that the request could change, since the resolution itself is
 * computed for every request. The key order is that of `resolutionSchema`.
 */
interface Head {
  agentId: string;
  versionId: string | null;
  versionNumber: number | null;
  label?: string | undefined;
  instructions: string;
  model: string;
}

interface SerialisedAnswer extends Head {
  bytes: Buffer;
}

interface Serialised {
  tail: string;
  /** Most recent first. */
  answers: SerialisedAnswer[];
}

const answersPerResolution = 8;
const serialised = new WeakMap<object, Serialised>();

function sameHead(a: Head, b: Head) {
  return (
    a.instructions === b.instructions &&
    a.agentId === b.agentId &&
    a.versionId === b.versionId &&
    a.versionNumber === b.versionNumber &&
    a.label === b.label &&
    a.model === b.model
  );
}

function resolutionBytes(resolution: Resolution): Buffer {
  let entry = serialised.get(resolution.explanation);
  if (entry === undefined) {
    entry = {
      tail:
        `,"tools":${JSON.stringify(describeResolvedTools(resolution.tools))},"explanation":${JSON.stringify(resolution.explanation)}` +
        `,"warnings":${JSON.stringify(resolution.warnings)},"resolvedToolsHash":${JSON.stringify(resolution.resolvedToolsHash)}}`,
      answers: [],
    };
    serialised.set(resolution.explanation, entry);
  }
  const { answers } = entry;
  for (let index = 0; index < answers.length; index++) {
    const answer = answers[index]!;
    if (!sameHead(answer, resolution)) continue;
    if (index > 0) {
      answers.copyWithin(1, 0, index);
      answers[0] = answer;
    }
    return answer.bytes;
  }
  const { agentId, versionId, versionNumber, label, instructions, model } = resolution;
  const head = JSON.stringify({
    agentId,
    versionId,
    versionNumber,
    ...(label === undefined ? {} : { label }),
    instructions,
    model,
  });
  const bytes = Buffer.from(`${head.slice(0, -1)}${entry.tail}`, 'utf8');
  answers.unshift({ agentId, versionId, versionNumber, label, instructions, model, bytes });
  if (answers.length > answersPerResolution) answers.pop();
  return bytes;
}

/**
 * The resolution a parsed request body asks for, as the route's JSON in UTF-8 (the direct path uses
 * it too). The bytes may be shared between requests: write them, never change them.
 */
export async function resolveAsJson({
  runtime,
  id,
  body,
}: {
  runtime: Runtime;
  id: string;
  body: z.infer<typeof resolveBodySchema>;
}): Promise<Buffer> {
  const { requestContext, selector, resourceId } = body;
  const resolution = await runtime.resolve(id, {
    requestContext: requestContext ?? {},
    ...(selector ? { selector: toVersionSelector(selector) } : {}),
    ...(resourceId === undefined ? {} : { resourceId }),
  });
  return resolutionBytes(resolution);
}

export function registerResolveRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(resolveRoute, async (context) => {
    const { id } = context.req.valid('param');
    const bytes = await resolveAsJson({ runtime, id, body: context.req.valid('json') ?? {} });
    // Already JSON in the documented shape (see resolutionBytes), which the route's typed response
    // helpers cannot express; the document still describes it through `resolutionSchema`.
    return context.body(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), 200, {
      'content-type': 'application/json',
    }) as never;
  });
}
