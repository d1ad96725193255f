/**
 * The composition root. `createStudio(options)` wires the database, settings, registries and
 * services once and returns the pieces an application uses: the HTTP `api` (a Hono app), the
 * `editor` service, the `runtime` and `close()`.
 */
import { openStorage } from '../db/open-storage';
import type { Storage } from '../db/storage';
import type { Agent } from './agents';
import { createBuiltInTools } from './builtin-tools';
import { createApi, type ApiApp, type OpenApiDocument } from './api';
import { createAccess, type Access, type LibraryCalls } from './auth';
import { createEditor, upgradeClientSecrets, type Editor } from './editor';
import type { Evaluations } from './evaluation';
import { studioEvaluations } from './studio-evaluations';
import { parseSettings, type Settings, type SettingsInput } from './env';
import { authMode, type RequestPolicy } from './http';
import {
  createIntegrationService,
  upgradeIntegrationCredentials,
  type IntegrationProvider,
  type IntegrationService,
} from './integrations';
import { createLogger, type Logger } from './logger';
import type { McpPool } from './mcp';
import { createOutbound, type Outbound } from './net';
import {
  createResolutionCache,
  createRuntime,
  createStoredTaskStore,
  type CodeAgentRegistry,
  type LanguageModelObject,
  type ModelRegistry,
  type ProcessLiveness,
  type RunRetention,
  type RunStore,
  type Runtime,
} from './runtime';
import { resolveSecretsKey, type SecretsKey } from './secrets';
import type { CodeMcpServer } from './sources';
import { tracingOfSettings, type RunTracing } from './telemetry';
import type { ToolProvider, ToolProviderRegistry } from './tool-providers';
import type { Tool, ToolRegistry } from './tools';
import { studioVersion } from './version';
import type { Workflow, WorkflowRegistry } from './workflows';
import {
  apiSettingsOf,
  createRegistries,
  modelRegistryOf,
  partsBuiltLater,
  processLivenessOf,
  requestPolicyOf,
  startRunUpkeep,
  storedRunStoreOf,
  toolSourcesOf,
  warnOfUnreadableSecrets,
} from './studio-parts';
import { buildSourceLoader, mcpPoolOf } from './studio-sources';

export interface StudioOptions {
  /** `{ url: 'file:./data/studio.db' }` (default, or `settings.databaseUrl`) or `{ url: ':memory:' }`. */
  database?: { url: string };
  /** Parsed by the same schema as the environment (see `lib/env.ts`). */
  settings?: SettingsInput;
  logger?: Logger;
  /**
   * Told of each call into the sign-in library while it runs (the production server switches the
   * library's async-local storages off between calls; lib/http/library-storages.ts).
   */
  libraryCalls?: LibraryCalls | undefined;
  /** Apply pending migrations when the studio is created (default true). */
  migrate?: boolean;
  /** Code tools, keyed by `tool.id` (a different key or a duplicate id stops startup). */
  tools?: Record<string, Tool>;
  /** Integration providers, keyed by `provider.id` (e.g. `createOpenApiIntegration(...)`). */
  integrations?: Record<string, IntegrationProvider>;
  /** Code-defined agents, keyed by `agent.id`; the editor may override them per their `editor` setting. */
  agents?: Record<string, Agent>;
  /** Workflows stored agents may call by id (`workflows: { [key]: { workflowId } }`), keyed by `workflow.id`. */
  workflows?: Record<string, Workflow>;
  /** Code-defined MCP connections agents may reference by id in `mcpClients` (tools un-namespaced). */
  mcpServers?: Record<string, CodeMcpServer>;
  /** Tool providers, keyed by `provider.id`. */
  toolProviders?: Record<string, ToolProvider>;
  /**
   * Extra model names (`provider/model` -> an AI SDK language model object), looked up before the
   * built-in providers: local setups and tests (the AI SDK's `MockLanguageModelV3`) use them.
   */
  models?: Record<string, LanguageModelObject>;
}

