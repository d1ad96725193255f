/**
 * Export and import (the format is in docs/storage.md). The import body is checked by the editor rather than
 * the route schema, so one answer lists every problem of the envelope and of every snapshot.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { exportDocumentSchema, type Editor } from '../../editor';
import { toVersionSelector } from '../../versions';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { errorResponses, importDocumentSchema, jsonRoutes, queryFlag, requiredBody } from '../schemas';
import { agentIdParams, agentWithVersionSchema, jsonBody, selectorQuery } from './agents-schemas';

const route = jsonRoutes('agents');

export const exportRoute = route('get', '/agents/{id}/export', 'exportAgent', {
  summary: 'Export every version, or the one a selector names',
  request: { params: agentIdParams, query: selectorQuery },
  ok: ['The export document', exportDocumentSchema],
  errors: [400, 404],
});

const importResultSchema = agentWithVersionSchema
  .extend({
    mode: z.enum(['create', 'append']),
    importedVersionNumbers: z.array(z.number().int()),
    upgradedFrom: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The document's older schemaVersion when its snapshots were upgraded" }),
    dryRun: z.boolean().openapi({ description: 'true: nothing was written; this is what an import would do' }),
  })
  .openapi('AgentImportResult');

// Two success statuses (a dry run creates nothing), so spelled out rather than with `route`.
export const importRoute = createRoute({
  method: 'post',
  path: '/agents/import',
  operationId: 'importAgent',
  summary: 'Import an export document (a new agent, or new versions with mode=append)',
  tags: ['agents'],
  request: {
    query: z.object({
      mode: z.enum(['create', 'append']).optional(),
      dryRun: queryFlag.openapi({ description: 'true: check and answer as a real import would, write nothing' }),
    }),
    body: requiredBody(importDocumentSchema({ format: 'agent-studio.agent', component: 'AgentExport' }), {
      format: 'agent-studio.agent',
      schemaVersion: 2,
      agent: { id: 'support-bot', activeVersionNumber: 1, labels: [{ name: 'staging', versionNumber: 1 }] },
      versions: [
        {
          versionNumber: 1,
          snapshot: { name: 'Support bot', model: 'openai/gpt-4o-mini', instructions: 'Answer questions.' },
          changeMessage: 'Initial version',
        },
      ],
    }),
  },
  responses: {
    200: { description: 'Dry run: what an import would do (nothing written)', ...jsonBody(importResultSchema) },
    201: { description: 'Imported', ...jsonBody(importResultSchema) },
    ...errorResponses(400, 403, 409),
  },
});

export function registerAgentTransferRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(exportRoute, async (context) => {
    const { id } = context.req.valid('param');
    return context.json(
      await editor.agents.export(id, { selector: toVersionSelector(context.req.valid('query')) }),
      200,
    );
  });

  app.openapi(importRoute, async (context) => {
    const { mode, dryRun } = context.req.valid('query');
    const result = await editor.agents.import(context.req.valid('json'), {
      mode,
      dryRun,
      actor: requestActor(context),
    });
    return context.json(result, dryRun ? 200 : 201);
  });
}
