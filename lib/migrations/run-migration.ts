/**
 * Runs a migration against a server: reads the latest version of every agent (or the ones named),
 * gives the script mutable drafts, then compares each draft with what was read. In a dry run it
 * only reports the diff per agent (and problems the snapshot schema finds); with `apply` it saves
 * each changed agent as one new version with `baseVersionNumber`, so an agent edited meanwhile is
 * reported as a conflict and never overwritten.
 */
import { checkAgentSnapshot, snapshotFields, storedAgentIssues, type AgentSnapshot } from '../snapshots';
import { collectPages, StudioApiError, StudioUnreachableError, type StudioClient } from '../client';
import { errorMessage, StudioError, type Issue } from '../errors';
import { diffSnapshots, type FieldDiff } from '../versions';
import type { LoadedMigration } from './load-migration-script';
import type { DraftSnapshot, MigrationAgent } from './migration-types';

export type MigrationOutcome =
  /** The script changed nothing. */
  | 'unchanged'
  /** Dry run: this would be saved. */
  | 'would-save'
  | 'saved'
  /** Saved before by someone else: the agent's latest is newer than the version the script read. */
  | 'conflict'
  /** The migrated snapshot fails the snapshot schema (checked before anything is sent). */
  | 'invalid'
  /** The server refused the save for another reason (the agent was deleted, a field is not allowed, ...). */
  | 'refused';

export interface MigrationResult {
  id: string;
  baseVersionNumber: number;
  outcome: MigrationOutcome;
  diffs: FieldDiff[];
  /** The version the save created. */
  versionNumber?: number;
  /** Fields a code agent's override may not hold; the server left them out. */
  droppedFields?: string[];
  message?: string;
  issues?: Issue[];
}

export interface MigrationReport {
  dryRun: boolean;
  changeMessage: string;
  results: MigrationResult[];
}

export interface MigrationProgress {
  reading(total: number): void;
  read(id: string): void;
  saving(total: number): void;
  saved(id: string): void;
}

const silentProgress: MigrationProgress = { reading() {}, read() {}, saving() {}, saved() {} };

function snapshotOf(version: Record<string, unknown>): DraftSnapshot {
  const snapshot: Record<string, unknown> = {};
  for (const field of snapshotFields) if (version[field] !== undefined) snapshot[field] = version[field];
  return structuredClone(snapshot) as DraftSnapshot;
}

async function readAgents(
  client: StudioClient,
  { only, progress }: { only?: string[]; progress: MigrationProgress },
): Promise<MigrationAgent[]> {
  const listed = await collectPages((cursor) => client.listAgents({ query: { limit: 100, cursor } }));
  const stored = listed.filter((item) => item.status !== 'code_only');
  const ids = only ?? stored.map((item) => item.id);
  progress.reading(ids.length);
  const agents: MigrationAgent[] = [];
  for (const id of ids) {
    const answer = await client.getAgent({ params: { id } });
    progress.read(id);
    if (answer.version === null) continue;
    const { agent, version } = answer as Extract<typeof answer, { version: object }>;
    agents.push({
      id,
      source: agent.source,
      versionNumber: version.versionNumber,
      snapshot: snapshotOf(version),
    });
  }
  return agents;
}

function problems(agent: MigrationAgent): Issue[] {
  const check = checkAgentSnapshot(agent.snapshot);
  if (!check.ok) return check.issues;
  return agent.source === 'stored' ? storedAgentIssues(check.value) : [];
}

async function save(
  client: StudioClient,
  { agent, diffs, changeMessage }: { agent: MigrationAgent; diffs: FieldDiff[]; changeMessage: string },
): Promise<Omit<MigrationResult, 'id' | 'baseVersionNumber' | 'diffs'>> {
  const changes = Object.fromEntries(diffs.map((diff) => [diff.field, diff.current ?? null]));
  try {
    const saved = await client.updateAgent({
      params: { id: agent.id },
      body: { ...changes, baseVersionNumber: agent.versionNumber, changeMessage },
    });
    return saved.created
      ? { outcome: 'saved', versionNumber: saved.version.versionNumber, droppedFields: saved.droppedFields }
      : { outcome: 'unchanged' };
  } catch (error) {
    if (!(error instanceof StudioApiError) || error.status >= 500 || error.status === 401 || error.status === 403)
      throw error;
    return {
      outcome: error.code === 'version_conflict' ? 'conflict' : 'refused',
      message: error.message,
      issues: error.issues.length ? error.issues : undefined,
    };
  }
}

/**
 * Runs the script's function. What it throws is the script's failure (exit code 1 at the CLI, the
 * file named); the client's own failures keep their meaning (an unreachable server, a refusal).
 */
async function runScript(migration: LoadedMigration, context: Parameters<LoadedMigration['run']>[0]): Promise<void> {
  try {
    await migration.run(context);
  } catch (error) {
    if (error instanceof StudioApiError || error instanceof StudioUnreachableError) throw error;
    throw new StudioError(
      'invalid_input',
      `The migration script ${migration.file} failed: ${errorMessage(error)}`,
      { file: migration.file },
      { cause: error },
    );
  }
}

export async function runMigration({
  client,
  migration,
  apply,
  agentIds,
  changeMessage,
  progress = silentProgress,
}: {
  client: StudioClient;
  migration: LoadedMigration;
  /** Save the changes (otherwise a dry run). */
  apply: boolean;
  /** Only these agents (default: every agent with a stored version). */
  agentIds?: string[];
  /** Overrides the script's `changeMessage`. */
  changeMessage?: string;
  progress?: MigrationProgress;
}): Promise<MigrationReport> {
  const message = changeMessage ?? migration.changeMessage ?? 'Migration';
  const read = await readAgents(client, { only: agentIds, progress });
  const agents = migration.filter ? read.filter((agent) => migration.filter!(agent)) : read;
  const originals = new Map(agents.map((agent) => [agent.id, structuredClone(agent.snapshot)]));
  await runScript(migration, { agents, client, dryRun: !apply });

  const planned = agents.map((agent) => ({
    agent,
    diffs: diffSnapshots({
      previous: originals.get(agent.id) as Record<string, unknown>,
      current: agent.snapshot as AgentSnapshot as Record<string, unknown>,
      fields: snapshotFields,
    }),
  }));
  const changed = planned.filter((item) => item.diffs.length > 0);
  if (apply) progress.saving(changed.length);
  const results: MigrationResult[] = [];
  for (const { agent, diffs } of planned) {
    const base = { id: agent.id, baseVersionNumber: agent.versionNumber, diffs };
    if (diffs.length === 0) {
      results.push({ ...base, outcome: 'unchanged' });
      continue;
    }
    const issues = problems(agent);
    if (issues.length > 0) {
      results.push({ ...base, outcome: 'invalid', message: 'The migrated snapshot is invalid', issues });
      continue;
    }
    if (!apply) {
      results.push({ ...base, outcome: 'would-save' });
      continue;
    }
    results.push({ ...base, ...(await save(client, { agent, diffs, changeMessage: message })) });
    progress.saved(agent.id);
  }
  return { dryRun: !apply, changeMessage: message, results };
}
