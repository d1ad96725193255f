/**
 * The stdio allow-list a connection is checked against at the spawn point: the deployment's setting
 * and the launch specs an admin approved in the editor, read when the connection is made (never
 * cached here), so a removed spec stops admitting new children at once.
 */
import type { McpConnectionPolicy } from './types';

export async function allowedCommandsOf(policy: McpConnectionPolicy): Promise<readonly string[] | undefined> {
  if (policy.stdioAllowedCommands === undefined) return undefined;
  const approved = (await policy.approvedLaunchEntries?.()) ?? [];
  return [...policy.stdioAllowedCommands, ...approved];
}
