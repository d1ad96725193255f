/**
 * `GET /api/openapi.json`: the document generated from the route schemas, a contract for client
 * generators (openapi-typescript, orval, ...). It is built once, on first use (the routes are all
 * registered by then), and `servers` names the origin the request reached, so a generated client
 * points at the server it was fetched from. The security declarations come from the operation table
 * (./openapi-security). The editor's API reference page reads the same document in process
 * (`studio.openApiDocument()`), without `servers`.
 */
import { snapshotFieldDefinitions } from '../snapshots';
import type { ApiApp } from './app';
import { withStandardAnswers } from './openapi-answers';
import { withSnapshotSchema } from './openapi-snapshot-schema';
import { withSecurity } from './openapi-security';
import { withWholeNumberBounds } from './openapi-whole-numbers';
import { apiBasePath } from './operation-scopes';
import { rateLimitedPaths } from './rate-limit';

/** Each tag of the document and what its operations are about, in the order the document lists them. */
const tagDescriptions = {
  agents: 'Versioned agents: create, read, save, delete, export and import',
  versions: 'Versions of an agent: read, publish, unpublish, restore, delete, diff',
  labels: 'Movable labels pointing at versions, with revision tokens',
  'test-cases': "An agent's test cases: conversations a version must still handle, with their expectations",
  evaluations: "An agent's test cases replayed against a version, tool calls answered from their recordings",
  runtime: 'What applications call per request: resolve an agent, run its tools',
  audit: 'The append-only audit log',
  'mcp-clients': 'Saved MCP client connections (versioned; secrets masked)',
  'stdio-launch-specs': 'The commands saved stdio MCP servers may run: the setting and the specs an admin approved',
  tools: 'Registered code tools',
  integrations: 'Integrations (OpenAPI documents) and their tool catalogues',
  'tool-providers': 'Tool providers with their toolkits and connections',
  settings: 'Model provider keys and base URLs saved by admins (keys are never answered)',
  deployment: 'Whole-deployment backup: export and import everything at once',
  mcp: 'This app as an MCP server',
  keys: 'API keys for applications and scripts, one scope each (with sign-in required)',
  users: 'People who sign in to the editor and their roles (with sign-in required)',
  'sign-in': 'The first admin and accepting invitations through one-time links (with sign-in required)',
  system: 'Health',
};
const tags = Object.entries(tagDescriptions).map(([name, description]) => ({ name, description }));

export type OpenApiDocument = ReturnType<ApiApp['getOpenAPI31Document']>;

/** The app's document, built on the first call (after every route is registered) and kept. */
export function openApiDocumentOf(app: ApiApp, { version }: { version: string }): () => OpenApiDocument {
  let document: OpenApiDocument | undefined;
  return () => (document ??= documentOf(app, version));
}

export function serveOpenApiDocument(app: ApiApp, document: () => OpenApiDocument) {
  app.get('/openapi.json', (context) => {
    const { openapi, info, ...rest } = document();
    return context.json({ openapi, info, servers: [{ url: new URL(context.req.url).origin }], ...rest });
  });
}

/**
 * The generated document with its security declarations, the answers every operation can give, the
 * rule schemas the snapshot fields refer to, the snapshot schema the export document refers to, and
 * the bounds of its whole numbers.
 */
function documentOf(app: ApiApp, version: string): OpenApiDocument {
  const rateLimited = Object.values(rateLimitedPaths).map((path) => `${apiBasePath}${path}`);
  const document = withStandardAnswers(
    withSecurity(
      app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Agent Studio API',
          version,
          description:
            'Manage versioned agents, resolve their tools per request, run tools and agents. Every refusal is a JSON ' +
            '`Error`. A known path asked with a method it does not answer is 405 `method_not_allowed` with `Allow`; ' +
            'an unknown path is 404. Unknown query parameters and body fields, and a query parameter given twice, are ' +
            'refused with 400.',
          // No open-source licence has been chosen; the SPDX custom reference says so instead of guessing one.
          // OpenAPI 3.1 has `identifier`; the generator's types only know 3.0's license object.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } as { name: string },
        },
        tags,
      }),
    ),
    { rateLimitedPaths: rateLimited },
  );
  const schemas = withSnapshotSchema({ ...snapshotFieldDefinitions(), ...document.components?.schemas });
  return withWholeNumberBounds({
    ...document,
    tags: tagsInUse(document),
    components: { ...document.components, schemas },
  });
}

/** The tags some operation has: without sign-in, the users' and sign-in's are left out with their routes. */
function tagsInUse(document: OpenApiDocument): OpenApiDocument['tags'] {
  const used = new Set(
    Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item ?? {}).flatMap((operation) =>
        operation !== null && typeof operation === 'object' && 'tags' in operation ? (operation.tags ?? []) : [],
      ),
    ),
  );
  return document.tags?.filter((tag) => used.has(tag.name));
}
