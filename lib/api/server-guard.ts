/**
 * The MCP server rules that need `admin` for a request: the route table can only give the MCP client
 * routes their floor, `editor`; these add the rest from the configuration the request would store or
 * test, before anything is written or connected. A stdio server (lib/auth/stdio-rule.ts) and an HTTP
 * server at a loopback or private address (lib/auth/internal-server-rule.ts) need an admin. With
 * sign-in off the caller is the local user, who may.
 */
import type { Context } from 'hono';
import { refuseInternalServersUnlessAdmin } from '../auth/internal-server-rule';
import { refuseStdioUnlessAdmin, type ServerMap } from '../auth/stdio-rule';
import type { InternalTargetOf } from '../net/internal-target';
import { principalOf } from './request-principal';

type ServersOf = () => readonly ServerMap[] | Promise<readonly ServerMap[]>;

/** For a save, restore, import or test of servers not saved yet: both rules, the servers read once. */
export async function requireAdminForServers(
  context: Context,
  internalTargetOf: InternalTargetOf,
  serversToStore: ServersOf,
): Promise<void> {
  let servers: Promise<readonly ServerMap[]> | undefined;
  const read = () => (servers ??= Promise.resolve(serversToStore()));
  await refuseStdioUnlessAdmin(principalOf(context), read);
  await refuseInternalServersUnlessAdmin(principalOf(context), { serversToCheck: read, internalTargetOf });
}
