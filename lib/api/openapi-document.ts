/**
 * `GET /api/openapi.json`: the document generated from the route schemas, a contract for client
 * generators (openapi-typescript, orval, ...). It is built once, on first request (the routes are
 * all registered by then), and `servers` names the origin the request reached, so a generated
 * client points at the server it was fetched from.
 */
import type { ApiApp } from './app';

const tags = [
  { name: 'agents', description: 'Versioned agents: create, read, save, delete, export and import' },
  { name: 'versions', description: 'Versions of an agent: read, publish, unpublish, restore, delete, diff' },
  { name: 'labels', description: 'Movable labels pointing at versions, with revision tokens' },
  { name: 'runtime', description: 'What applications call per request: resolve an agent, run its tools' },
  { name: 'audit', description: 'The append-only audit log' },
  { name: 'mcp-clients', description: 'Saved MCP client connections (versioned; secrets masked)' },
  { name: 'tools', description: 'Registered code tools' },
  { name: 'integrations', description: 'Integrations (OpenAPI documents) and their tool catalogues' },
  { name: 'tool-providers', description: 'Tool providers with their toolkits and connections' },
  { name: 'deployment', description: 'Whole-deployment backup: export and import everything at once' },
  { name: 'mcp', description: 'This app as an MCP server' },
  { name: 'system', description: 'Health' },
];

export function serveOpenApiDocument(app: ApiApp, { version }: { version: string }) {
  let document: ReturnType<ApiApp['getOpenAPI31Document']> | undefined;
  app.get('/openapi.json', (context) => {
    document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Agent Studio API',
        version,
        description: 'Manage versioned agents, resolve their tools per request, run tools and agents.',
        // No open-source licence has been chosen; the SPDX custom reference says so instead of guessing one.
        // OpenAPI 3.1 has `identifier`; the generator's types only know 3.0's license object.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as { name: string },
      },
      tags,
    });
    const { openapi, info, ...rest } = document;
    return context.json({ openapi, info, servers: [{ url: new URL(context.req.url).origin }], ...rest });
  });
}
