/**
 * The editor service (`createStudio().editor`): agents, their versions and labels, saved MCP
 * clients and the audit log. Methods reject with a `StudioError` carrying a code from
 * `lib/errors.ts` (the API maps it to its status); they are async so a future PostgreSQL
 * dialect can slot in without changing callers.
 */
import type { Issue } from '../errors';
import type { Diagnostic } from '../rules';
import type { VersionSelector } from '../versions';
import type { CreateAgentInput, UpdateAgentInput } from './agent-input';
import { deleteLabel, listLabels, pageLabels, setLabel, type LabelView } from './agent-labels';
import {
  deleteAgentVersion,
  publishChecksOf,
  publishVersion,
  unpublishAgent,
  type PublishInput,
  type PublishChecks,
  type VersionReference,
} from './agent-publishing';
import { previewPublish, type PublishPreview } from './publish-preview';
import { readPublishGate, setPublishGate } from './publish-gate';
import type { PublishGate } from '../schemas/publish-gate-bodies';
import {
  findVersion,
  getAgent,
  listAgents,
  listAgentVersions,
  type AgentListRequest,
  type DefaultSelector,
  type FoundVersion,
} from './agent-reads';
import { codeOnlyAgent, type CodeOnlyAgent, type CodeOnlyListItem } from './code-agents';
import { lintAgentVersion, type AgentLint } from './agent-lint';
import { diffVersions, type VersionDiff } from './agent-diff';
import { exportAgent, importAgent, type ImportMode } from './agent-transfer';
import type { AgentListItem, AgentView, VersionView } from './agent-views';
import { checkAgentDraft, type AgentDraft } from './agent-draft';
import {
  createAgent,
  createAgentIssues,
  deleteAgent,
  restoreVersion,
  updateAgent,
  type SaveResult,
} from './agent-writes';
import { createAuditService, type AuditService } from './audit';
import { createEditorContext, type EditorOptions } from './context';
import {
  deploymentExportOptionsSchema,
  deploymentImportBodySchema,
  type DeploymentDocument,
  type DeploymentExportOptions,
  type DeploymentImportBody,
} from './deployment-document';
import { exportDeployment } from './deployment-export';
import { importDeployment, type DeploymentImportResult } from './deployment-import';
import type { ExportDocument } from './export-document';
import { parseInput } from './parse-input';
import { createMcpClientsService, type McpClientsService } from './mcp-clients';
import {
  createStdioLaunchSpec,
  deleteStdioLaunchSpec,
  listStdioLaunchSpecs,
  pageStdioLaunchSpecs,
  stdioPolicyInForce,
  type StdioLaunchSpecView,
} from './stdio-launch-specs';
import type { StdioLaunchSpecBody } from '../schemas/stdio-launch-spec-body';
import { createModelProviders, type ModelProvidersService } from './model-providers';
import type { Page, PageRequest } from '../pagination';
import { createTestCasesService, type TestCasesService } from './test-cases';

export interface AgentWithVersion {
  agent: AgentView;
  version: VersionView;
}

