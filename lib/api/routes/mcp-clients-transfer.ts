/**
 * Export and import of one saved MCP client (all versions). Secrets are left out of an export
 * unless the `X-Secrets-Key` header gives the importing deployment's `SECRETS_KEY`: then they are
 * encrypted for it (a header, so the key never lands in a URL or an access log). The import body is
 * checked by the editor, so one answer lists every problem; the stdio allow-list applies as in a save.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { mcpClientExportSchema, type Editor } from '../../editor';
import type { ApiApp } from '../app';
import { errorResponses } from '../schemas';
import { agentIdParams, apiActor, jsonBody } from './agents-schemas';
import { clientResponse } from './mcp-clients';

const tags = ['mcp-clients'];

const exportRoute = createRoute({
  method: 'get',
  path: '/mcp-clients/{id}/export',
  summary: 'Export a saved client with every version (secrets left out, or encrypted for X-Secrets-Key)',
  tags,
  request: {
    params: agentIdParams,
    headers: z.object({
      'x-secrets-key': z
        .string()
        .min(16, 'must be at least 16 characters')
        .optional()
        .openapi({ description: "The importing deployment's SECRETS_KEY: secrets are encrypted for it" }),
    }),
  },
  responses: {
    200: { description: 'The export document', ...jsonBody(mcpClientExportSchema) },
    ...errorResponses(400, 404),
  },
});

const importRoute = createRoute({
  method: 'post',
  path: '/mcp-clients/import',
  summary: 'Import an exported client (checked like a save, stdio allow-list included)',
  tags,
  request: {
    body: {
      required: true,
      ...jsonBody(z.unknown().openapi({ description: 'An export document (format agent-studio.mcp-client)' })),
    },
  },
  responses: {
    201: {
      description: 'Imported',
      ...jsonBody(
        clientResponse.extend({
          importedVersionNumbers: z.array(z.number().int()),
          secretsToEnter: z
            .array(z.string())
            .openapi({ description: 'Paths of secrets the export left out, to set with a save' }),
        }),
      ),
    },
    ...errorResponses(400, 403, 409),
  },
});

export function registerMcpClientTransferRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(exportRoute, async (context) => {
    const targetSecretsKey = context.req.valid('header')['x-secrets-key'];
    return context.json(await editor.mcpClients.export(context.req.valid('param').id, { targetSecretsKey }), 200);
  });
  app.openapi(importRoute, async (context) =>
    context.json(await editor.mcpClients.import(context.req.valid('json'), { actor: apiActor }), 201),
  );
}
