/**
 * Whole-deployment backup: `POST /api/deployment/export` (a POST because the passphrase that seals
 * the secrets travels in the body, never in a URL) and `POST /api/deployment/import` (a larger
 * body limit, `?dryRun=true` to see what would change). The format is docs/deployment-backup.md.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  deploymentDocumentSchema,
  deploymentExportOptionsSchema,
  deploymentImportBodySchema,
  type Editor,
} from '../../editor';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { requireSecretExport } from '../secret-export-guard';
import { errorResponses, issueSchema, queryFlag, requestBody, requiredBody } from '../schemas';
import { jsonBody } from './agents-schemas';

const tags = ['deployment'];

const changeSchema = z
  .object({
    entity: z.enum(['agent', 'mcp_client', 'integration']),
    id: z.string(),
    action: z.enum(['create', 'update', 'unchanged']),
    versionNumbers: z.array(z.number().int()).openapi({ description: 'Versions added' }),
    labels: z.array(z.string()).openapi({ description: 'Labels created' }),
    labelsMoved: z.array(z.string()).openapi({ description: "Labels moved to the backup's version (prefer backup)" }),
    publishedVersionNumber: z.number().int().nullable().openapi({ description: 'The version published, if any' }),
    unpublishes: z.boolean().openapi({ description: 'The published version is cleared (prefer backup)' }),
    kept: z.array(z.string()).openapi({ description: 'Differences left as this deployment has them (prefer target)' }),
    replaced: z
      .array(z.string())
      .openapi({ description: 'Differences settled as the backup has them (prefer backup)' }),
  })
  .openapi('DeploymentChange');

const countsShape = {
  agents: z.number().int(),
  agentVersions: z.number().int(),
  agentLabels: z.number().int(),
  mcpClients: z.number().int(),
  mcpClientVersions: z.number().int(),
  integrations: z.number().int(),
};

const importResultSchema = z
  .object({
    dryRun: z.boolean(),
    changed: z.boolean(),
    changes: z.array(changeSchema),
    summary: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
    conflicts: z.array(issueSchema),
    differences: z.array(issueSchema).openapi({
      description: 'Where this deployment differed from the backup; without prefer an import refuses them (409)',
    }),
    prefer: z.enum(['backup', 'target']).nullable(),
    secretsLeftOut: z
      .array(z.string())
      .openapi({ description: 'Paths into the backup of secrets that were not imported: set them again' }),
    upgradedFrom: z.number().int().nullable(),
    verification: z
      .object({ ...countsShape, configHashesChecked: z.number().int(), differencesKept: z.number().int() })
      .nullable()
      .openapi({ description: 'What this deployment holds of the backup after the import, checked before commit' }),
  })
  .openapi('DeploymentImportResult');

export const exportRoute = createRoute({
  method: 'post',
  path: '/deployment/export',
  operationId: 'exportDeployment',
  summary: 'Export every agent, saved MCP client and stored integration (secrets sealed or left out)',
  tags,
  request: {
    // No body (or `{}`) is an export with no options.
    body: requestBody(deploymentExportOptionsSchema, {
      required: false,
      example: { passphrase: 'correct horse battery staple' },
    }),
  },
  responses: {
    200: { description: 'The backup', ...jsonBody(deploymentDocumentSchema) },
    // 503: a secret to seal was stored with another SECRETS_KEY.
    ...errorResponses(400, 403, 503),
  },
});

export const importRoute = createRoute({
  method: 'post',
  path: '/deployment/import',
  operationId: 'importDeployment',
  summary: 'Import a backup: add what this deployment lacks, in one transaction, verified by config hashes',
  tags,
  request: {
    query: z.object({
      dryRun: queryFlag.openapi({ description: 'true: list what would change, write nothing' }),
    }),
    body: requiredBody(deploymentImportBodySchema, {
      passphrase: 'correct horse battery staple',
      backup: {
        format: 'agent-studio.deployment',
        formatVersion: 1,
        schemaVersion: 2,
        exportedAt: '2025-01-31T12:00:00.000Z',
        studioVersion: '0.1.0',
        secrets: { mode: 'omitted' },
        agents: [],
        mcpClients: [],
        integrations: [],
        counts: { agents: 0, agentVersions: 0, agentLabels: 0, mcpClients: 0, mcpClientVersions: 0, integrations: 0 },
      },
    }),
  },
  responses: {
    200: { description: 'Imported, or (dry run) what an import would do', ...jsonBody(importResultSchema) },
    ...errorResponses(400, 409, 413),
  },
});

export function registerDeploymentRoutes(
  app: ApiApp,
  { editor, trustedProxies }: { editor: Editor; trustedProxies: number },
) {
  app.openapi(exportRoute, async (context) => {
    const options = context.req.valid('json');
    // Leaving secrets out needs only the route's scope; sealing them is an audited admin action.
    const actor =
      options.passphrase === undefined ? requestActor(context) : requireSecretExport(context, { trustedProxies });
    return context.json(await editor.deployment.export(options, { actor }), 200);
  });

  app.openapi(importRoute, async (context) => {
    const { dryRun } = context.req.valid('query');
    return context.json(
      await editor.deployment.import({ ...context.req.valid('json'), dryRun, actor: requestActor(context) }),
      200,
    );
  });
}
