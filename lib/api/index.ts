import type { DatabaseHandle } from '../../db/client';
import type { Editor } from '../editor';
import type { Logger } from '../logger';
import { createApiApp, type ApiApp } from './app';
import { registerAgentRoutes } from './routes/agents';
import { registerAgentTransferRoutes } from './routes/agents-transfer';
import { registerAuditRoutes } from './routes/audit';
import { registerHealthRoutes } from './routes/health';
import { registerLabelRoutes } from './routes/labels';
import { registerAgentRunRoutes } from './routes/agent-runs';
import { registerAgentToolExecuteRoutes } from './routes/agent-tool-execute';
import { registerRunRoutes } from './routes/runs';
import { registerThreadRoutes } from './routes/threads';
import { registerMcpClientTestRoutes } from './routes/mcp-client-test';
import { registerMcpClientRoutes } from './routes/mcp-clients';
import { registerMcpServerRoutes } from './routes/mcp-server';
import { registerVersionRoutes } from './routes/versions';
import { registerIntegrationRoutes } from './routes/integrations';
import { registerResolveRoutes } from './routes/resolve';
import { registerToolProviderRoutes } from './routes/tool-providers';
import { registerToolRoutes } from './routes/tools';
import type { Runtime } from '../runtime';
import type { ToolProviderRegistry } from '../tool-providers';
import type { ToolRegistry } from '../tools';
import type { IntegrationService } from '../integrations';
import type { McpPool } from '../mcp';

export type { ApiApp } from './app';
export { errorResponse, validationHook } from './app';

export interface ApiDependencies {
  database: DatabaseHandle;
  logger: Logger;
  version: string;
  bodyLimitBytes: number;
  editor: Editor;
  tools: ToolRegistry;
  integrations: IntegrationService;
  runtime: Runtime;
  toolProviders: ToolProviderRegistry;
  /** Saved-client connection tests use it (fresh connections, tracked so that shutdown waits for them). */
  mcpPool: McpPool;
  /** Budget of each tool-provider call made for the editor's lists. */
  toolProviderTimeoutMs: number;
  /** List every runnable agent as a tool on `POST /api/mcp` (`STUDIO_EXPOSE_AGENTS_OVER_MCP`). */
  exposeAgentsOverMcp?: boolean;
}

export function createApi(dependencies: ApiDependencies): ApiApp {
  const app = createApiApp({ logger: dependencies.logger, bodyLimitBytes: dependencies.bodyLimitBytes });
  registerHealthRoutes(app, dependencies);
  // Import before /agents/{id} routes so the literal path wins.
  registerAgentTransferRoutes(app, dependencies);
  registerAgentRoutes(app, dependencies);
  registerVersionRoutes(app, dependencies);
  registerLabelRoutes(app, dependencies);
  registerAuditRoutes(app, dependencies);
  registerMcpClientRoutes(app, dependencies);
  registerMcpClientTestRoutes(app, dependencies);
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

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Agent Studio API',
      version: dependencies.version,
      description: 'Manage versioned agents, resolve their tools per request, run tools and agents.',
    },
  });
  return app;
}
