/** Version routes: list, read, publish, unpublish, restore, delete (diffs: ./version-diff.ts). */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import { allows } from '../../auth/credentials';
import { StudioError } from '../../errors';
import { publishOverrideSchema } from '../../schemas';
import type { ApiApp } from '../app';
import { principalOf, requestActor } from '../request-principal';
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
    override: publishOverrideSchema.optional().openapi({
      description:
        "Admins only: publish without the evaluation the agent's publish gate asks for; the reason is kept in the audit log",
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
  errors: [400, 403, 404, 409],
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
    const principal = principalOf(context);
    if (body.override && !allows(principal, 'admin')) {
      throw new StudioError('forbidden', 'Only an admin may publish past the publish gate (override).', {
        requiredScope: 'admin',
      });
    }
    return context.json(
      await editor.agents.publish({
        id,
        versionNumber: n,
        expectedActiveVersionNumber: body.expectedActiveVersionNumber,
        override: body.override,
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
}
