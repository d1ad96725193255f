/**
 * What publishing checks before it switches the pointer (docs/testing-agents.md, "The publish
 * gate"). Always: a version that names a tool, MCP client, integration, tool provider, sub-agent or
 * workflow that is not there, a sub-agent or workflow key that cannot name a tool (from before
 * saves refused one), a saved MCP client not approved, or a rule with a rule-linter error, would go live as something other than what it says. When the agent's gate asks for it: a passing
 * evaluation of exactly this configuration, which an admin's override may do without. Refused with
 * 409 `publish_blocked` and every problem in `details.problems` (`{ code, message, path? }`).
 */
import { StudioError } from '../errors';
import type { PublishOverride } from '../schemas/publish-gate-bodies';
import { callableKeyIssues, type AgentSnapshot } from '../snapshots';
import { callableReferenceIssues } from './callable-checks';
import type { EditorContext } from './context';
import { evaluationProblem, type GateRecord } from './publish-gate';
import { sourceProblems } from './source-checks';
import { knownInputsFor, lintErrors } from './version-lint';

export interface PublishProblem {
  code: string;
  message: string;
  path?: string;
}

/** The checks that always hold: no override can let a version with one of these go live. */
export async function publishProblems(
  context: EditorContext,
  { agentId, snapshot }: { agentId: string; snapshot: AgentSnapshot },
): Promise<PublishProblem[]> {
  const missing = await callableReferenceIssues(context, { agentId, provided: snapshot });
  return [
    ...(await sourceProblems(context, { agentId, snapshot, sources: context.toolSources })),
    ...missing.map(({ path, message }) => ({ code: 'missing_reference', message, path })),
    // A key saves refuse now; a version stored before may still hold one, whose tool would be left out.
    ...callableKeyIssues(snapshot).map(({ path, message }) => ({ code: 'name_invalid', message, path })),
    ...lintErrors(snapshot, '', await knownInputsFor(context.toolSources, snapshot)).map(({ code, message, path }) => ({
      code,
      message,
      path,
    })),
  ];
}

/** Refuses to publish `versionNumber` when its checks find a problem. */
export async function checkPublishable(
  context: EditorContext,
  {
    record,
    versionNumber,
    snapshot,
    configHash,
    override,
  }: {
    /** The agent's record as the caller read it (its gate is read from there). */
    record: GateRecord;
    versionNumber: number;
    snapshot: AgentSnapshot;
    /** The version's `configHash`: the evaluation the gate asks for is of exactly this configuration. */
    configHash: string;
    override?: PublishOverride;
  },
): Promise<void> {
  const problems = await publishProblems(context, { agentId: record.id, snapshot });
  const gate = await evaluationProblem(context, { record, configHash, override });
  if (gate) problems.push(gate);
  if (problems.length === 0) return;
  const listed = problems.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message));
  throw new StudioError('publish_blocked', `Version ${versionNumber} cannot be published: ${listed.join('; ')}`, {
    problems,
  });
}

/** What an import may not publish: a version naming a stored record that neither it brought nor this deployment has. */
const storedReferenceCodes = new Set(['missing_reference', 'mcp_client_unknown', 'integration_unknown']);

/**
 * Refuses (409 `publish_blocked`) an import that would publish a version naming a sub-agent, saved
 * MCP client or integration that is not here once everything it brought is written. Only those: a
 * restore keeps versions as they were stored, so a linter error from before a check existed, or a
 * stdio client the restore holds for approval, does not make it unrestorable.
 */
export async function refuseUnpublishableImports(
  context: EditorContext,
  published: ReadonlyArray<{ agentId: string; versionNumber: number; snapshot: AgentSnapshot }>,
): Promise<void> {
  const problems: PublishProblem[] = [];
  for (const { agentId, versionNumber, snapshot } of published) {
    for (const problem of await publishProblems(context, { agentId, snapshot })) {
      if (!storedReferenceCodes.has(problem.code)) continue;
      problems.push({ ...problem, message: `Agent "${agentId}" version ${versionNumber}: ${problem.message}` });
    }
  }
  if (problems.length === 0) return;
  const listed = problems.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message));
  throw new StudioError(
    'publish_blocked',
    `The import would publish versions that name what is not here; nothing was imported. ${listed.join('; ')}. ` +
      'Bring what they name first (or in the same backup), or import them unpublished.',
    { problems },
  );
}
