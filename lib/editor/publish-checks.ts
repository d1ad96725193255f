/**
 * What publishing checks before it switches the pointer: a version that names a sub-agent or
 * workflow that is gone, or whose rules hold a rule-linter error, is refused with 409
 * `publish_blocked` and every problem in `details.problems` (`{ code, message, path }`), since
 * either would go live as something other than what the version says.
 */
import { StudioError } from '../errors';
import type { AgentSnapshot } from '../snapshots';
import { callableReferenceIssues } from './callable-checks';
import type { EditorContext } from './context';
import { lintErrors } from './version-lint';

export interface PublishProblem {
  code: string;
  message: string;
  path?: string;
}

export async function publishProblems(
  context: EditorContext,
  { agentId, snapshot }: { agentId: string; snapshot: AgentSnapshot },
): Promise<PublishProblem[]> {
  const missing = await callableReferenceIssues(context, { agentId, provided: snapshot });
  return [
    ...missing.map(({ path, message }) => ({ code: 'missing_reference', message, path })),
    ...lintErrors(snapshot).map(({ code, message, path }) => ({ code, message, path })),
  ];
}

/** Refuses to publish `versionNumber` when its checks find a problem. */
export async function checkPublishable(
  context: EditorContext,
  { agentId, versionNumber, snapshot }: { agentId: string; versionNumber: number; snapshot: AgentSnapshot },
): Promise<void> {
  const problems = await publishProblems(context, { agentId, snapshot });
  if (problems.length === 0) return;
  const listed = problems.map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message));
  throw new StudioError('publish_blocked', `Version ${versionNumber} cannot be published: ${listed.join('; ')}`, {
    problems,
  });
}
