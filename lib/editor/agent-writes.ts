/**
 * Creating, saving, restoring and deleting agents. Input is validated before the write
 * transaction; the base-version check, change detection and the insert happen inside it, where
 * the database orders concurrent writers, so concurrent saves from the same base cannot both win
 * (docs/storage.md).
 */
import { storedAgentIssues, type AgentSnapshot } from '../snapshots';
import { errorBody, invalidInput, issuesFromZod, StudioError, type Issue } from '../errors';
import { lintVersion, type Diagnostic } from '../rules';
import { editorOwnership, partitionOwnedFields } from '../versions';
import {
  createAgentBodySchema,
  pickSnapshotFields,
  updateInputSchema,
  type CreateAgentInput,
  type UpdateAgentInput,
} from './agent-input';
import { agentSummary, agentWithVersion, versionView } from './agent-reads';
import { agentVersions, versionById } from './agent-version';
import {
  toAgentView,
  toVersionView,
  versionLabelsFor,
  withLatest,
  type AgentView,
  type VersionView,
} from './agent-views';
import { recordAudit } from './audit';
import { checkCallableReferences } from './callable-checks';
import { parseInput } from './parse-input';
import { defaultActor, type EditorContext } from './context';
import { existingAgent } from './not-found';
import { appendFirstVersion, checkBaseVersion, restoreFromVersion, saveChanges } from './version-writer';
import { checkRulesForWrite, knownInputsFor, type KnownInputs } from './version-lint';

export interface SaveResult {
  /** False when no provided field differed: no version was written and `version` is the latest. */
  created: boolean;
  agent: AgentView;
  version: VersionView;
  /** Fields a code agent's `editor` setting does not let the editor own; they were not saved. */
  droppedFields: string[];
  /** The rule linter's warnings about the version (its errors refuse the save). */
  warnings: Diagnostic[];
}

/** Splits off the fields a code agent's override record may not hold. */
export function ownedFields(
  context: EditorContext,
  agentId: string,
  source: 'stored' | 'code',
  provided: Record<string, unknown>,
) {
  if (source === 'stored') return { kept: provided, droppedFields: [] as string[] };
  const ownership = editorOwnership(context.codeAgents.get(agentId)?.editor);
  if (!ownership.allowed) {
    throw new StudioError(
      'forbidden',
      `Agent "${agentId}" is defined in code with editor: false; the editor cannot override it.`,
      { agentId },
    );
  }
  return partitionOwnedFields({ provided, ownership });
}

/**
 * The checks a snapshot about to be written passes (a save's, an import's, a draft run's): a stored
 * agent's required fields, then the rule linter; answers the linter's warnings.
 */
export function checkSnapshotForWrite({
  source,
  snapshot,
  providedTools,
  known,
}: {
  source: 'stored' | 'code';
  snapshot: AgentSnapshot;
  providedTools: unknown;
  known: KnownInputs;
}): Diagnostic[] {
  if (source === 'stored') {
    const issues = storedAgentIssues(snapshot);
    if (issues.length > 0) throw invalidInput(issues);
  }
  return checkRulesForWrite({ snapshot, providedTools, known });
}

/** The fields a stored agent cannot be without (a code agent's override record may leave them out). */
const storedAgentFields = ['name', 'model', 'instructions'] as const;

/**
 * Every problem of a create body at once: the schema's, and unless the id is a registered code
 * agent's, each field a stored agent needs that the body lacks (so `{}` is told about `id`, `name`,
 * `model` and `instructions` together, not one at a time).
 */
