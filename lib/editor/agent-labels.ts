/**
 * Custom version labels (docs/storage.md): movable pointers with a revision token that changes
 * on every move. `null` as the expected token means "create", a conflict when the label exists
 * (whatever version it points at); a stale token is a conflict, except pointing a label at the
 * version it already targets.
 */
import { randomUUID } from 'node:crypto';
import type { LabelWithNumberRow } from '../../db/queries';
import { issueMessages, StudioError } from '../errors';
import { readPageAfterId, type Page, type PageRequest } from '../pagination';
import { checkWritableLabelName, isReservedLabel } from '../versions';
import { versionRow, type VersionReference } from './agent-publishing';
import { agentSummary } from './agent-reads';
import { recordAudit } from './audit';
import { defaultActor, type EditorContext } from './context';
import { labelNotFound } from './not-found';

export interface LabelView {
  name: string;
  versionId: string;
  versionNumber: number;
  /** `null` for the computed `production` and `latest`. */
  revisionToken: string | null;
  computed: boolean;
}

const toView = (row: LabelWithNumberRow): LabelView => ({
  name: row.name,
  versionId: row.versionId,
  versionNumber: row.versionNumber,
  revisionToken: row.revisionToken,
  computed: false,
});

function writableName(label: string): void {
  const check = checkWritableLabelName(label);
  if (!check.ok) {
    const reason = isReservedLabel(label) ? 'reserved' : 'malformed';
    throw new StudioError('invalid_version_label', issueMessages(check.issues), { label, reason });
  }
}

/** `production` (when a version is published) and `latest` (when there is a version), in that order. */
function computedLabels(summary: Awaited<ReturnType<typeof agentSummary>>): LabelView[] {
  const computed: LabelView[] = [];
  if (summary.activeVersionId !== null && summary.activeVersionNumber !== null) {
    computed.push({
      name: 'production',
      versionId: summary.activeVersionId,
      versionNumber: summary.activeVersionNumber,
      revisionToken: null,
      computed: true,
    });
  }
  if (summary.latestVersionId !== null) {
    computed.push({
      name: 'latest',
      versionId: summary.latestVersionId,
      versionNumber: summary.latestVersionNumber,
      revisionToken: null,
      computed: true,
    });
  }
  return computed;
}

/** Every label of an agent: the computed ones first, then custom labels by name. */
export async function listLabels(
  context: EditorContext,
  agentId: string,
): Promise<{ items: LabelView[]; nextCursor: null }> {
  const computed = computedLabels(await agentSummary(context, agentId));
  return { items: [...computed, ...(await context.labels.list(agentId)).map(toView)], nextCursor: null };
}

/**
 * One page of an agent's labels in the order of `listLabels`, the cursor holding the last name.
 * The computed names are reserved, so a cursor naming one resumes after it and before every
 * custom label; any other name resumes among the custom labels.
 */
export async function pageLabels(
  context: EditorContext,
  agentId: string,
  request: PageRequest = {},
): Promise<Page<LabelView>> {
  const computed = computedLabels(await agentSummary(context, agentId));
  return readPageAfterId({
    request,
    read: async (after, limit) => {
      const amongComputed = after === '' || isReservedLabel(after);
      const remaining = amongComputed ? computed.slice(computed.findIndex((label) => label.name === after) + 1) : [];
      const custom = await context.labels.page({ agentId, afterName: amongComputed ? '' : after, limit });
      return [...remaining, ...custom.map(toView)];
    },
    keyOf: (label) => label.name,
    toItem: (label) => label,
  });
}

export async function setLabel(
  context: EditorContext,
  input: { id: string; label: string; expectedRevisionToken: string | null; actor?: string } & VersionReference,
): Promise<{ label: LabelView }> {
  const { id: agentId, label, expectedRevisionToken, actor = defaultActor } = input;
  writableName(label);
  return context.storage.transaction(async () => {
    await agentSummary(context, agentId);
    const target = await versionRow(context, agentId, input);
    const existing = await context.labels.get(agentId, label);
    if (existing !== undefined && expectedRevisionToken === null) {
      throw new StudioError(
        'conflict',
        `Label "${label}" already exists (version ${existing.versionNumber}); move it with its revision token.`,
        {
          label,
          versionNumber: existing.versionNumber,
        },
      );
    }
    if (existing?.versionId === target.id) return { label: toView(existing) };
    if (existing === undefined && expectedRevisionToken !== null) {
      throw new StudioError(
        'conflict',
        `Label "${label}" no longer exists; create it with expectedRevisionToken null.`,
        { label },
      );
    }
    if (existing !== undefined && existing.revisionToken !== expectedRevisionToken) {
      throw new StudioError(
        'conflict',
        `Label "${label}" was moved since you read it (now version ${existing.versionNumber}); reload and retry.`,
        {
          label,
          versionNumber: existing.versionNumber,
        },
      );
    }
    const now = context.now();
    const revisionToken = randomUUID();
    if (existing === undefined) {
      await context.labels.insert({
        agentId,
        name: label,
        versionId: target.id,
        revisionToken,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      await context.labels.move({ agentId, name: label, versionId: target.id, revisionToken, updatedAt: now });
    }
    await recordAudit(context, {
      actor,
      action: 'agent.label.set',
      entityId: agentId,
      details: { label, versionNumber: target.versionNumber, previousVersionNumber: existing?.versionNumber ?? null },
    });
    return {
      label: { name: label, versionId: target.id, versionNumber: target.versionNumber, revisionToken, computed: false },
    };
  });
}

export async function deleteLabel(
  context: EditorContext,
  {
    id: agentId,
    label,
    expectedRevisionToken,
    actor = defaultActor,
  }: { id: string; label: string; expectedRevisionToken: string; actor?: string },
): Promise<{ deleted: true }> {
  writableName(label);
  return context.storage.transaction(async () => {
    await agentSummary(context, agentId);
    const existing = await context.labels.get(agentId, label);
    if (!existing) throw labelNotFound(agentId, label);
    if (existing.revisionToken !== expectedRevisionToken) {
      throw new StudioError(
        'conflict',
        `Label "${label}" was moved since you read it (now version ${existing.versionNumber}); reload and retry.`,
        {
          label,
          versionNumber: existing.versionNumber,
        },
      );
    }
    await context.labels.delete(agentId, label);
    await recordAudit(context, {
      actor,
      action: 'agent.label.delete',
      entityId: agentId,
      details: { label, versionNumber: existing.versionNumber },
    });
    return { deleted: true as const };
  });
}
