/** Version routes: list, read, publish, unpublish, restore, delete (diffs: ./version-diff.ts). */
import { z } from '@hono/zod-openapi';
import { publishAgentBodySchema, type Editor, type PublishAgentBody } from '../../editor';
import { allows } from '../../auth/credentials';
import { StudioError } from '../../errors';
import type { ApiApp } from '../app';
import { principalOf, requestActor } from '../request-principal';
import { pageRequestOf } from '../pagination';
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

export const listRoute = route.page('/agents/{id}/versions', 'listAgentVersions', {
  summary: 'Versions, newest first',
  params: agentIdParams,
  items: ['versions', versionSchema],
});

export const getRoute = route('get', '/agents/{id}/versions/{n}', 'getAgentVersion', {
  summary: 'One version by number',
  request: { params: versionParams },
  ok: ['The agent and version', agentWithVersionSchema],
  errors: [400, 404],
});

const publishProblemSchema = z.object({
  code: z.string().openapi({ description: 'e.g. `missing_reference`, or a rule-linter code' }),
  message: z.string(),
  path: z.string().optional().openapi({ description: 'Where in the version, e.g. `agents.helper`' }),
});

const gateEvaluationSchema = z
  .object({
    minPassRate: z.number().min(0).max(1).openapi({ description: 'The share of test cases that must pass' }),
    last: z
      .object({
        evaluationId: z.string(),
        versionNumber: z.number().int().openapi({ description: 'The version it ran (same configuration)' }),
        passed: z.number().int(),
        failed: z.number().int(),
        finishedAt: z.string(),
        stale: z.boolean().openapi({
          description: 'The test cases changed since it started (or it did not cover every current case)',
        }),
      })
      .nullable()
      .openapi({
        description:
          'A finished evaluation of this configuration that lets it publish, else the newest finished one; null: never tested',
      }),
  })
  .openapi({ description: "Present when the agent's publish gate asks for an evaluation" });

export const publishChecksRoute = route(
  'get',
  '/agents/{id}/versions/{n}/publish-checks',
  'getAgentVersionPublishChecks',
  {
    summary: "What publishing version n would refuse (the publish gate's checks), without publishing",
    description:
      'The same checks `publishAgentVersion` runs before it switches the published version. An empty ' +
      '`problems` list means the version would go live; each problem is what the 409 `publish_blocked` would list ' +
      "(`evaluation_required` included, when the agent's gate asks for an evaluation this configuration lacks). " +
      '`evaluation` says what the gate asks and how the evaluations of this configuration went (the one that lets it ' +
      'publish when there is one, else the newest).',
    request: { params: versionParams },
    ok: [
      'The problems found (none: the version can be published)',
      z.object({ problems: z.array(publishProblemSchema), evaluation: gateEvaluationSchema.optional() }),
    ],
    errors: [400, 404],
  },
);

export const publishRoute = route('post', '/agents/{id}/versions/{n}/publish', 'publishAgentVersion', {
  summary: 'Publish version n (idempotent)',
  request: {
    params: versionParams,
    body: requestBody(publishAgentBodySchema, {
      required: false,
      example: { expectedActiveVersionNumber: 2, message: 'Adds the refund tool' },
    }),
  },
  ok: ['Published', agentWithVersionSchema],
  errors: [400, 403, 404, 409],
});

export const unpublishRoute = route('post', '/agents/{id}/unpublish', 'unpublishAgent', {
  summary: 'Clear the published version',
  request: { params: agentIdParams },
  ok: ['Unpublished; version is the latest', agentWithVersionSchema],
  errors: [404],
});

export const restoreRoute = route('post', '/agents/{id}/versions/{n}/restore', 'restoreAgentVersion', {
  summary: "A new draft version with version n's snapshot",
  ...restoreVersionSpec(agentWithVersionSchema),
});

export const deleteRoute = route('delete', '/agents/{id}/versions/{n}', 'deleteAgentVersion', {
  summary: 'Delete a version (refused for the published, a labelled or the latest version)',
  request: { params: versionParams },
  ok: ['Deleted', deletedSchema],
  errors: [404, 409],
});

export function registerVersionRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) =>
    context.json(
      await editor.agents.listVersions(context.req.valid('param').id, pageRequestOf(context.req.valid('query'))),
      200,
    ),
  );

  app.openapi(getRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    return context.json(await editor.agents.getById(id, { versionNumber: n }), 200);
  });

  app.openapi(publishRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    const body = (context.req.valid('json') as PublishAgentBody | undefined) ?? {};
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
        message: body.message,
        override: body.override,
        actor: requestActor(context),
      }),
      200,
    );
  });

  app.openapi(publishChecksRoute, async (context) => {
    const { id, n } = context.req.valid('param');
    const { problems, evaluation } = await editor.agents.publishChecks({ id, versionNumber: n });
    return context.json({ problems, evaluation }, 200);
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