export function createAgentIssues(context: EditorContext, body: unknown): Issue[] {
  const parsed = createAgentBodySchema.safeParse(body);
  const issues = parsed.success ? [] : issuesFromZod(parsed.error);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return issues;
  const given = body as Record<string, unknown>;
  if (typeof given.id === 'string' && context.codeAgents.get(given.id)) return issues;
  // A field the schema refused already has its issue; only the others are checked for presence.
  const flagged = (path: string) => issues.some((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
  const present = Object.fromEntries(
    storedAgentFields.filter((field) => !flagged(field)).map((field) => [field, given[field]]),
  );
  return [...issues, ...storedAgentIssues(present as AgentSnapshot).filter((issue) => !flagged(issue.path))];
}

export async function createAgent(context: EditorContext, input: CreateAgentInput) {
  const { actor = defaultActor, ...body } = input;
  const checked = createAgentBodySchema.safeParse(body);
  if (!checked.success) throw invalidInput(createAgentIssues(context, body));
  const parsed = checked.data;
  const source = context.codeAgents.get(parsed.id) ? 'code' : 'stored';
  const { kept, droppedFields } = ownedFields(context, parsed.id, source, pickSnapshotFields(parsed));
  const snapshot = kept as AgentSnapshot;
  if (source === 'stored') {
    const issues = storedAgentIssues(snapshot);
    if (issues.length > 0) throw invalidInput(issues);
  }
  await checkCallableReferences(context, { agentId: parsed.id, provided: snapshot });
  const known = await knownInputsFor(context.toolSources, snapshot);
  const warnings = checkRulesForWrite({ snapshot, providedTools: snapshot.tools, known });
  const version = await context.storage.transaction(async () => {
    if (await context.agents.get(parsed.id)) {
      throw new StudioError('conflict', `An agent with id "${parsed.id}" already exists.`, { agentId: parsed.id });
    }
    const now = context.now();
    await context.agents.insert({
      id: parsed.id,
      source,
      activeVersionId: null,
      latestVersionNumber: 0,
      authorId: actor,
      metadata: JSON.stringify(parsed.metadata ?? {}),
      createdAt: now,
      updatedAt: now,
    });
    return appendFirstVersion(context, agentVersions, {
      ownerId: parsed.id,
      snapshot,
      changeMessage: parsed.changeMessage,
      actor,
      createdAt: now,
      details: { source, droppedFields },
    });
  });
  return { ...(await agentWithVersion(context, parsed.id, version)), droppedFields, warnings };
}

export async function updateAgent(context: EditorContext, input: UpdateAgentInput): Promise<SaveResult> {
  const { id: agentId, actor = defaultActor, ...body } = input;
  const parsed = parseInput(updateInputSchema, body);
  const provided = pickSnapshotFields(parsed);
  await checkCallableReferences(context, { agentId, provided: provided as AgentSnapshot });

  // Everything below runs in the write transaction; the views are built from what the transaction
  // read and wrote, so a save costs no read-back.
  return context.storage.transaction(async () => {
    let summary = await agentSummary(context, agentId);
    const { kept, droppedFields } = ownedFields(context, agentId, summary.source, provided);
    await checkBaseVersion(context, agentVersions, {
      ownerId: agentId,
      base: parsed.baseVersionNumber,
      latest: summary.latestVersionNumber,
      advice: 'reload or merge before saving.',
    });
    const latest = await versionById(context, summary.latestVersionId!);
    if (parsed.metadata !== undefined) {
      const metadata = JSON.stringify({
        ...(JSON.parse(summary.metadata) as Record<string, unknown>),
        ...parsed.metadata,
      });
      summary = { ...summary, metadata, updatedAt: context.now() };
      await context.agents.setMetadata({ id: agentId, metadata, updatedAt: summary.updatedAt });
      await recordAudit(context, {
        actor,
        action: 'agent.metadata',
        entityId: agentId,
        details: { keys: Object.keys(parsed.metadata) },
      });
    }
    let warnings: Diagnostic[] = [];
    const saved = await saveChanges(context, agentVersions, {
      ownerId: agentId,
      latest: latest.snapshot as AgentSnapshot,
      latestVersionNumber: summary.latestVersionNumber,
      provided: kept,
      changeMessage: parsed.changeMessage,
      actor,
      check: async (snapshot) => {
        const known = await knownInputsFor(context.toolSources, snapshot);
        warnings = checkSnapshotForWrite({ source: summary.source, snapshot, providedTools: kept.tools, known });
      },
    });
    if (!saved.created) {
      const agent = toAgentView(summary);
      const known = await knownInputsFor(context.toolSources, latest.snapshot as AgentSnapshot);
      warnings = lintVersion({
        snapshot: latest.snapshot as AgentSnapshot,
        inputSchemaOf: (name) => known?.inputSchemaOf?.(name),
      }).filter((diagnostic) => diagnostic.severity === 'warning');
      return { created: false, agent, version: await versionView(context, agent, latest), droppedFields, warnings };
    }
    const { version } = saved;
    const agent = toAgentView(withLatest(summary, version));
    // A version created this instant has no custom labels yet.
    return {
      created: true,
      agent,
      version: toVersionView(version, versionLabelsFor({ version, agent, customLabels: [] })),
      droppedFields,
      warnings,
    };
  });
}

/** Version N+1 with version k's snapshot; a draft until published. */
export async function restoreVersion(
  context: EditorContext,
  { id: agentId, versionNumber, actor = defaultActor }: { id: string; versionNumber: number; actor?: string },
) {
  const version = await context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    return restoreFromVersion(context, agentVersions, {
      ownerId: agentId,
      latestVersionNumber: record.latestVersionNumber,
      versionNumber,
      actor,
    });
  });
  return agentWithVersion(context, agentId, version);
}

/** What a run that waited for an answer says once its agent is gone: nobody can continue it. */
const pausedRunOfDeletedAgent = (agentId: string) =>
  errorBody('not_found', `Agent "${agentId}" was deleted while this run waited for an answer.`, {
    agentId,
    reason: 'agent_deleted',
  });

/**
 * Deletes the record, its versions, labels, test cases and evaluations, with one audit row. Its runs
 * stay as history; those that waited for an answer end as aborted, since no version is left to
 * continue them.
 */
export async function deleteAgent(
  context: EditorContext,
  { id: agentId, actor = defaultActor }: { id: string; actor?: string },
): Promise<{ deleted: true }> {
  await context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    await context.labels.deleteAll(agentId);
    await context.testCases.deleteAll(agentId);
    for (const version of await context.versions.all(agentId)) context.versionCache.delete(version.id);
    await context.versions.deleteAll(agentId);
    await context.storage.queries.evaluations.deleteOfAgent(agentId);
    await context.agents.delete(agentId);
    const abortedRuns = await context.storage.queries.runs.abortPausedOfAgent({
      agentId,
      at: context.now(),
      error: JSON.stringify(pausedRunOfDeletedAgent(agentId).error),
    });
    await recordAudit(context, {
      actor,
      action: 'agent.delete',
      entityId: agentId,
      details: {
        latestVersionNumber: summary.latestVersionNumber,
        abortedRuns: abortedRuns > 0 ? abortedRuns : undefined,
      },
    });
  });
  return { deleted: true };
}
