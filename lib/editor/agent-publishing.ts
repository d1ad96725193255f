/**
 * Publishing: the record's `activeVersionId` is the published version. Saving never publishes;
 * publishing is idempotent and optionally a compare-and-swap on the active version; unpublishing
 * clears it. A version that something points at (published, a label, the latest) cannot be deleted.
 */
import { StudioError } from '../errors';
import type { PublishOverride } from '../schemas/publish-gate-bodies';
import { agentSummary, agentWithVersion, versionView } from './agent-reads';
import { parseVersionRow } from './agent-version';
import { toAgentView } from './agent-views';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { existingAgent, versionNotFound } from './not-found';
import { parseInput } from './parse-input';
import { checkPublishable, publishProblems, type PublishProblem } from './publish-checks';
import { evaluationProblem, gateEvaluation, type GateEvaluation } from './publish-gate';
import { changeMessageSchema } from '../schemas';

const publishMessageSchema = changeMessageSchema.optional();

/** `versionNumber` or `versionId` names the version. */
export type VersionReference =
  { versionNumber: number; versionId?: undefined } | { versionId: string; versionNumber?: undefined };

async function versionRow(context: EditorContext, agentId: string, reference: VersionReference) {
  const row =
    reference.versionId !== undefined
      ? await context.versions.byId(reference.versionId)
      : await context.versions.byNumber(agentId, reference.versionNumber);
  if (!row || row.agentId !== agentId) throw versionNotFound(agentId, reference);
  return row;
}

export interface PublishInput {
  id: string;
  /** Compare-and-swap: the publish only happens if this is still the active version (`null`: none is). */
  expectedActiveVersionId?: string | null;
  expectedActiveVersionNumber?: number | null;
  /** Why this version goes live: kept in the audit log's `agent.publish` entry. */
  message?: string;
  actor?: string;
  /**
   * Publish without the evaluation the agent's publish gate asks for (admins only: the caller
   * checks); the reason is kept in the audit log. The always-on checks still hold.
   */
  override?: PublishOverride;
}

export async function publishVersion(context: EditorContext, input: PublishInput & VersionReference) {
  const { id: agentId, actor = defaultActor } = input;
  const message = parseInput(publishMessageSchema, input.message)?.trim();
  return context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    const row = await versionRow(context, agentId, input);
    const idMismatch =
      input.expectedActiveVersionId !== undefined && input.expectedActiveVersionId !== summary.activeVersionId;
    const numberMismatch =
      input.expectedActiveVersionNumber !== undefined &&
      input.expectedActiveVersionNumber !== summary.activeVersionNumber;
    if (idMismatch || numberMismatch) {
      throw new StudioError(
        'conflict',
        summary.activeVersionNumber === null
          ? 'The published version changed: nothing is published now.'
          : `The published version changed: version ${summary.activeVersionNumber} is published now.`,
        { activeVersionId: summary.activeVersionId, activeVersionNumber: summary.activeVersionNumber },
      );
    }
    let published = summary;
    if (summary.activeVersionId !== row.id) {
      // A source gone since the version was saved, a rule-linter error or the gate blocks it.
      await checkPublishable(context, {
        record: summary,
        versionNumber: row.versionNumber,
        snapshot: parseVersionRow(context, row).snapshot,
        configHash: row.configHash,
        override: input.override,
      });
      published = {
        ...summary,
        status: 'published',
        activeVersionId: row.id,
        activeVersionNumber: row.versionNumber,
        activeConfigHash: row.configHash,
        updatedAt: context.now(),
      };
      await context.agents.setActiveVersion({ id: agentId, activeVersionId: row.id, updatedAt: published.updatedAt });
      await recordAudit(context, {
        at: published.updatedAt,
        actor,
        action: 'agent.publish',
        entityId: agentId,
        details: {
          versionNumber: row.versionNumber,
          versionId: row.id,
          previousVersionNumber: summary.activeVersionNumber,
          message: message || undefined,
          override: input.override ? { reason: input.override.reason } : undefined,
        },
      });
    }
    const agent = toAgentView(published);
    return { agent, version: await versionView(context, agent, parseVersionRow(context, row)) };
  });
}

export interface PublishChecks {
  versionNumber: number;
  problems: PublishProblem[];
  /** When the agent's gate asks for an evaluation: what it asks and how the newest one went. */
  evaluation?: GateEvaluation;
}

/**
 * What publishing `versionNumber` would refuse, without publishing: the same checks as the gate
 * (with `evaluation_required` when the agent's gate asks for an evaluation this configuration
 * lacks), so a person sees them before confirming. An empty list means the version would go live.
 */
export async function publishChecksOf(
  context: EditorContext,
  input: { id: string } & VersionReference,
): Promise<PublishChecks> {
  const record = await agentSummary(context, input.id);
  const row = await versionRow(context, input.id, input);
  const { snapshot } = parseVersionRow(context, row);
  const reference = { record, configHash: row.configHash };
  const problems = await publishProblems(context, { agentId: input.id, snapshot });
  const gate = await evaluationProblem(context, reference);
  const evaluation = await gateEvaluation(context, reference);
  return {
    versionNumber: row.versionNumber,
    problems: gate ? [...problems, gate] : problems,
    evaluation,
  };
}

export async function unpublishAgent(
  context: EditorContext,
  { id: agentId, actor = defaultActor }: { id: string; actor?: string },
) {
  const latest = await context.storage.transaction(async () => {
    const summary = await agentSummary(context, agentId);
    if (summary.activeVersionId !== null) {
      await context.agents.setActiveVersion({ id: agentId, activeVersionId: null, updatedAt: context.now() });
      await recordAudit(context, {
        actor,
        action: 'agent.unpublish',
        entityId: agentId,
        details: { previousVersionNumber: summary.activeVersionNumber },
      });
    }
    return parseVersionRow(context, (await context.versions.latest(agentId))!);
  });
  return agentWithVersion(context, agentId, latest);
}

/**
 * Refused for the active version, a labelled version (naming the label) and the latest version:
 * `latest` is a computed label too, and the next save builds on it.
 */
export async function deleteAgentVersion(
  context: EditorContext,
  input: { id: string; actor?: string } & VersionReference,
) {
  const { id: agentId, actor = defaultActor } = input;
  return context.storage.transaction(async () => {
    const record = await existingAgent(context, agentId);
    const row = await versionRow(context, agentId, input);
    const refuse = (details: Record<string, unknown>, message: string) => {
      throw new StudioError('version_in_use', message, { ...details, versionNumber: row.versionNumber });
    };
    if (record.activeVersionId === row.id)
      refuse(
        { reason: 'active' },
        `Version ${row.versionNumber} is published; publish another version or unpublish first.`,
      );
    const label = (await context.labels.namesForVersion(row.id))[0];
    if (label !== undefined)
      refuse(
        { reason: 'label', label },
        `Label "${label}" points at version ${row.versionNumber}; move or delete the label first.`,
      );
    if (record.latestVersionNumber === row.versionNumber) {
      refuse(
        { reason: 'label', label: 'latest' },
        `Version ${row.versionNumber} is the latest version; the next save builds on it.`,
      );
    }
    await context.versions.delete(row.id);
    context.versionCache.delete(row.id);
    await recordAudit(context, {
      actor,
      action: 'agent.version.delete',
      entityId: agentId,
      details: { versionNumber: row.versionNumber, versionId: row.id },
    });
    return { deleted: true as const, versionNumber: row.versionNumber, versionId: row.id };
  });
}

export { versionRow };
