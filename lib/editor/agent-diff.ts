/** The field diff between two versions, plus the resolved-tool diff for a request context when one is given. */
import { snapshotFields } from '../snapshots';
import { diffResolvedTools, diffSnapshots, type FieldDiff, type ResolvedToolsDiff } from '../versions';
import { findVersion } from './agent-reads';
import type { StoredAgentVersion } from './agent-version';
import type { EditorContext } from './context';

export interface VersionDiff {
  from: number;
  to: number;
  diffs: FieldDiff[];
  /** Present when a request context was given and a resolver is wired in. */
  tools?: ResolvedToolsDiff;
}

export async function diffVersions(
  context: EditorContext,
  {
    id: agentId,
    from,
    to,
    requestContext,
  }: { id: string; from: number; to?: number; requestContext?: Record<string, unknown> },
): Promise<VersionDiff> {
  const { version: previous } = await findVersion(context, {
    agentId,
    selector: { versionNumber: from },
    fallback: 'latest',
  });
  const { version: current } = await findVersion(context, {
    agentId,
    selector: to === undefined ? undefined : { versionNumber: to },
    fallback: 'latest',
  });
  const diff: VersionDiff = {
    from: previous.versionNumber,
    to: current.versionNumber,
    diffs: diffSnapshots({
      previous: previous.snapshot as Record<string, unknown>,
      current: current.snapshot as Record<string, unknown>,
      fields: snapshotFields,
    }),
  };
  const resolve = context.resolveToolsForDiff;
  if (requestContext === undefined || resolve === undefined) return diff;
  const resolveFor = (version: StoredAgentVersion) =>
    resolve({ agentId, versionId: version.id, snapshot: version.snapshot, requestContext });
  const [previousTools, currentTools] = await Promise.all([resolveFor(previous), resolveFor(current)]);
  return { ...diff, tools: diffResolvedTools({ previous: previousTools, current: currentTools }) };
}
