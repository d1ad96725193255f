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
