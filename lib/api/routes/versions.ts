/** Version routes: list, read, publish, unpublish, restore, delete, diff. */
import { z } from '@hono/zod-openapi';
import { invalidInput } from '../../errors';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { pageOf, pageQuery } from '../pagination';
import { jsonRoutes, requestBody } from '../schemas';
import {
  agentIdParams,
  agentWithVersionSchema,
  deletedSchema,
  restoreVersionSpec,
  versionParams,
  versionSchema,
} from './agents-schemas';
import { exceedsJsonDepth, maxJsonDepth } from '../../http';

const route = jsonRoutes('versions');

export const listRoute = route('get', '/agents/{id}/versions', {
  operationId: 'listAgentVersions',
  summary: 'Versions, newest first',
  request: { params: agentIdParams, query: pageQuery },
  ok: ['One page of versions', pageOf(versionSchema)],
  errors: [400, 404],
});

export const getRoute = route('get', '/agents/{id}/versions/{n}', {
  operationId: 'getAgentVersion',
  summary: 'One version by number',
  request: { params: versionParams },
  ok: ['The agent and version', agentWithVersionSchema],
  errors: [400, 404],
});

const publishBody = z
  .object({
    expectedActiveVersionNumber: z.number().int().min(1).nullable().optional().openapi({
      description: 'Compare-and-swap: publish only if this is still the published version (null: nothing is published)',
    }),
  })
  .strict();

export const publishRoute = route('post', '/agents/{id}/versions/{n}/publish', {
  operationId: 'publishAgentVersion',
  summary: 'Publish version n (idempotent)',
  request: {
    params: versionParams,
    body: requestBody(publishBody, { required: false, example: { expectedActiveVersionNumber: 2 } }),
  },
  ok: ['Published', agentWithVersionSchema],
  errors: [400, 404, 409],
});

export const unpublishRoute = route('post', '/agents/{id}/unpublish', {
  operationId: 'unpublishAgent',
  summary: 'Clear the published version',
  request: { params: agentIdParams },
  ok: ['Unpublished; version is the latest', agentWithVersionSchema],
  errors: [404],
});

export const restoreRoute = route('post', '/agents/{id}/versions/{n}/restore', {
  operationId: 'restoreAgentVersion',
  summary: "A new draft version with version n's snapshot",
  ...restoreVersionSpec(agentWithVersionSchema),
});

export const deleteRoute = route('delete', '/agents/{id}/versions/{n}', {
  operationId: 'deleteAgentVersion',
  summary: 'Delete a version (refused for the published, a labelled or the latest version)',
  request: { params: versionParams },
  ok: ['Deleted', deletedSchema],
  errors: [404, 409],
});

const diffQuery = z.object({
  from: z.coerce.number<number>().int().min(1),
  to: z.coerce.number<number>().int().min(1).optional().openapi({ description: 'Default: the latest version' }),
  requestContext: z
    .string()
    .max(64 * 1024)
    .optional()
    .openapi({ description: 'JSON object; adds the resolved-tool diff' }),
});

const diffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  diffs: z.array(z.object({ field: z.string(), previous: z.unknown(), current: z.unknown() })),
  tools: z
    .object({
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(
        z.object({
          name: z.string(),
          changes: z.array(z.enum(['description', 'inputSchema', 'outputSchema', 'source'])),
        }),
      ),
    })
    .optional(),
});

export const diffRoute = route('get', '/agents/{id}/diff', {
  operationId: 'diffAgentVersions',
  summary: 'Field diff between two versions (and the resolved-tool diff for a request context)',
  request: { params: agentIdParams, query: diffQuery },
  ok: ['The differences', diffSchema],
  errors: [400, 404],
});

function parseRequestContext(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  if (exceedsJsonDepth(text))
    throw invalidInput([{ path: 'query.requestContext', message: `JSON nested deeper than ${maxJsonDepth} levels` }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidInput([{ path: 'query.requestContext', message: 'Not valid JSON' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidInput([{ path: 'query.requestContext', message: 'The request context is a JSON object' }]);
  }
  return value as Record<string, unknown>;
}

export function registerVersionRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) =>
    context.json(await editor.agents.listVersions(context.req.valid('param').id, context.req.valid('query')), 200),
  );

  app.openapi(getRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    return context.json(await editor.agents.getById(id, { versionNumber: n }), 200);
  });

  app.openapi(publishRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    const body = (context.req.valid('json') as z.output<typeof publishBody> | undefined) ?? {};
    return context.json(
      await editor.agents.publish({
        id,
        versionNumber: n,
        expectedActiveVersionNumber: body.expectedActiveVersionNumber,
        actor: requestActor(context),
      }),
      200,
    );
  });

  app.openapi(unpublishRoute, async (context) =>
    context.json(
      await editor.agents.unpublish({ id: context.req.valid('param').id, actor: requestActor(context) }),
      200,
    ),
  );

  app.openapi(restoreRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    return context.json(await editor.agents.restore({ id, versionNumber: n, actor: requestActor(context) }), 201);
  });

  app.openapi(deleteRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    return context.json(await editor.agents.deleteVersion({ id, versionNumber: n, actor: requestActor(context) }), 200);
  });

  app.openapi(diffRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { from, to, requestContext } = context.req.valid('query');
    return context.json(
      await editor.agents.diff({ id, from, to, requestContext: parseRequestContext(requestContext) }),
      200,
    );
  });
}
