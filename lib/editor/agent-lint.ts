/**
 * The rule linter over a stored version as a save runs it (docs/resolution.md, "The rule linter"):
 * approval policies' `args.*` checked against every input schema the studio knows without a
 * network call. `GET /api/agents/:id/lint` and `agent lint` answer this.
 */
import { lintVersion, type Diagnostic } from '../rules';
import type { AgentSnapshot } from '../snapshots';
import type { VersionSelector } from '../versions';
import { findVersion } from './agent-reads';
import { codeOnlyAgent } from './code-agents';
import type { EditorContext } from './context';
import { knownInputsFor } from './version-lint';

export interface AgentLint {
  /** The version linted; `null` for a code agent without an override record (nothing stored to lint). */
  versionNumber: number | null;
  diagnostics: Diagnostic[];
}

export async function lintAgentVersion(
  context: EditorContext,
  { id, selector }: { id: string; selector?: VersionSelector },
): Promise<AgentLint> {
  if (selector === undefined && (await codeOnlyAgent(context, id))) return { versionNumber: null, diagnostics: [] };
  const { version } = await findVersion(context, { agentId: id, selector, fallback: 'latest' });
  const snapshot = version.snapshot as AgentSnapshot;
  const known = await knownInputsFor(context.toolSources, snapshot);
  return {
    versionNumber: version.versionNumber,
    diagnostics: lintVersion({ snapshot, inputSchemaOf: (name) => known?.inputSchemaOf?.(name) }),
  };
}
