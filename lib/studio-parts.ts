/**
 * Parts `createStudio` builds from its options and settings alone: the registries of what code
 * gives it (tools, agents, workflows, tool providers; each keyed by its own id, a wrong key or a
 * duplicate stops startup), the request policy, and what the API reads of the settings.
 */
import { createCodeAgentRegistry, type Agent } from './agents';
import type { Settings } from './env';
import type { IntegrationService } from './integrations';
import { createRequestPolicy, type RequestPolicy } from './http';
import { runReaderOf, type Editor, type PassingEvaluationRequest } from './editor';
import type { Evaluations } from './evaluation';
import type { Logger } from './logger';
import { plural } from './plural';
import type { SecretsKey } from './secrets';
import type { Storage } from '../db/storage';
import type { Outbound } from './net';
import {
  createModelRegistry,
  createStoredRunStore,
  startInterruptedRunSweep,
  startProcessLiveness,
  startRepeatingWork,
  startRunRetention,
  type LanguageModelObject,
  type ProcessLiveness,
  type RunStore,
  type Runtime,
} from './runtime';
import { createToolProviderRegistry, type ToolProvider, type ToolProviderRegistry } from './tool-providers';
import { createToolRegistry, freezeRequestContext, type Tool, type ToolRegistry } from './tools';
import { createWorkflowRegistry, type Workflow } from './workflows';
import type { McpPool } from './mcp';
import type { LintableSnapshot } from './rules';
import {
  knownInputSchemas,
  lastMcpListing,
  type CodeMcpServer,
  type InputSchemaSources,
  type SavedMcpClientReader,
  type StoredMcpListings,
} from './sources';

const emptyContext = freezeRequestContext({});

/** The registries of what code gives the studio. */
export function createRegistries(options: {
  tools?: Record<string, Tool>;
  agents?: Record<string, Agent>;
  workflows?: Record<string, Workflow>;
  toolProviders?: Record<string, ToolProvider>;
}) {
  return {
    tools: createToolRegistry({ tools: options.tools }),
    agents: createCodeAgentRegistry({ agents: options.agents }),
    workflows: createWorkflowRegistry({ workflows: options.workflows }),
    toolProviders: createToolProviderRegistry({ toolProviders: options.toolProviders }),
  };
}

/** What the API reads of the settings: its limits, and whom it serves how. */
export function apiSettingsOf(settings: Settings) {
  return {
    bodyLimitBytes: settings.bodyLimitBytes,
    importBodyLimitBytes: settings.importBodyLimitBytes,
    toolProviderTimeoutMs: settings.mcp.listTimeoutMs,
    exposeAgentsOverMcp: settings.exposeAgentsOverMcp,
    rateLimits: settings.rateLimits,
    trustedProxies: settings.trustedProxy ?? 0,
  };
}

/** Which `Host` and `Origin` values the server answers, from the settings. */
export function requestPolicyOf(settings: Settings): RequestPolicy {
  return createRequestPolicy({
    allowedHosts: settings.allowedHosts,
    corsOrigins: settings.corsOrigins,
    listenHost: settings.host,
  });
}

/**
 * The model registry over the provider keys saved in Settings (read from storage now, and again
 * before a run after any write), which win over the environment's.
 */
export async function modelRegistryOf({
  models,
  settings,
  editor,
  outbound,
}: {
  models: Record<string, LanguageModelObject> | undefined;
  settings: Settings;
  editor: Editor;
  outbound: Outbound;
}) {
  await editor.modelProviders.refresh();
  return createModelRegistry({
    models,
    settings,
    providerSettings: editor.modelProviders,
    fetch: outbound.configured.fetch,
  });
}

/** What the MCP part of the linter reads: built after the editor (the pool listens to it). */
export interface McpSchemaReaders {
  mcpPool: Pick<McpPool, 'lastListedTools'>;
  storedListings: Pick<StoredMcpListings, 'load'>;
  editor: { mcpClients: SavedMcpClientReader };
}

