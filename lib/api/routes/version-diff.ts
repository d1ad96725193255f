/**
 * Version diffs. `GET /agents/{id}/diff` compares stored fields only: a GET never starts an MCP
 * server, connects to one or calls an integration, so a page on another site (an `<img>`, a link)
 * can make it do nothing. Comparing the tools two versions resolve to for a request context loads
 * those sources live, so it is a POST (`POST /agents/{id}/diff`), which the request gate keeps to
 * this site's own pages and to programs.
 */
import { z } from '@hono/zod-openapi';
import { invalidInput } from '../../errors';
import { wholeNumberText } from '../../whole-number-text';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { jsonRoutes, requiredBody } from '../schemas';
import { agentIdParams } from './agents-schemas';

const route = jsonRoutes('versions');

const versionNumber = z.number().int().min(1);

/** A version number given in the query (text there), with a message that says what to give. */
const versionNumberQuery = wholeNumberText({ min: 1, message: 'Give a version number: a whole number from 1' });

const diffQuery = z.object({
  from: versionNumberQuery,
  to: versionNumberQuery.optional().openapi({ description: 'Default: the latest version' }),
  requestContext: z
    .string()
    .max(64 * 1024)
    .optional()
    .openapi({
      deprecated: true,
      description:
        'Refused with 400: comparing resolved tools loads MCP servers and integrations, so it is `POST /agents/{id}/diff`',
    }),
});

const compareBody = z
  .object({
    from: versionNumber,
    to: versionNumber.optional().openapi({ description: 'Default: the latest version' }),
    requestContext: z.record(z.string(), z.unknown()).openapi({ description: 'The request context to resolve for' }),
  })
  .strict();

const diffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  diffs: z.array(z.object({ field: z.string(), previous: z.unknown(), current: z.unknown() })),
  tools: z
    .object({
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(
        z.object({
          name: z.string(),
          changes: z.array(z.enum(['description', 'inputSchema', 'outputSchema', 'source', 'approval'])),
        }),
      ),
    })
    .optional(),
});

export const diffRoute = route('get', '/agents/{id}/diff', 'diffAgentVersions', {
  summary: 'Field diff between two versions (stored fields only; the tool comparison is the POST)',
  request: { params: agentIdParams, query: diffQuery },
  ok: ['The differences', diffSchema],
  errors: [400, 404],
});

export const compareRoute = route('post', '/agents/{id}/diff', 'compareAgentVersions', {
  summary: 'Field diff between two versions plus the resolved-tool diff for a request context',
  request: {
    params: agentIdParams,
    body: requiredBody(compareBody, { from: 1, to: 2, requestContext: { tenantId: 'acme' } }),
  },
  ok: ['The differences, with `tools`', diffSchema],
  errors: [400, 404],
});

const liveComparisonRefused = () =>
  invalidInput([
    {
      path: 'query.requestContext',
      message:
        'Comparing resolved tools connects to MCP servers and integrations, which a GET never does: ' +
        'send { from, to, requestContext } to POST /api/agents/{id}/diff',
    },
  ]);

export function registerVersionDiffRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(diffRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { from, to, requestContext } = context.req.valid('query');
    if (requestContext !== undefined) throw liveComparisonRefused();
    return context.json(await editor.agents.diff({ id, from, to }), 200);
  });

  app.openapi(compareRoute, async (context) => {
    const { id } = context.req.valid('param');
    const { from, to, requestContext } = context.req.valid('json');
    return context.json(await editor.agents.diff({ id, from, to, requestContext }), 200);
  });
}
