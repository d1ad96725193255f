import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../logger';
import { createApiApp, type ApiApp } from './app';
import { registerHealthRoutes } from './routes/health';

export type { ApiApp } from './app';
export { errorResponse, validationHook } from './app';

export interface ApiDependencies {
  database: DatabaseHandle;
  logger: Logger;
  version: string;
  bodyLimitBytes: number;
}

export function createApi(dependencies: ApiDependencies): ApiApp {
  const app = createApiApp({ logger: dependencies.logger, bodyLimitBytes: dependencies.bodyLimitBytes });
  registerHealthRoutes(app, dependencies);

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
