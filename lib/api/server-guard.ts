/**
 * The MCP server rules that need `admin` for a request: the route table can only give the MCP client
 * routes their floor, `editor`; `checkServerWrite` (lib/auth/server-write-rule.ts) adds the rest from
 * the configuration the request would store or test, before anything is written or connected. With
 * sign-in off the caller is the local user, who may.
 */
import type { Context } from 'hono';
import { checkServerWrite, type ServerMap, type ServerWriter } from '../auth';
import type { InternalTargetOf } from '../net/internal-target';
import { principalOf } from './request-principal';

/** For a save, restore, import or test of servers not saved yet: who writes, once both rules let them. */
export function requireAdminForServers(
  context: Context,
  internalTargetOf: InternalTargetOf,
  serversToStore: () => readonly ServerMap[] | Promise<readonly ServerMap[]>,
): Promise<ServerWriter> {
  return checkServerWrite(principalOf(context), { serversToStore, internalTargetOf });
}
