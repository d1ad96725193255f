import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../logger';
import { createApiApp, type ApiApp } from './app';
import { registerHealthRoutes } from './routes/health';
import { registerToolRoutes } from './routes/tools';
import type { ToolRegistry } from '../tools';

export type { ApiApp } from './app';
export { errorResponse, validationHook } from './app';

export interface ApiDependencies {
  database: DatabaseHandle;
  logger: Logger;
  version: string;
  bodyLimitBytes: number;
  tools: ToolRegistry;
}

export function createApi(dependencies: ApiDependencies): ApiApp {
  const app = createApiApp({ logger: dependencies.logger, bodyLimitBytes: dependencies.bodyLimitBytes });
  registerHealthRoutes(app, dependencies);
  registerToolRoutes(app, dependencies);

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