export interface AgentsService {
  create(input: CreateAgentInput): Promise<AgentWithVersion & { droppedFields: string[]; warnings: Diagnostic[] }>;
  /** Every problem `create` would refuse a body for, found without writing (see `createAgentIssues`). */
  createIssues(body: unknown): Issue[];
  /** `{ agent, version }` for the selector; the latest version by default. */
  getById(id: string, selector?: VersionSelector): Promise<AgentWithVersion>;
  /** A registered code agent that has no override record, as `status: 'code_only'`; otherwise `undefined`. */
  getCodeOnly(id: string): Promise<CodeOnlyAgent | undefined>;
  /** The parsed version a selector names, for the runtime (`fallback: 'published'` fails closed). */
  loadVersion(request: { id: string; selector?: VersionSelector; fallback: DefaultSelector }): Promise<FoundVersion>;
  update(input: UpdateAgentInput): Promise<SaveResult>;
  /**
   * An unsaved draft (a save's body) checked as a save checks it and applied over its base version,
   * for a run or resolution of the draft; nothing is written (400 `invalid_input` under `draft.`).
   */
  checkDraft(input: { id: string; draft: unknown }): Promise<AgentDraft>;
  delete(id: string, options?: { actor?: string }): Promise<{ deleted: true }>;
  /** Stored agents, override records and code agents without a record, by id; `search` filters by id or name. */
  list(request?: AgentListRequest): Promise<Page<AgentListItem | CodeOnlyListItem>>;
  listVersions(id: string, request?: PageRequest): Promise<Page<VersionView>>;
  publish(input: PublishInput & VersionReference): Promise<AgentWithVersion>;
  /** The rule linter's findings for a version (default: the latest), as a save would find them. */
  lint(input: { id: string; selector?: VersionSelector }): Promise<AgentLint>;
  /** What publishing the version would refuse (the publish gate's problems), without publishing. */
  publishChecks(input: { id: string } & VersionReference): Promise<PublishChecks>;
  /** What publishing the version would put live against the version live now, with the checks' problems. */
  previewPublish(input: { id: string; versionNumber: number }): Promise<PublishPreview>;
  unpublish(input: { id: string; actor?: string }): Promise<AgentWithVersion>;
  /** The agent's publish gate (off by default); not part of its versions. */
  getPublishGate(id: string): Promise<PublishGate>;
  /** Sets the publish gate (the caller checks that an admin asks); audited. */
  setPublishGate(input: { id: string; gate: PublishGate; actor?: string }): Promise<PublishGate>;
  restore(input: { id: string; versionNumber: number; actor?: string }): Promise<AgentWithVersion>;
  deleteVersion(
    input: { id: string; actor?: string } & VersionReference,
  ): Promise<{ deleted: true; versionNumber: number; versionId: string }>;
  labels: {
    /** Every label: the computed ones, then custom labels by name. */
    list(id: string): Promise<{ items: LabelView[]; nextCursor: null }>;
    /** One page of the labels in the order of `list` (`limit` default 20, `cursor` the previous `nextCursor`). */
    page(id: string, request?: PageRequest): Promise<Page<LabelView>>;
    set(
      input: { id: string; label: string; expectedRevisionToken: string | null; actor?: string } & VersionReference,
    ): Promise<{ label: LabelView }>;
    delete(input: {
      id: string;
      label: string;
      expectedRevisionToken: string;
      actor?: string;
    }): Promise<{ deleted: true }>;
  };
  diff(input: {
    id: string;
    from: number;
    to?: number;
    requestContext?: Record<string, unknown>;
  }): Promise<VersionDiff>;
  export(id: string, options?: { selector?: VersionSelector }): Promise<ExportDocument>;
  /** `dryRun`: every check and the answer of a real import, with nothing written. */
  import(
    document: unknown,
    options?: { mode?: ImportMode; actor?: string; dryRun?: boolean },
  ): Promise<
    AgentWithVersion & {
      mode: ImportMode;
      importedVersionNumbers: number[];
      upgradedFrom: number | null;
      dryRun: boolean;
    }
  >;
}

/** The whole deployment at once: backups (docs/deployment-backup.md). */
export interface DeploymentService {
  /**
   * Every agent, saved MCP client and stored integration; secrets sealed with a passphrase or left
   * out. A sealed export is audited under `actor`; who may ask for one is the caller's check
   * (lib/api/secret-export-guard.ts).
   */
  export(options?: DeploymentExportOptions, request?: { actor?: string }): Promise<DeploymentDocument>;
  /** Adds what the backup has and this deployment lacks, in one transaction, verified before commit. */
  import(input: DeploymentImportBody & { dryRun?: boolean; actor?: string }): Promise<DeploymentImportResult>;
}

/** The stdio allow-list: the setting's entries (read-only) and the launch specs an admin approved here. */
export interface StdioLaunchSpecsService {
  /** Every spec: the setting's entries, then the stored specs oldest first. */
  list(): Promise<StdioLaunchSpecView[]>;
  /** One page of the specs in the order of `list` (`limit` default 20, `cursor` the previous `nextCursor`). */
  page(request?: PageRequest): Promise<Page<StdioLaunchSpecView>>;
  /** Every approved spec (the setting's, then the stored ones) as an entry of the setting's syntax. */
  entries(): Promise<string[]>;
  create(input: StdioLaunchSpecBody & { actor?: string }): Promise<StdioLaunchSpecView>;
  delete(id: string, options?: { actor?: string }): Promise<{ deleted: true }>;
  /** Called after a stored spec's removal is committed; returns an unsubscribe function. */
  onRemoved(listener: () => void): () => void;
}