/**
 * What publishing checks a version's tool names against, and the rule linter its approval policies'
 * arguments: this studio's registries and settings, the MCP pool's last lists and stored
 * integrations' catalogues (docs/resolution.md, "The rule linter"; nothing connects to answer).
 */
export function toolSourcesOf({
  tools,
  builtInTools,
  integrations,
  toolProviders,
  options,
  later,
}: {
  tools: ToolRegistry;
  builtInTools: Readonly<Record<string, Tool>>;
  integrations: IntegrationService;
  toolProviders: ToolProviderRegistry;
  options: { mcpServers?: Record<string, CodeMcpServer> };
  later: () => McpSchemaReaders;
}) {
  const inputSchemaOf = (id: string) =>
    (tools.get(id) ?? (Object.hasOwn(builtInTools, id) ? builtInTools[id] : undefined))?.inputJsonSchema;
  const codeServers = new Map(Object.entries(options.mcpServers ?? {}));
  const sources: InputSchemaSources = {
    registered: inputSchemaOf,
    mcpClient: (clientId) =>
      lastMcpListing({
        clientId,
        codeServers,
        pool: later().mcpPool,
        storedListings: later().storedListings,
        savedClients: later().editor.mcpClients,
      }),
    async integration(id) {
      const source = await integrations.sourceOf(id);
      if (source === undefined) return undefined;
      // A catalogue defined in code may be read over the network; a stored one comes from its document.
      if (source === 'code') return 'unknown';
      const provider = await integrations.get(id);
      return provider?.listTools({ requestContext: emptyContext }).catch(() => []);
    },
  };
  return {
    hasTool: (id: string) => tools.get(id) !== undefined || Object.hasOwn(builtInTools, id),
    hasIntegration: async (id: string) => (await integrations.get(id)) !== undefined,
    hasToolProvider: (id: string) => toolProviders.get(id) !== undefined,
    hasCodeMcpServer: (id: string) => codeServers.has(id),
    inputSchemaOf,
    inputSchemasFor: (snapshot: LintableSnapshot) => knownInputSchemas({ snapshot, sources }),
  };
}

/** The editor's tool diff and run reader use the runtime and run store, which are built after it. */
export function partsBuiltLater(built: () => { runtime: Runtime; runStore: RunStore; evaluations: Evaluations }) {
  return {
    findPassingEvaluation: (request: PassingEvaluationRequest) => built().evaluations.findPassing(request),
    findLastEvaluation: (request: { agentId: string; configHash: string; minPassRate?: number }) =>
      built().evaluations.lastOfConfig(request),
    resolveToolsForDiff: (request: Parameters<Runtime['resolveSnapshotTools']>[0]) =>
      built().runtime.resolveSnapshotTools(request),
    readRun: runReaderOf(() => built().runStore),
  };
}

/**
 * The studio's timed work on stored runs and evaluations: runs and evaluations a stopped process
 * left running are ended at once (settled before this answers) and then every minute, when this
 * process also marks its own running evaluations alive; runs past `runRetentionDays` are deleted at
 * start and daily. `stop` clears the timers, waiting for work under way.
 */
export async function startRunUpkeep({
  runtime,
  runStore,
  evaluations,
  settings,
  logger,
}: {
  runtime: Pick<Runtime, 'runs'>;
  runStore: RunStore;
  evaluations: Pick<Evaluations, 'markInterrupted'>;
  settings: Pick<Settings, 'runRetentionDays' | 'processSilentAfterMs'>;
  logger: Logger;
}) {
  // Three looks per span of silence that means a process stopped.
  const everyMs = settings.processSilentAfterMs / 3;
  const interruptedRuns = startInterruptedRunSweep({ runStore, logger, everyMs });
  const interruptedEvaluations = startRepeatingWork({
    work: () => evaluations.markInterrupted(),
    everyMs,
    onError: (error) => logger.error('Could not mark the evaluations whose process stopped', { error }),
  });
  await Promise.all([interruptedRuns.first, interruptedEvaluations.first]);
  const retention = startRunRetention({ runs: runtime.runs, days: settings.runRetentionDays, logger });
  return {
    runRetentionOnce: retention.runOnce,
    async stop() {
      await retention.stop();
      await interruptedRuns.stop();
      await interruptedEvaluations.stop();
    },
  };
}

