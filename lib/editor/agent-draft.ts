/**
 * An unsaved draft (docs/runs.md, "Runs of an unsaved draft"): the body a save takes, checked with
 * the save's own schema and checks (sub-agent and workflow references, what a code agent's record
 * may hold, a stored agent's required fields, the rule linter), applied over the version it names
 * as its base, and written nowhere. Every problem is a 400 `invalid_input` whose path starts with
 * `draft.`, the field of the run or resolve request that carried it.
 */
import { snapshotFields, type AgentSnapshot } from '../snapshots';
import { invalidInput, isStudioError, type Issue, type StudioError } from '../errors';
import type { Diagnostic } from '../rules';
import { applyChanges } from '../versions';
import { pickSnapshotFields, updateAgentBodySchema } from './agent-input';
import { agentSummary, findVersion } from './agent-reads';
import { checkCallableReferences } from './callable-checks';
import type { EditorContext } from './context';
import { parseInput } from './parse-input';
import { checkSnapshotForWrite, ownedFields } from './agent-writes';
import { knownInputsFor } from './version-lint';

/** The request field a draft comes in; the paths of its problems start with it. */
const draftField = 'draft';

export interface AgentDraft {
  /** The base version's snapshot with the draft's fields applied, as a save would store it. */
  snapshot: Readonly<AgentSnapshot>;
  /** The version the draft was applied over. */
  baseVersionNumber: number;
  /** The snapshot fields the draft changes against its base. */
  changedFields: string[];
  /** Fields a code agent's `editor` setting does not let the editor own: left out, as a save leaves them out. */
  droppedFields: string[];
  /** The rule linter's warnings (its errors refuse the draft). */
  warnings: Diagnostic[];
}

/** A 400 of the draft's checks again, each path under `draft.`. */
function underDraftField(error: unknown): unknown {
  if (!isStudioError(error) || error.code !== 'invalid_input') return error;
  const issues = (error.details?.issues as Issue[] | undefined) ?? [];
  return invalidInput(issues.map((issue) => ({ ...issue, path: `${draftField}.${issue.path}` })));
}

function baseVersionMissing(agentId: string, versionNumber: number): StudioError {
  return invalidInput([
    {
      path: 'baseVersionNumber',
      message: `Agent "${agentId}" has no version ${versionNumber} to apply the draft to; reload the editor`,
    },
  ]);
}

async function checkedDraft(context: EditorContext, agentId: string, draft: unknown): Promise<AgentDraft> {
  const parsed = parseInput(updateAgentBodySchema, draft);
  const provided = pickSnapshotFields(parsed);
  await checkCallableReferences(context, { agentId, provided: provided as AgentSnapshot });
  const summary = await agentSummary(context, agentId);
  const { kept, droppedFields } = ownedFields(context, agentId, summary.source, provided);
  const base = await findVersion(context, {
    agentId,
    selector: { versionNumber: parsed.baseVersionNumber },
    fallback: 'latest',
  }).catch((error: unknown) => {
    if (isStudioError(error) && error.code === 'version_not_found')
      throw baseVersionMissing(agentId, parsed.baseVersionNumber);
    throw error;
  });
  const { snapshot, changedFields } = applyChanges({
    latest: base.version.snapshot as AgentSnapshot,
    provided: kept,
    fields: snapshotFields,
  });
  // Like a save: a draft that changes nothing is the base version, which passed these checks when saved.
  const warnings =
    changedFields.length === 0
      ? []
      : checkSnapshotForWrite({
          source: summary.source,
          snapshot,
          providedTools: kept.tools,
          known: await knownInputsFor(context.toolSources, snapshot),
        });
  return { snapshot, baseVersionNumber: parsed.baseVersionNumber, changedFields, droppedFields, warnings };
}

/** The draft as a save would store it, or a 400 naming each problem under `draft.`; nothing is written. */
export async function checkAgentDraft(
  context: EditorContext,
  { id, draft }: { id: string; draft: unknown },
): Promise<AgentDraft> {
  try {
    return await checkedDraft(context, id, draft);
  } catch (error) {
    throw underDraftField(error);
  }
}
