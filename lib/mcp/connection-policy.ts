/**
 * The stdio rules a connection is checked against at the spawn point: the deployment's settings, with
 * the launch specs an admin approved in the editor joining the setting's entries. The stored specs
 * are read when the connection is made (never cached here), so a removed spec stops admitting new
 * children at once.
 */
import type { StdioPolicy } from './stdio-rules';
import type { McpConnectionPolicy } from './types';

/** The stdio rules in force now; undefined when the policy checks nothing (trusted callers only). */
export async function stdioPolicyOf(policy: McpConnectionPolicy): Promise<StdioPolicy | undefined> {
  if (policy.stdio === undefined) return undefined;
  const approved = (await policy.approvedLaunchEntries?.()) ?? [];
  if (approved.length === 0) return policy.stdio;
  return { ...policy.stdio, stdioAllowedCommands: [...policy.stdio.stdioAllowedCommands, ...approved] };
}