export interface Editor {
  agents: AgentsService;
  mcpClients: McpClientsService;
  audit: AuditService;
  deployment: DeploymentService;
  stdioLaunchSpecs: StdioLaunchSpecsService;
  /** Agents' test cases (docs/testing-agents.md). */
  testCases: TestCasesService;
  /** Model provider keys and base URLs saved in Settings, read by the model registry before each run. */
  modelProviders: ModelProvidersService;
}

export function createEditor(options: EditorOptions): Editor {
  const context = createEditorContext(options);
  const agents: AgentsService = {
    create: async (input) => createAgent(context, input),
    createIssues: (body) => createAgentIssues(context, body),
    getById: async (id, selector) => getAgent(context, id, selector),
    getCodeOnly: async (id) => codeOnlyAgent(context, id),
    loadVersion: async ({ id, selector, fallback }) => findVersion(context, { agentId: id, selector, fallback }),
    update: async (input) => updateAgent(context, input),
    checkDraft: async (input) => checkAgentDraft(context, input),
    delete: async (id, { actor } = {}) => deleteAgent(context, { id, actor }),
    list: async (request) => listAgents(context, request),
    listVersions: async (id, request) => listAgentVersions(context, id, request),
    publish: async (input) => publishVersion(context, input),
    lint: async (input) => lintAgentVersion(context, input),
    publishChecks: async (input) => publishChecksOf(context, input),
    previewPublish: async (input) => previewPublish(context, input),
    unpublish: async (input) => unpublishAgent(context, input),
    getPublishGate: async (id) => readPublishGate(context, id),
    setPublishGate: async ({ id, gate, actor }) => setPublishGate(context, { agentId: id, gate, actor }),
    restore: async (input) => restoreVersion(context, input),
    deleteVersion: async (input) => deleteAgentVersion(context, input),
    labels: {
      list: async (id) => listLabels(context, id),
      page: async (id, request) => pageLabels(context, id, request),
      set: async (input) => setLabel(context, input),
      delete: async (input) => deleteLabel(context, input),
    },
    diff: (input) => diffVersions(context, input),
    export: async (id, { selector } = {}) => exportAgent(context, { id, selector }),
    import: async (document, { mode, actor, dryRun } = {}) => importAgent(context, { document, mode, actor, dryRun }),
  };
  const mcpClients = createMcpClientsService(context);
  const deployment: DeploymentService = {
    export: async (options = {}, request = {}) =>
      exportDeployment(context, parseInput(deploymentExportOptionsSchema, options), request),
    async import({ dryRun, actor, ...body }) {
      const result = await importDeployment(context, {
        body: parseInput(deploymentImportBodySchema, body),
        dryRun,
        actor,
      });
      if (!result.dryRun) {
        for (const change of result.changes) {
          if (change.entity !== 'mcp_client' || change.action === 'unchanged') continue;
          const latest = await mcpClients.getLatestWithSecrets(change.id);
          if (latest)
            mcpClients.notifyChanged({
              clientId: change.id,
              kind: change.action === 'create' ? 'created' : 'updated',
              versionId: latest.id,
              versionNumber: latest.versionNumber,
            });
        }
      }
      return result;
    },
  };
  const launchSpecRemovalListeners = new Set<() => void>();
  const stdioLaunchSpecs: StdioLaunchSpecsService = {
    list: async () => listStdioLaunchSpecs(context),
    page: async (request) => pageStdioLaunchSpecs(context, request),
    entries: async () => [...(await stdioPolicyInForce(context)).stdioAllowedCommands],
    create: async (input) => createStdioLaunchSpec(context, input),
    delete: async (id, { actor } = {}) => {
      const deleted = await deleteStdioLaunchSpec(context, { id, actor });
      for (const listener of launchSpecRemovalListeners) listener();
      return deleted;
    },
    onRemoved: (listener) => {
      launchSpecRemovalListeners.add(listener);
      return () => launchSpecRemovalListeners.delete(listener);
    },
  };
  const modelProviders = createModelProviders(context, {
    modelKeys: options.settings.modelKeys ?? {},
    openaiCompatibleBaseUrl: options.settings.openaiCompatibleBaseUrl,
  });
  return {
    agents,
    mcpClients,
    audit: createAuditService(context),
    deployment,
    stdioLaunchSpecs,
    testCases: createTestCasesService(context),
    modelProviders,
  };
}
