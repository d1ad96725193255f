/**
 * Stdio launch specs (admin): the deployment's stdio allow-list, read-only entries from the setting
 * (`STUDIO_STDIO_ALLOWED_COMMANDS`) and specs an admin approved here, stored and audited. A stored
 * spec admits saved stdio servers wherever the setting does (save, restore, import, spawn).
 */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import { stdioLaunchSpecBodySchema } from '../../schemas';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { pageRequestOf } from '../pagination';
import { generatedIdParams, jsonRoutes, requiredBody } from '../schemas';
import { deletedSchema } from './agents-schemas';

const route = jsonRoutes('stdio-launch-specs');

const launchSpecSchema = z
  .object({
    id: z.string(),
    command: z.string(),
    args: z.array(z.string()).openapi({ description: 'The leading arguments the spec fixes' }),
    source: z.enum(['setting', 'stored']).openapi({ description: '`setting`: from the environment, read-only' }),
    createdBy: z.string().optional().openapi({ description: 'Who approved a stored spec' }),
    createdAt: z.string().optional(),
  })
  .openapi('StdioLaunchSpec');

export const listRoute = route.page('/stdio-launch-specs', 'listStdioLaunchSpecs', {
  summary: "The stdio allow-list: the setting's entries in their order, then the specs approved here, oldest first",
  items: ['the launch specs', launchSpecSchema],
  errors: [401, 403],
});

export const createRoute = route('post', '/stdio-launch-specs', 'createStdioLaunchSpec', {
  summary: 'Approve a launch spec: a command and the leading arguments it fixes (a bare interpreter is refused)',
  request: {
    body: requiredBody(stdioLaunchSpecBodySchema, {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything'],
    }),
  },
  status: 201,
  ok: ['Approved', launchSpecSchema],
  errors: [400, 401, 403, 409],
});

export const deleteRoute = route('delete', '/stdio-launch-specs/{id}', 'deleteStdioLaunchSpec', {
  summary: 'Remove a stored launch spec (setting entries are changed in the environment)',
  request: { params: generatedIdParams },
  ok: ['Removed', deletedSchema],
  errors: [401, 403, 404],
});

export function registerStdioLaunchSpecRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  const specs = editor.stdioLaunchSpecs;
  app.openapi(listRoute, async (context) =>
    context.json(await specs.page(pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(createRoute, async (context) =>
    context.json(await specs.create({ ...context.req.valid('json'), actor: requestActor(context) }), 201),
  );
  app.openapi(deleteRoute, async (context) =>
    context.json(await specs.delete(context.req.valid('param').id, { actor: requestActor(context) }), 200),
  );
}