export interface Studio {
  api: ApiApp;
  /** The OpenAPI document `GET /api/openapi.json` answers, without `servers` (the API reference page reads it). */
  openApiDocument(): OpenApiDocument;
  /** The editor service: agents, versions, labels, saved MCP clients, audit. */
  editor: Editor;
  /** Runtime: resolve and run agents per request (published versions by default), and continue paused runs. */
  runtime: Runtime;
  /** Test cases replayed against versions (docs/testing-agents.md). */
  evaluations: Evaluations;
  /** The language models runs can use: which providers have a key, which names are registered. */
  models: ModelRegistry;
  /** The registered code agents: `get(id)`, `list()`. */
  agents: CodeAgentRegistry;
  /** The registered workflows: `get(id)`, `ids()`. */
  workflows: WorkflowRegistry;
  /** The registered tool providers: `get(id)`, `list()`. */
  toolProviders: ToolProviderRegistry;
  /** The registered code tools: `get(id)`, `list()`. */
  tools: ToolRegistry;
  /**
   * The built-in tools stored agents select by id (`ask_user`, `submit_plan`, `web_search`,
   * `web_fetch`), this studio's own set: its `web_fetch` goes through `outbound.modelChosen`.
   */
  builtInTools: Readonly<Record<string, Tool>>;
  /** Integration providers, code and stored: `get(id)`, `list()`; saving and catalogues for the API. */
  integrations: IntegrationService;
  /** Pooled MCP connections and cached tool lists (evict a saved client with `evictClient(id)` when it changes). */
  mcpPool: McpPool;
  /**
   * The one way the server reaches other machines (docs/security.md): `outbound.configured` for
   * URLs people set up (integrations, HTTP MCP servers, model providers: pass its `fetch`),
   * `outbound.modelChosen` for URLs a model picked (`web_fetch`).
   */
  outbound: Outbound;
  settings: Settings;
  /** Which `Host` and `Origin` values the server answers; `server.ts` applies it to pages too. */
  requestPolicy: RequestPolicy;
  logger: Logger;
  /** Where everything is stored (SQLite or PostgreSQL, from `DATABASE_URL`). */
  storage: Storage;
  secretsKey: SecretsKey;
  /**
   * API keys, and with sign-in required (`STUDIO_AUTH`, lib/http/exposure.ts `authMode`) users,
   * sessions and who a request's credentials name (`signIn` and `credentials` are undefined when
   * every caller is the local user).
   */
  access: Access;
  version: string;
  /**
   * Runs exported as OpenTelemetry traces (docs/runtime.md, "Traces"); `undefined` unless
   * `otlpEndpoint` is set. `flush()` exports the ended spans now; `close()` does it too.
   */
  tracing: Pick<RunTracing, 'flush'> | undefined;
  /** Deletes runs past `runRetentionDays` at start and daily; `runOnce()` does it now. */
  runRetention: Pick<RunRetention, 'runOnce'>;
  /** Closes the database and every connection the studio opened. Safe to call twice. */
  close(): Promise<void>;
}

