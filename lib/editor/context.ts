/**
 * What every editor operation needs, built once per studio by `createEditor`. Operations are
 * plain functions of this context, so each file stays one concept.
 */
import type { Storage, StudioQueries } from '../../db/storage';
import type { StdioPolicy } from '../mcp/stdio-rules';
import type { Logger } from '../logger';
import type { ModelProviderEnvironment } from '../schemas/model-provider-bodies';
import type { SecretsKey } from '../secrets';
import type { ComparableTool, EditorSetting } from '../versions';
import type { AgentSnapshot, Instructions } from '../snapshots';
import type { ReadRun } from './run-reader';
import type { FindLastEvaluation, FindPassingEvaluation, ToolSourceLookup } from './publish-sources';
import { createVersionCache, type VersionCache } from './version-cache';

/** What the editor needs to know about a code-defined agent (its overrides live under its id). */
export interface CodeAgentInfo {
  editor?: EditorSetting;
  /** Shown for a code agent that has no override record yet (list and read). */
  name?: string;
  description?: string;
  instructions?: Instructions;
  modelName?: string;
  tools?: Readonly<Record<string, unknown>>;
}

/** The registered code agents (`list` lets the editor show the ones without a record). */
export interface CodeAgentLookup {
  get(id: string): CodeAgentInfo | undefined;
  list?(): Array<CodeAgentInfo & { id: string }>;
}

/** Resolves a version's tools for a request context; supplied by the resolver, used by diff. */
export type ResolveToolsForDiff = (request: {
  agentId: string;
  versionId: string;
  snapshot: AgentSnapshot;
  requestContext: Record<string, unknown>;
}) => Promise<Record<string, ComparableTool>>;

export interface EditorOptions {
  storage: Storage;
  /**
   * The stdio rules of the deployment (the studio passes its settings), and the model provider keys
   * and base URL from the environment (stored ones win: ./model-providers).
   */
  settings: StdioPolicy & Partial<ModelProviderEnvironment>;
  secretsKey: SecretsKey;
  logger: Logger;
  /** Registered code agents by id; creating a record with such an id makes an override record. */
  codeAgents?: CodeAgentLookup;
  /** Optional retention: keep at most this many versions per agent (active, labelled and latest are kept). */
  maxVersionsPerAgent?: number;
  resolveToolsForDiff?: ResolveToolsForDiff;
  /** Ids of integrations defined in code: a deployment import may not store a config under them. */
  codeIntegrationIds?: string[];
  /** Ids of the registered workflows a version's `workflows` may name. */
  codeWorkflowIds?: string[];
  /** Reads a stored run, for test cases made from runs (the studio passes its run store's). */
  readRun?: ReadRun;
  /** The tool sources publishing checks a version's names against (default: every name exists). */
  toolSources?: ToolSourceLookup;
  /** Finds an evaluation that lets a gated agent publish (default: none is ever found). */
  findPassingEvaluation?: FindPassingEvaluation;
  /** The evaluation of a configuration the publish checks show (default: none). */
  findLastEvaluation?: FindLastEvaluation;
  /** When an agent's test cases last changed (default: `null`, unknown). */
  testCasesChangedAt?: (agentId: string) => Promise<string | null>;
  /** The clock (ISO strings are stored). */
  now?: () => Date;
  /** A monotonic clock in milliseconds, for short-lived caches (default `performance.now`). */
  monotonicMs?: () => number;
}

export interface EditorContext {
  /** Writes run in `storage.transaction`; the query objects below are its `queries`, so they take part in it. */
  storage: Storage;
  /** The stdio rules of the deployment (the studio passes its settings). */
  settings: StdioPolicy;
  secretsKey: SecretsKey;
  logger: Logger;
  codeAgents: CodeAgentLookup;
  maxVersionsPerAgent?: number;
  resolveToolsForDiff?: ResolveToolsForDiff;
  codeIntegrationIds: string[];
  codeWorkflowIds: string[];
  toolSources: ToolSourceLookup;
  findPassingEvaluation: FindPassingEvaluation;
  findLastEvaluation: FindLastEvaluation;
  testCasesChangedAt(agentId: string): Promise<string | null>;
  now(): string;
  agents: StudioQueries['agents'];
  versions: StudioQueries['versions'];
  labels: StudioQueries['labels'];
  audit: StudioQueries['audit'];
  mcpClients: StudioQueries['mcpClients'];
  /** Stdio launch specs an admin approved (./stdio-launch-specs), read on every check. */
  stdioLaunchSpecs: StudioQueries['stdioLaunchSpecs'];
  /** Stored integration configs (deployment export and import write them with everything else). */
  integrationConfigs: StudioQueries['integrationConfigs'];
  /** Agents' test cases and when each agent's last changed. */
  testCases: StudioQueries['testCases'];
  readRun?: ReadRun;
  /** Model provider settings an admin saved (./model-providers), keys encrypted. */
  modelProviderSettings: StudioQueries['modelProviderSettings'];
  versionCache: VersionCache;
  /** The published and latest version ids per agent, briefly (see agent-reads.ts). */
  pointerCache: Map<string, PointerCacheEntry>;
  /** Milliseconds from a monotonic clock. */
  monotonicMs(): number;
  /** Decrypted saved MCP client versions by id (per studio: they depend on its secrets key). */
  clientVersionCache: VersionCache;
}

export interface PointerCacheEntry {
  generation: number;
  expiresAt: number;
  /** The read of each pointer, shared by the requests that ask while it is under way. */
  published?: Promise<string | undefined>;
  latest?: Promise<string | undefined>;
}

export function createEditorContext(options: EditorOptions): EditorContext {
  const clock = options.now ?? (() => new Date());
  const { queries } = options.storage;
  return {
    storage: options.storage,
    settings: options.settings,
    secretsKey: options.secretsKey,
    logger: options.logger,
    codeAgents: options.codeAgents ?? new Map(),
    maxVersionsPerAgent: options.maxVersionsPerAgent,
    resolveToolsForDiff: options.resolveToolsForDiff,
    codeIntegrationIds: options.codeIntegrationIds ?? [],
    codeWorkflowIds: options.codeWorkflowIds ?? [],
    toolSources: options.toolSources ?? everySourceExists,
    findPassingEvaluation: options.findPassingEvaluation ?? (async () => undefined),
    findLastEvaluation: options.findLastEvaluation ?? (async () => undefined),
    testCasesChangedAt:
      options.testCasesChangedAt ?? (async (agentId) => (await queries.testCases.changedAt(agentId)) ?? null),
    now: () => clock().toISOString(),
    agents: queries.agents,
    versions: queries.versions,
    labels: queries.labels,
    audit: queries.audit,
    mcpClients: queries.mcpClients,
    stdioLaunchSpecs: queries.stdioLaunchSpecs,
    integrationConfigs: queries.integrationConfigs,
    testCases: queries.testCases,
    readRun: options.readRun,
    modelProviderSettings: queries.modelProviderSettings,
    versionCache: createVersionCache({ maxEntries: 10_000 }),
    pointerCache: new Map(),
    monotonicMs: options.monotonicMs ?? (() => performance.now()),
    clientVersionCache: createVersionCache({ maxEntries: 2_000 }),
  };
}

/** For an editor built without the studio's registries: it cannot tell, so it refuses nothing. */
const everySourceExists: ToolSourceLookup = {
  hasTool: () => true,
  hasIntegration: async () => true,
  hasToolProvider: () => true,
  hasCodeMcpServer: () => true,
};

/** Library callers that do not say who acts are scripts: `system`. The API passes `local` until auth exists. */
export const defaultActor = 'system';
