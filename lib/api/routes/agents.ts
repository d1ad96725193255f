/**
 * Agent management routes: list, create, read, save, delete. A create body that fails its schema is
 * answered with the stored-agent check's problems as well, so one answer lists every missing field.
 */
import { z } from '@hono/zod-openapi';
import { createAgentBodySchema, updateAgentBodySchema, type Editor } from '../../editor';
import { agentSearchSchema } from '../../schemas';
import { toVersionSelector } from '../../versions';
import { invalidInput } from '../../errors';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { pageOf, pageQuery, pageRequestOf } from '../pagination';
import { jsonRoutes, requiredBody } from '../schemas';
import {
  agentIdParams,
  agentListItemSchema,
  agentWithVersionSchema,
  codeOnlyAgentSchema,
  createResultSchema,
  diagnosticSchema,
  deletedSchema,
  saveResultSchema,
  selectorQuery,
} from './agents-schemas';

const route = jsonRoutes('agents');

export const listRoute = route('get', '/agents', 'listAgents', {
  summary: 'List agents by id, optionally searched by id or name',
  request: {
    query: pageQuery.extend({
      search: agentSearchSchema
        .optional()
        .openapi({ description: 'Only agents whose id or name contains this text (case-insensitive)' }),
    }),
  },
  ok: ['One page of agents', pageOf(agentListItemSchema)],
  errors: [400],
});

export const createAgentRoute = route('post', '/agents', 'createAgent', {
  summary: "Create a stored agent (or a code agent's override record) with version 1",
  request: {
    body: requiredBody(createAgentBodySchema, {
      id: 'support-bot',
      name: 'Support bot',
      model: 'openai/gpt-4o-mini',
      instructions: 'Answer questions about orders. Be brief.',
      tools: { 'search-knowledge-base': {} },
    }),
  },
  status: 201,
  ok: ['Created', createResultSchema],
  errors: [400, 403, 409],
});

export const getRoute = route('get', '/agents/{id}', 'getAgent', {
  summary: 'The agent and the version the selector names (default: the latest)',
  request: { params: agentIdParams, query: selectorQuery },
  ok: [
    'The agent and version (a code agent without an override record: its code definition)',
    z.union([agentWithVersionSchema, codeOnlyAgentSchema]),
  ],
  errors: [400, 404],
});

export const lintRoute = route('get', '/agents/{id}/lint', 'lintAgent', {
  summary: "The rule linter's findings for the version the selector names (default: the latest)",
  description:
    "The checks a save runs, without writing: every rule of the version, and approval policies' `args.*` against " +
    'each tool input schema the studio knows without a network call (registered and built-in tools, MCP tools as ' +
    "their server last listed them, stored integrations' tools). An error here is what a save of the version refuses " +
    'and what blocks its publish.',
  request: { params: agentIdParams, query: selectorQuery },
  ok: [
    'The findings (none: the rules are fine)',
    z.object({
      versionNumber: z
        .number()
        .int()
        .nullable()
        .openapi({ description: 'The version linted; null for a code agent without an override record' }),
      diagnostics: z.array(diagnosticSchema),
    }),
  ],
  errors: [400, 404],
});

export const updateRoute = route('patch', '/agents/{id}', 'updateAgent', {
  summary: 'Save: a new version when a provided field differs from the latest (never publishes)',
  request: {
    params: agentIdParams,
    body: requiredBody(updateAgentBodySchema, {
      baseVersionNumber: 3,
      instructions: 'Answer in one paragraph.',
      changeMessage: 'Shorter answers',
    }),
  },
  ok: ['Saved, or nothing changed', saveResultSchema],
  errors: [400, 403, 404, 409],
});

export const deleteRoute = route('delete', '/agents/{id}', 'deleteAgent', {
  summary: 'Delete the agent record, its versions and labels',
  request: { params: agentIdParams },
  ok: ['Deleted', deletedSchema],
  errors: [404],
});

export function registerAgentRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) =>
    context.json(await editor.agents.list(pageRequestOf(context.req.valid('query'))), 200),
  );

  app.openapi(
    createAgentRoute,
    async (context) =>
      context.json(await editor.agents.create({ ...context.req.valid('json'), actor: requestActor(context) }), 201),
    // A refused body is answered with every problem the service would find, the fields a stored
    // agent needs included, not only the schema's.
    (result, context) => {
      if (result.success) return undefined;
      // The validator hands the hook the body as sent (`data`), though the failure's type names only the error.
      const { data } = result as { data?: unknown };
      return context.json(invalidInput(editor.agents.createIssues(data)).toBody(), 400);
    },
  );

  app.openapi(getRoute, async (context) => {
    const { id } = context.req.valid('param');
    const selector = toVersionSelector(context.req.valid('query'));
    const codeOnly = selector === undefined ? await editor.agents.getCodeOnly(id) : undefined;
    if (codeOnly) return context.json(codeOnly, 200);
    return context.json(await editor.agents.getById(id, selector), 200);
  });

  app.openapi(lintRoute, async (context) => {
    const { id } = context.req.valid('param');
    const selector = toVersionSelector(context.req.valid('query'));
    return context.json(await editor.agents.lint({ id, selector }), 200);
  });

  app.openapi(updateRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { created, version, droppedFields, warnings } = await editor.agents.update({
      ...context.req.valid('json'),
      id,
      actor: requestActor(context),
    });
    return context.json({ created, version, droppedFields, warnings }, 200);
  });

  app.openapi(deleteRoute, async (context) =>
    context.json(await editor.agents.delete(context.req.valid('param').id, { actor: requestActor(context) }), 200),
  );
}
