/**
 * The composition root. `createStudio(options)` wires the database, settings, registries and
 * services once and returns the pieces an application uses: the HTTP `api` (a Hono app), the
 * `editor` service, the `runtime` and `close()`.
 */
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createApi, type ApiApp } from './api';
import { createEditor, type Editor } from './editor';
import { parseSettings, type Settings, type SettingsInput } from './env';
import { createIntegrationService, type IntegrationProvider, type IntegrationService } from './integrations';
import { createLogger, type Logger } from './logger';
import { createMcpPool, type McpPool } from './mcp';
import { resolveSecretsKey, type SecretsKey } from './secrets';
import { createToolRegistry, type Tool, type ToolRegistry } from './tools';
import { studioVersion } from './version';

export interface StudioOptions {
  /** `{ url: 'file:./data/studio.db' }` (default, or `settings.databaseUrl`) or `{ url: ':memory:' }`. */
  database?: { url: string };
  /** Parsed by the same schema as the environment (see `lib/env.ts`). */
  settings?: SettingsInput;
  logger?: Logger;
  /** Apply pending migrations when the studio is created (default true). */
  migrate?: boolean;
  /** Code tools, keyed by `tool.id` (a different key or a duplicate id stops startup). */
  tools?: Record<string, Tool>;
  /** Integration providers, keyed by `provider.id` (e.g. `createOpenApiIntegration(...)`). */
  integrations?: Record<string, IntegrationProvider>;
}

export interface Studio {
  api: ApiApp;
  /** The editor service: agents, versions, labels, saved MCP clients, audit. */
  editor: Editor;
  /** Runtime: resolve and run published agents. */
  runtime: Record<string, never>;
  /** The registered code tools: `get(id)`, `list()`. */
  tools: ToolRegistry;
  /** Integration providers, code and stored: `get(id)`, `list()`; saving and catalogues for the API. */
  integrations: IntegrationService;
  /** Pooled MCP connections and cached tool lists (evict a saved client with `evictClient(id)` when it changes). */
  mcpPool: McpPool;
  settings: Settings;
  logger: Logger;
  database: DatabaseHandle;
  secretsKey: SecretsKey;
  version: string;
  /** Closes the database and every connection the studio opened. Safe to call twice. */
  close(): Promise<void>;
}

export function createStudio(options: StudioOptions = {}): Studio {
  const settings = parseSettings(options.settings);
  const tools = createToolRegistry({ tools: options.tools });
  const logger = options.logger ?? createLogger({ level: settings.logLevel });
  const database = openDatabase({ url: options.database?.url ?? settings.databaseUrl });
  try {
    if (options.migrate !== false) migrateDatabase(database);
    const secretsKey = resolveSecretsKey({
      secretsKey: settings.secretsKey,
      databaseLocation: database.location,
      mode: settings.mode,
    });
    const integrations = createIntegrationService({ providers: options.integrations, database, secretsKey });
    const editor = createEditor({ database, settings, secretsKey, logger });
    const api = createApi({ database, logger, version: studioVersion, bodyLimitBytes: settings.bodyLimitBytes, tools, integrations, editor });

    const mcpPool = createMcpPool({ settings: settings.mcp, logger });

    let closing: Promise<void> | undefined;
    return {
      api,
      editor,
      runtime: {},
      tools,
      integrations,
      mcpPool,
      settings,
      logger,
      database,
      secretsKey,
      version: studioVersion,
      close() {
        closing ??= (async () => {
          try {
            await mcpPool.closeAll();
          } finally {
            database.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    database.close();
    throw error;
  }
}

export type { Settings, SettingsInput } from './env';
