/**
 * Export and import of one saved MCP client (all versions). Secrets are left out of an export
 * unless the `X-Secrets-Key` header gives the importing deployment's `SECRETS_KEY`: then they are
 * encrypted for it (a header, so the key never lands in a URL or an access log). The import body is
 * checked by the editor, so one answer lists every problem; the stdio allow-list and the admin rules
 * (stdio servers, loopback or private URLs) apply as in a save.
 */
import { z } from '@hono/zod-openapi';
import { mcpClientExportSchema, type Editor } from '../../editor';
import type { InternalTargetOf } from '../../net';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { requireAdminForServers } from '../server-guard';
import { requireSecretExport } from '../secret-export-guard';
import { importDocumentSchema, jsonRoutes, requiredBody } from '../schemas';
import { agentIdParams } from './agents-schemas';
import { clientResponse } from './mcp-clients';

const route = jsonRoutes('mcp-clients');

export const exportRoute = route('get', '/mcp-clients/{id}/export', 'exportMcpClient', {
  summary:
    'Export a saved client with every version (secrets left out, or encrypted for X-Secrets-Key: admin only, audited)',
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
  ok: ['The export document', mcpClientExportSchema],
  errors: [400, 403, 404, 503],
});

export const importRoute = route('post', '/mcp-clients/import', 'importMcpClient', {
  summary: 'Import an exported client (checked like a save, stdio allow-list included)',
  request: {
    body: requiredBody(importDocumentSchema({ format: 'agent-studio.mcp-client', component: 'McpClientExport' }), {
      format: 'agent-studio.mcp-client',
      schemaVersion: 1,
      client: { id: 'docs', authorId: null },
      secrets: 'omitted',
      omittedSecrets: [],
      versions: [
        {
          versionNumber: 1,
          snapshot: {
            name: 'Company docs',
            servers: { docs: { type: 'http', url: 'https://mcp.docs.internal.test/mcp' } },
          },
          changedFields: ['name', 'servers'],
          changeMessage: 'Initial version',
          authorId: null,
        },
      ],
    }),
  },
  status: 201,
  ok: [
    'Imported',
    clientResponse.extend({
      importedVersionNumbers: z.array(z.number().int()),
      secretsToEnter: z
        .array(z.string())
        .openapi({ description: 'Paths of secrets the export left out, to set with a save' }),
    }),
  ],
  errors: [400, 403, 409],
});

/**
 * The servers of every version of an export document: any of them could be restored later. A
 * document that is not an export yields none; the import then refuses it with every problem listed.
 */
function serversOfExport(document: unknown) {
  const parsed = mcpClientExportSchema.safeParse(document);
  if (!parsed.success) return [];
  return parsed.data.versions.map(({ snapshot }) => snapshot.servers);
}

export function registerMcpClientTransferRoutes(
  app: ApiApp,
  {
    editor,
    trustedProxies,
    internalTargetOf,
  }: { editor: Editor; trustedProxies: number; internalTargetOf: InternalTargetOf },
) {
  app.openapi(exportRoute, async (context) => {
    const targetSecretsKey = context.req.valid('header')['x-secrets-key'];
    // Without a key the secrets are left out (the route's `editor` scope); with one they leave,
    // readable by whoever chose the key: an audited admin action.
    const actor =
      targetSecretsKey === undefined ? requestActor(context) : requireSecretExport(context, { trustedProxies });
    const id = context.req.valid('param').id;
    return context.json(await editor.mcpClients.export(id, { targetSecretsKey, actor }), 200);
  });
  app.openapi(importRoute, async (context) => {
    const document = context.req.valid('json');
    const writer = await requireAdminForServers(context, internalTargetOf, () => serversOfExport(document));
    return context.json(await editor.mcpClients.import(document, writer), 201);
  });
}