export async function createStudio(options: StudioOptions = {}): Promise<Studio> {
  const settings = parseSettings(options.settings);
  const { tools, agents, workflows, toolProviders } = createRegistries(options);
  const logger = options.logger ?? createLogger({ level: settings.logLevel });
  const storage = await openStorage({
    url: options.database?.url ?? settings.databaseUrl,
    busyTimeoutMs: settings.databaseBusyTimeoutMs,
    logger,
  });
  const outbound = createOutbound({
    lookup: settings.outbound.lookup,
    webFetchAddressPolicy: settings.webFetch.addressPolicy,
  });
  const tracing = await tracingOfSettings(settings, { logger, serviceVersion: studioVersion });
  /** Ends this process's sign of life if the start fails after it began. */
  let stopLiveness = async () => {};
  try {
    const secretsKey = await prepareStorage({ storage, settings, migrate: options.migrate !== false });
    const liveness = await processLivenessOf({ storage, settings, logger });
    stopLiveness = () => liveness.stop();
    const integrations = createIntegrationService({
      ...{ providers: options.integrations, storage, secretsKey },
      fetch: outbound.configured.fetch,
    });
    const builtInTools = createBuiltInTools({ outbound });
    // The editor reads these parts, which are built after it, only once the studio answers requests.
    const later = () => ({ runtime, runStore, evaluations, mcpPool, editor, storedListings });
    const editor = createEditor({
      ...{ storage, settings, secretsKey, logger, maxVersionsPerAgent: settings.maxVersionsPerAgent },
      ...{ codeAgents: agents, codeWorkflowIds: workflows.ids() },
      codeIntegrationIds: Object.keys(options.integrations ?? {}),
      ...partsBuiltLater(later),
      toolSources: toolSourcesOf({ tools, builtInTools, integrations, toolProviders, options, later }),
    });
    const { mcpPool, storedListings } = mcpPoolOf({ settings, storage, logger, outbound, editor });
    const loader = buildSourceLoader({
      ...{ codeMcpServers: options.mcpServers, settings, tools, builtInTools, mcpPool },
      savedMcpClients: editor.mcpClients,
      storageGeneration: () => storage.generation(),
      integrations,
      toolProviders,
    });
    const models = await modelRegistryOf({ models: options.models, settings, editor, outbound });
    const runStore = storedRunStoreOf({ storage, secretsKey, liveness, logger });
    const runtime = createRuntime({
      versions: editor.agents,
      codeAgents: agents,
      loader,
      logger,
      models,
      runStore,
      taskStore: createStoredTaskStore({ storage }),
      resolutionCache: createResolutionCache(),
      runObserver: tracing?.observer,
      workflows,
    });
    const evaluations = studioEvaluations({ storage, editor, runtime, models, logger, settings, process: liveness });
    // Runs and evaluations a stopped process left running are ended before the studio answers
    // anyone, and before close() could take the storage from under that work.
    const runUpkeep = await startRunUpkeep({ runtime, runStore, evaluations, settings, logger });
    await warnOfUnreadableSecrets({ editor, integrations, logger });
    const requestPolicy = requestPolicyOf(settings);
    const access = await createAccess({
      ...{ storage, secretsKey, settings, logger, libraryCalls: options.libraryCalls },
      required: authMode(settings) === 'required',
    });
    const { app: api, openApiDocument } = createApi({
      ...{ access, requestPolicy, storage, logger, version: studioVersion },
      ...{ tools, integrations, editor, evaluations, runtime, toolProviders },
      ...{ mcpPool, internalTargetOf: outbound.internalTarget },
      ...apiSettingsOf(settings),
    });

    let closing: Promise<void> | undefined;
    return {
      api,
      openApiDocument,
      editor,
      runtime,
      evaluations,
      models,
      agents,
      workflows,
      toolProviders,
      tools,
      builtInTools,
      integrations,
      mcpPool,
      outbound,
      settings,
      requestPolicy,
      logger,
      storage,
      secretsKey,
      access,
      version: studioVersion,
      tracing: tracing && { flush: () => tracing.flush() },
      runRetention: { runOnce: runUpkeep.runRetentionOnce },
      close() {
        const { apiKeys } = access;
        closing ??= closeInOrder({ runUpkeep, mcpPool, outbound, tracing, runStore, liveness, apiKeys, storage });
        return closing;
      },
    };
  } catch (error) {
    void stopLiveness().then(() => storage.close());
    void outbound.close();
    void tracing?.close();
    throw error;
  }
}

/**
 * Migrates the database (unless told not to) and finds the key that seals its secrets; secrets
 * written by earlier releases are then bound to their rows and their hashes keyed, once.
 */
async function prepareStorage({
  storage,
  settings,
  migrate,
}: {
  storage: Storage;
  settings: Settings;
  migrate: boolean;
}): Promise<SecretsKey> {
  if (migrate) await storage.migrate();
  const secretsKey = resolveSecretsKey({
    secretsKey: settings.secretsKey,
    databaseLocation: storage.fileLocation,
    mode: settings.mode,
  });
  if (migrate) {
    await upgradeClientSecrets({ storage, secretsKey });
    await upgradeIntegrationCredentials({ storage, secretsKey });
  }
  return secretsKey;
}

/**
 * The retention timer first, outside connections next (the traces of ended runs are exported
 * then); the storage last, after the run store has written what it queued.
 */
async function closeInOrder({
  runUpkeep,
  mcpPool,
  outbound,
  tracing,
  runStore,
  liveness,
  apiKeys,
  storage,
}: {
  runUpkeep: { stop(): Promise<void> };
  mcpPool: McpPool;
  outbound: Outbound;
  tracing: Pick<RunTracing, 'close'> | undefined;
  runStore: Pick<RunStore, 'close'>;
  /** Stopped once the runs are written: its row goes, and a run still open counts as cut off. */
  liveness: Pick<ProcessLiveness, 'stop'>;
  /** Writes when keys were last used before the storage goes. */
  apiKeys: Pick<Access['apiKeys'], 'close'>;
  storage: Pick<Storage, 'close'>;
}) {
  try {
    await runUpkeep.stop();
    await mcpPool.closeAll();
    await outbound.close();
    await tracing?.close();
  } finally {
    try {
      await runStore.close();
      await liveness.stop();
      await apiKeys.close();
    } finally {
      await storage.close();
    }
  }
}

export type { Settings, SettingsInput } from './env';