/** How many saved MCP clients, and how many stored integrations, the start-up looks at: one page of each. */
const recordsCheckedAtStart = 100;

/** One kind of record whose secrets the start-up checks: how to find the unreadable ones, and what to say. */
interface SecretsCheck {
  /** What the failure to check names: `the saved MCP clients’ secrets`. */
  what: string;
  /** The key of the warning's data that lists the records' ids. */
  idsKey: string;
  find: () => Promise<string[]>;
  /** The warning for `count` records. */
  warning: (count: number) => string;
}

/**
 * Says at start when saved MCP clients or stored integrations hold secrets this SECRETS_KEY cannot
 * read (the key changed since they were saved), rather than leaving it to their first use (a 503
 * for a client's connection, a failing catalogue for an integration). Looks at the first page of
 * each; a record that cannot be read at all is left to the requests that read it.
 */
export async function warnOfUnreadableSecrets({
  editor,
  integrations,
  logger,
}: {
  editor: Pick<Editor, 'mcpClients'>;
  integrations: Pick<IntegrationService, 'unreadableCredentials'>;
  logger: Logger;
}): Promise<void> {
  const checks: SecretsCheck[] = [
    {
      what: 'the saved MCP clients’ secrets',
      idsKey: 'clientIds',
      find: async () =>
        (await editor.mcpClients.list({ limit: recordsCheckedAtStart })).items
          .filter((client) => client.unreadableSecrets !== undefined)
          .map((client) => client.id),
      warning: (count) =>
        `SECRETS_KEY cannot read the secrets of ${plural(count, 'saved MCP client')}: they were saved with ` +
        'another key. Start the studio with the SECRETS_KEY that saved them, or delete each and save it again ' +
        'with its secrets.',
    },
    {
      what: 'the stored integrations’ credentials',
      idsKey: 'integrationIds',
      find: () => integrations.unreadableCredentials(recordsCheckedAtStart),
      warning: (count) =>
        `SECRETS_KEY cannot read the credentials of ${plural(count, 'stored integration')}: they were saved ` +
        'with another key, and their operations fail until then. Start the studio with the SECRETS_KEY that ' +
        'saved them, or save each again with its credentials.',
    },
  ];
  for (const check of checks) {
    try {
      const ids = await check.find();
      if (ids.length > 0) logger.warn(check.warning(ids.length), { [check.idsKey]: ids });
    } catch (error) {
      logger.warn(`Could not check at start whether ${check.what} can be read`, { error });
    }
  }
}

/**
 * This process's sign of life on the database (lib/runtime/process-liveness.ts), its first beat
 * written: before any run or evaluation names the process.
 */
export async function processLivenessOf({
  storage,
  settings,
  logger,
}: {
  storage: Storage;
  settings: Pick<Settings, 'processSilentAfterMs'>;
  logger: Logger;
}): Promise<ProcessLiveness> {
  const liveness = startProcessLiveness({
    queries: storage.queries.processes,
    silentAfterMs: settings.processSilentAfterMs,
    onError: (error) => logger.warn("Could not write this process's sign of life", { error }),
  });
  await liveness.started;
  return liveness;
}

/** The studio's runs in its storage; a grouped write that fails is logged (its answer was given). */
export function storedRunStoreOf({
  storage,
  secretsKey,
  liveness,
  logger,
}: {
  storage: Storage;
  secretsKey: SecretsKey;
  liveness: ProcessLiveness;
  logger: Logger;
}) {
  return createStoredRunStore({
    storage,
    secretsKey,
    liveness,
    onWriteError: (error, runIds) =>
      logger.error('Could not store finished runs; their answers were already given', { runIds, error }),
  });
}
