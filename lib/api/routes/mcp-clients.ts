/**
 * Saved MCP client routes: CRUD with versions like agents; env values are always masked. The
 * connection test (`POST /mcp-clients/:id/test`) is in `mcp-client-test.ts`. A save or restore
 * whose servers include a stdio one or an HTTP one at a loopback or private address needs `admin`
 * (../server-guard), the other routes `editor`.
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import { wholeNumberText } from '../../whole-number-text';
import { createMcpClientBodySchema, updateMcpClientBodySchema } from '../../schemas';
import type { InternalTargetOf } from '../../net';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { requireAdminForServers } from '../server-guard';
import { pageRequestOf } from '../pagination';
import { jsonRoutes, requiredBody } from '../schemas';
import { agentIdParams, deletedSchema, restoreVersionSpec, versionMetadataShape } from './agents-schemas';

const route = jsonRoutes('mcp-clients');

const clientSchema = z
  .object({
    id: z.string(),
    latestVersionNumber: z.number().int(),
    authorId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    approval: z.enum(['approved', 'needs_approval']).openapi({
      description: '`needs_approval`: a stdio server arrived by import; nothing starts until an admin approves',
    }),
    internalAddresses: z.enum(['allowed', 'refused']).openapi({
      description:
        'Whether its HTTP servers may reach loopback and private addresses when they connect: `allowed` when an admin (or the local user with sign-in off) saved the latest version, `refused` when anyone else did',
    }),
  })
  .openapi('McpClient');

const unreadableSecretsSchema = z
  .object({
    message: z.string(),
    paths: z
      .array(z.string())
      .openapi({ description: 'Where each secret is: servers.<name>.env.<VAR>, servers.<name>.url' }),
  })
  .openapi('McpClientUnreadableSecrets', {
    description:
      "Secrets this studio's SECRETS_KEY cannot decrypt (they were stored with another key): each shows as ••••, and the client cannot connect or be exported with its secrets",
  });

const clientVersionSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    ...versionMetadataShape,
    name: z.string(),
    description: z.string().optional(),
    servers: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'Servers by name; env values masked as ••••1234' }),
    unreadableSecrets: unreadableSecretsSchema.optional(),
  })
  .openapi('McpClientVersion');

export const clientResponse = z.object({ client: clientSchema, version: clientVersionSchema });
const clientParams = agentIdParams;

export const routes = {
  list: route.page('/mcp-clients', 'listMcpClients', {
    summary: 'Saved MCP clients by id',
    items: [
      'clients',
      clientSchema.extend({
        name: z.string(),
        description: z.string().nullable(),
        servers: z.array(z.string()),
        unreadableSecrets: unreadableSecretsSchema.optional(),
      }),
    ],
  }),
  create: route('post', '/mcp-clients', 'createMcpClient', {
    summary:
      'Save a new MCP client (a stdio server needs admin and a launch spec of settings.stdioAllowedCommands; a loopback or private URL needs admin)',
    request: {
      body: requiredBody(createMcpClientBodySchema, {
        id: 'docs',
        name: 'Company docs',
        servers: { docs: { type: 'http', url: 'https://mcp.docs.internal.test/mcp' } },
      }),
    },
    status: 201,
    ok: ['Created', clientResponse],
    errors: [400, 403, 409],
  }),
  get: route('get', '/mcp-clients/{id}', 'getMcpClient', {
    summary: 'A saved client: the latest version, or ?versionNumber=',
    request: {
      params: clientParams,
      query: z.object({ versionNumber: wholeNumberText({ min: 1 }).optional() }),
    },
    ok: ['The client', clientResponse],
    errors: [400, 404],
  }),
  update: route('patch', '/mcp-clients/{id}', 'updateMcpClient', {
    summary: 'Save a new version (a masked env value keeps the stored secret)',
    request: {
      params: clientParams,
      body: requiredBody(updateMcpClientBodySchema, {
        baseVersionNumber: 1,
        description: 'Search the company handbook',
      }),
    },
    ok: ['Saved, or nothing changed', clientResponse.extend({ created: z.boolean() })],
    errors: [400, 403, 404, 409, 503],
  }),
  remove: route('delete', '/mcp-clients/{id}', 'deleteMcpClient', {
    summary:
      'Delete a saved client and its versions (admin when it has a stdio server or one at a loopback or private address)',
    request: { params: clientParams },
    ok: ['Deleted', deletedSchema],
    errors: [403, 404],
  }),
  versions: route.page('/mcp-clients/{id}/versions', 'listMcpClientVersions', {
    summary: 'Versions, newest first',
    params: clientParams,
    items: ['versions', clientVersionSchema],
  }),
  approve: route('post', '/mcp-clients/{id}/approve', 'approveMcpClient', {
    summary:
      "Let the stdio servers of an imported client start (admin): the latest version's commands, arguments and env names",
    request: { params: clientParams },
    ok: ['Approved (also when it already was)', clientResponse],
    errors: [401, 403, 404],
  }),
  restore: route('post', '/mcp-clients/{id}/versions/{n}/restore', 'restoreMcpClientVersion', {
    summary: "A new version with version n's configuration",
    ...restoreVersionSpec(clientResponse),
  }),
};

export function registerMcpClientRoutes(
  app: ApiApp,
  { editor, internalTargetOf }: { editor: Editor; internalTargetOf: InternalTargetOf },
) {
  const clients = editor.mcpClients;
  app.openapi(routes.list, async (context) =>
    context.json(await clients.list(pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(routes.create, async (context) => {
    const body = context.req.valid('json');
    const writer = await requireAdminForServers(context, internalTargetOf, () => [body.servers]);
    return context.json(await clients.create({ ...body, ...writer }), 201);
  });
  app.openapi(routes.get, async (context) => {
    const { versionNumber } = context.req.valid('query');
    return context.json(
      await clients.getById(context.req.valid('param').id, versionNumber === undefined ? undefined : { versionNumber }),
      200,
    );
  });
  app.openapi(routes.update, async (context) => {
    const body = context.req.valid('json');
    const { id } = context.req.valid('param');
    // Servers left out of the body stay as they are: the saved version will still have them.
    const writer = await requireAdminForServers(context, internalTargetOf, async () => [
      body.servers ?? (await clients.getById(id)).version.servers,
    ]);
    return context.json(await clients.update({ ...body, id, ...writer }), 200);
  });
  app.openapi(routes.remove, async (context) => {
    const { id } = context.req.valid('param');
    // Who may not save these servers may not delete them either (a stdio server needs an admin).
    const { actor } = await requireAdminForServers(context, internalTargetOf, async () => [
      (await clients.getById(id)).version.servers,
    ]);
    return context.json(await clients.delete(id, { actor }), 200);
  });
  app.openapi(routes.versions, async (context) =>
    context.json(
      await clients.listVersions(context.req.valid('param').id, pageRequestOf(context.req.valid('query'))),
      200,
    ),
  );
  app.openapi(routes.approve, async (context) =>
    context.json(await clients.approve(context.req.valid('param').id, { actor: requestActor(context) }), 200),
  );
  app.openapi(routes.restore, async (context) => {
    const { id, n } = context.req.valid('param');
    const writer = await requireAdminForServers(context, internalTargetOf, async () => [
      (await clients.getById(id, { versionNumber: n })).version.servers,
    ]);
    return context.json(await clients.restore({ id, versionNumber: n, ...writer }), 201);
  });
}
