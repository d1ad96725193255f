/**
 * The publish gate of an agent (docs/testing-agents.md, "The publish gate"): read by anyone who may
 * read the agent, set by admins. A setting of the agent, not of its versions.
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import { publishGateSchema } from '../../schemas';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { jsonRoutes, requiredBody } from '../schemas';
import { agentIdParams } from './agents-schemas';

const route = jsonRoutes('agents');

const publishGateView = z
  .object({
    requireEvaluation: z.boolean().openapi({
      description: 'Publishing needs a finished evaluation of exactly the version, over every current test case',
    }),
    minPassRate: z.number().min(0).max(1).openapi({ description: 'The share of test cases that must pass (0 to 1)' }),
  })
  .openapi('PublishGate');

export const getPublishGateRoute = route('get', '/agents/{id}/publish-gate', 'getPublishGate', {
  summary: "The agent's publish gate (off by default)",
  request: { params: agentIdParams },
  ok: ['The publish gate', publishGateView],
  errors: [404],
});

export const setPublishGateRoute = route('put', '/agents/{id}/publish-gate', 'setPublishGate', {
  summary: "Set the agent's publish gate (admin)",
  request: {
    params: agentIdParams,
    body: requiredBody(publishGateSchema, { requireEvaluation: true, minPassRate: 0.9 }),
  },
  ok: ['The publish gate as set', publishGateView],
  errors: [400, 401, 403, 404],
});

export function registerPublishGateRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(getPublishGateRoute, async (context) =>
    context.json(await editor.agents.getPublishGate(context.req.valid('param').id), 200),
  );
  app.openapi(setPublishGateRoute, async (context) => {
    const gate = publishGateSchema.parse(context.req.valid('json'));
    const id = context.req.valid('param').id;
    return context.json(await editor.agents.setPublishGate({ id, gate, actor: requestActor(context) }), 200);
  });
}
