/**
 * What publishing a version would put live, shown before a person confirms: its changes in words
 * against the version live now (against nothing when none is), the tools the model would gain or
 * lose for an empty request context, and the publish gate's problems. Nothing is written.
 */
import { snapshotFields } from '../snapshots';
import {
  diffResolvedTools,
  diffSnapshots,
  summarizeChanges,
  type FieldChangeSummary,
  type FieldDiff,
  type ResolvedToolsDiff,
} from '../versions';
import { diffVersions } from './agent-diff';
import { publishChecksOf, versionRow } from './agent-publishing';
import { agentSummary } from './agent-reads';
import { parseVersionRow } from './agent-version';
import type { EditorContext } from './context';
import type { PublishProblem } from './publish-checks';
import type { GateEvaluation } from './publish-gate';
import { errorMessage } from '../errors';

export interface PublishPreview {
  versionNumber: number;
  /** The version live now; `null` when nothing is published. */
  liveVersionNumber: number | null;
  changes: FieldChangeSummary[];
  /** The same changes as raw field values. */
  diffs: FieldDiff[];
  /** The resolved tools gained and lost for an empty request context, when they could be resolved. */
  tools?: ResolvedToolsDiff;
  /** Why the tools could not be resolved (an MCP server that does not answer, say). */
  toolsError?: string;
  problems: PublishProblem[];
  /** When the agent's gate asks for an evaluation: what it asks and how the newest one went. */
  evaluation?: GateEvaluation;
}

const emptyContext = {};

async function againstNothing(context: EditorContext, agentId: string, versionNumber: number) {
  const row = await versionRow(context, agentId, { versionNumber });
  const { id: versionId, snapshot } = parseVersionRow(context, row);
  const diffs = diffSnapshots({
    previous: {},
    current: snapshot as Record<string, unknown>,
    fields: snapshotFields,
  });
  const resolve = context.resolveToolsForDiff;
  if (!resolve) return { diffs };
  const current = await resolve({ agentId, versionId, snapshot, requestContext: emptyContext });
  return { diffs, tools: diffResolvedTools({ previous: {}, current }) };
}

async function fieldsOnly(context: EditorContext, agentId: string, live: number | null, versionNumber: number) {
  if (live !== null) return diffVersions(context, { id: agentId, from: live, to: versionNumber });
  const row = await versionRow(context, agentId, { versionNumber });
  const { snapshot } = parseVersionRow(context, row);
  return {
    diffs: diffSnapshots({ previous: {}, current: snapshot as Record<string, unknown>, fields: snapshotFields }),
  };
}

export async function previewPublish(
  context: EditorContext,
  { id: agentId, versionNumber }: { id: string; versionNumber: number },
): Promise<PublishPreview> {
  const live = (await agentSummary(context, agentId)).activeVersionNumber;
  const { problems, evaluation } = await publishChecksOf(context, { id: agentId, versionNumber });
  const preview = { versionNumber, liveVersionNumber: live, problems, evaluation };
  if (live === versionNumber) return { ...preview, changes: [], diffs: [] };
  try {
    const diff =
      live === null
        ? await againstNothing(context, agentId, versionNumber)
        : await diffVersions(context, { id: agentId, from: live, to: versionNumber, requestContext: emptyContext });
    return {
      ...preview,
      changes: summarizeChanges(diff.diffs),
      diffs: diff.diffs,
      tools: diff.tools,
    };
  } catch (error) {
    // Resolving loads tool sources live; the field changes are still worth showing without it.
    const diff = await fieldsOnly(context, agentId, live, versionNumber);
    return {
      ...preview,
      changes: summarizeChanges(diff.diffs),
      diffs: diff.diffs,
      toolsError: errorMessage(error),
    };
  }
}
