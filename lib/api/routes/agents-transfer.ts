/**
 * Export and import (the format is in docs/storage.md). The import body is checked by the editor rather than
 * the route schema, so one answer lists every problem of the envelope and of every snapshot.
 */
import { z } from '@hono/zod-openapi';
import { exportDocumentSchema, type Editor } from '../../editor';
import type { ApiApp } from '../app';
import { jsonRoutes } from '../schemas';
import {
  agentIdParams,
  agentWithVersionSchema,
  apiActor,
  jsonBody,
  selectorFromQuery,
  selectorQuery,
} from './agents-schemas';

const route = jsonRoutes('agents');

const exportRoute = route('get', '/agents/{id}/export', {
  summary: 'Export every version, or the one a selector names',
  request: { params: agentIdParams, query: selectorQuery },
  ok: ['The export document', exportDocumentSchema],
  errors: [400, 404],
});

const importRoute = route('post', '/agents/import', {
  summary: 'Import an export document (a new agent, or new versions with mode=append)',
  request: {
    query: z.object({ mode: z.enum(['create', 'append']).optional() }),
    body: {
      required: true,
      ...jsonBody(z.unknown().openapi({ description: 'An export document (format agent-studio.agent)' })),
    },
  },
  status: 201,
  ok: [
    'Imported',
    agentWithVersionSchema.extend({
      mode: z.enum(['create', 'append']),
      importedVersionNumbers: z.array(z.number().int()),
      upgradedFrom: z
        .number()
        .int()
        .nullable()
        .openapi({ description: "The document's older schemaVersion when its snapshots were upgraded" }),
    }),
  ],
  errors: [400, 403, 409],
});

export function registerAgentTransferRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(exportRoute, async (context) => {
    const { id } = context.req.valid('param');
    return context.json(
      await editor.agents.export(id, { selector: selectorFromQuery(context.req.valid('query')) }),
      200,
    );
  });

  app.openapi(importRoute, async (context) => {
    const { mode } = context.req.valid('query');
    return context.json(await editor.agents.import(context.req.valid('json'), { mode, actor: apiActor }), 201);
  });
}
