import type { Storage } from '../../db/storage';
import type { ApiKeys } from '../auth/api-keys';
import type { Credentials } from '../auth/credentials';
import type { FirstAdminSetup } from '../auth/first-admin';
import type { Invitations } from '../auth/invitations';
import type { SignIn } from '../auth/sign-in';
import { createUserDirectory } from '../auth/user-directory';
import type { Editor } from '../editor';
import type { RequestPolicy } from '../http';
import type { Logger } from '../logger';
import { createApiApp, type ApiApp } from './app';
import { openApiDocumentOf, serveOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { apiBasePath, createApiScopeLookup } from './operation-scopes';
import { apiOperations } from './operations';
import { createQueryParameterLookup } from './query-parameters';
import { createBodylessRouteLookup } from './bodyless-routes';
import { honoPattern, rateLimit, rateLimitedPaths } from './rate-limit';
import { registerAgentRoutes } from './routes/agents';
import { registerAgentTransferRoutes } from './routes/agents-transfer';
import { registerAuditRoutes } from './routes/audit';
import { registerDeploymentRoutes } from './routes/deployment';
import { registerEvaluationRoutes } from './routes/evaluations';
import { registerHealthRoutes } from './routes/health';
import { registerLabelRoutes } from './routes/labels';
import { registerTestCaseRoutes } from './routes/test-cases';
import { registerAgentRunRoutes } from './routes/agent-runs';
import { registerAgentToolExecuteRoutes } from './routes/agent-tool-execute';
import { registerInvitationRoutes, registerLinkRoutes } from './routes/invitations';
import { registerKeyRoutes } from './routes/keys';
import { registerRunRoutes } from './routes/runs';
import { registerSignInRoutes } from './routes/sign-in';
import { registerThreadRoutes } from './routes/threads';
import { registerMcpClientTestRoutes } from './routes/mcp-client-test';
import { registerMcpClientRoutes } from './routes/mcp-clients';
import { registerMcpClientTransferRoutes } from './routes/mcp-clients-transfer';
import { registerStdioLaunchSpecRoutes } from './routes/stdio-launch-specs';
import { registerModelProviderRoutes } from './routes/model-providers';
import { mcpRoute, registerMcpServerRoutes } from './routes/mcp-server';
import { registerVersionRoutes } from './routes/versions';
import { registerPublishGateRoutes } from './routes/publish-gate';
import { registerVersionDiffRoutes } from './routes/version-diff';
import { registerIntegrationRoutes } from './routes/integrations';
import { registerResolveRoutes } from './routes/resolve';
import { registerToolProviderRoutes } from './routes/tool-providers';
import { registerToolRoutes } from './routes/tools';
import { registerUserRoutes } from './routes/users';
import type { Runtime } from '../runtime';
import type { Evaluations } from '../evaluation';
import type { ToolProviderRegistry } from '../tool-providers';
import type { ToolRegistry } from '../tools';
import type { IntegrationService } from '../integrations';
import type { McpPool } from '../mcp';
import type { InternalTargetOf } from '../net/internal-target';

export type { ApiApp } from './app';
export type { OpenApiDocument } from './openapi-document';
export { errorResponse, validationHook } from './app';
export { createResolveFastPath, type ResolveFastPath } from './resolve-fast-path';

export interface ApiDependencies {
  /** The health route checks it. */
  storage: Storage;
  logger: Logger;
  version: string;
  bodyLimitBytes: number;
  /** The body limit of a deployment import. */
  importBodyLimitBytes?: number;
  /** Which hosts and origins may use the API (built from the settings once). */
  requestPolicy: RequestPolicy;
  editor: Editor;
  /** Test cases replayed against versions (lib/evaluation). */
  evaluations: Evaluations;
  tools: ToolRegistry;
  integrations: IntegrationService;
  runtime: Runtime;
  toolProviders: ToolProviderRegistry;
  /** Saved-client connection tests use it (fresh connections, tracked so that shutdown waits for them). */
  mcpPool: McpPool;
  /**
   * Where a configured URL leads (the outbound guard's resolver): an MCP server at a loopback or
   * private address needs an admin to save or test it.
   */
  internalTargetOf: InternalTargetOf;
  /** Budget of each tool-provider call made for the editor's lists. */
  toolProviderTimeoutMs: number;
  /** How many reverse proxies stand in front (`STUDIO_TRUSTED_PROXY`): where a caller's address is read. */
  trustedProxies: number;
  /** List every runnable agent as a tool on `POST /api/mcp` (`STUDIO_EXPOSE_AGENTS_OVER_MCP`). */
  exposeAgentsOverMcp?: boolean;
  /** Per-minute limits of connection tests (per saved client) and tool runs (per tool or agent). */
  rateLimits: { connectionTestsPerMinute: number; toolExecutionsPerMinute: number };
  /**
   * API keys; with sign-in required (`STUDIO_AUTH=required`) also who callers are and the sign-in
   * routes. Without it every caller is the local user.
   */
  access?:
    | {
        apiKeys: ApiKeys;
        credentials: Credentials | undefined;
        signIn: SignIn | undefined;
        firstAdmin?: FirstAdminSetup | undefined;
        invitations?: Invitations | undefined;
      }
    | undefined;
}

/** The HTTP API, and the OpenAPI document it serves at `/api/openapi.json` (built once, on first use). */
export interface StudioApi {
  app: ApiApp;
  openApiDocument: () => OpenApiDocument;
}

const operationRoutes = Object.values(apiOperations) as ReadonlyArray<{
  method: string;
  path: string;
  request?: unknown;
}>;

export function createApi(dependencies: ApiDependencies): StudioApi {
  const app = createApiApp({
    logger: dependencies.logger,
    bodyLimitBytes: dependencies.bodyLimitBytes,
    importBodyLimitBytes: dependencies.importBodyLimitBytes,
    requestPolicy: dependencies.requestPolicy,
    access: dependencies.access?.credentials && {
      credentials: dependencies.access.credentials,
      lookup: createApiScopeLookup(),
    },
    queryParameters: createQueryParameterLookup(
      operationRoutes.map((route) => ({
        method: route.method,
        path: `${apiBasePath}${route.path}`,
        query: (route.request as { query?: unknown } | undefined)?.query,
      })),
    ),
    bodylessRoutes: createBodylessRouteLookup(
      operationRoutes
        // The MCP endpoint hands its JSON-RPC message to the MCP SDK, which reads and checks it.
        .filter((route) => route !== mcpRoute)
        .map((route) => ({ method: route.method, path: `${apiBasePath}${route.path}`, request: route.request })),
    ),
  });
  const { connectionTestsPerMinute, toolExecutionsPerMinute } = dependencies.rateLimits;
  app.use(
    honoPattern(rateLimitedPaths.connectionTests),
    rateLimit({
      perMinute: connectionTestsPerMinute,
      what: (id) => `connection tests of MCP client "${id}"`,
      keyOf: ({ id }) => id ?? '',
    }),
  );
  app.use(
    rateLimitedPaths.draftConnectionTests,
    rateLimit({
      perMinute: connectionTestsPerMinute,
      what: () => 'connection tests of unsaved MCP servers',
      keyOf: () => 'unsaved',
    }),
  );
  app.use(
    honoPattern(rateLimitedPaths.toolRuns),
    rateLimit({
      perMinute: toolExecutionsPerMinute,
      what: (id) => `runs of tool "${id}"`,
      keyOf: ({ id }) => id ?? '',
    }),
  );
  app.use(
    honoPattern(rateLimitedPaths.agentToolRuns),
    rateLimit({
      perMinute: toolExecutionsPerMinute,
      what: (key) => `tool runs of agent "${key}"`,
      keyOf: ({ id }) => id ?? '',
    }),
  );
  registerHealthRoutes(app, dependencies);
  if (dependencies.access) registerKeyRoutes(app, dependencies.access);
  const { signIn, firstAdmin, invitations } = dependencies.access ?? {};
  if (signIn) {
    // Before the sign-in library's `/auth/*`, so that these paths are answered here.
    if (firstAdmin && invitations) registerLinkRoutes(app, { firstAdmin, invitations });
    registerSignInRoutes(app, { signIn, storage: dependencies.storage });
    registerUserRoutes(app, { users: createUserDirectory({ storage: dependencies.storage, signIn }) });
    if (invitations) registerInvitationRoutes(app, { invitations });
  }
  // Import before /agents/{id} routes so the literal path wins.
  registerAgentTransferRoutes(app, dependencies);
  registerAgentRoutes(app, dependencies);
  registerVersionRoutes(app, dependencies);
  registerPublishGateRoutes(app, dependencies);
  registerVersionDiffRoutes(app, dependencies);
  registerLabelRoutes(app, dependencies);
  registerTestCaseRoutes(app, dependencies);
  registerEvaluationRoutes(app, dependencies);
  registerAuditRoutes(app, dependencies);
  registerDeploymentRoutes(app, dependencies);
  // Import before /mcp-clients/{id} routes so the literal path wins.
  registerMcpClientTransferRoutes(app, dependencies);
  registerMcpClientRoutes(app, dependencies);
  registerMcpClientTestRoutes(app, dependencies);
  registerStdioLaunchSpecRoutes(app, dependencies);
  registerModelProviderRoutes(app, dependencies);
  registerToolRoutes(app, dependencies);
  registerMcpServerRoutes(app, dependencies);
  registerIntegrationRoutes(app, dependencies);
  registerResolveRoutes(app, dependencies);
  registerAgentToolExecuteRoutes(app, dependencies);
  registerAgentRunRoutes(app, dependencies);
  registerRunRoutes(app, dependencies);
  registerThreadRoutes(app, dependencies);
  registerToolProviderRoutes(app, {
    toolProviders: dependencies.toolProviders,
    timeoutMs: dependencies.toolProviderTimeoutMs,
  });

  const openApiDocument = openApiDocumentOf(app, { version: dependencies.version });
  serveOpenApiDocument(app, openApiDocument);
  return { app, openApiDocument };
}
