/**
 * The stdio rule (lib/auth/stdio-rule.ts) for a request: the route table can only give the MCP
 * client routes their floor, `editor`; this adds the rest from the configuration the request would
 * store, before anything is written. With sign-in off the caller is the local user, who may.
 */
import type { Context } from 'hono';
import { refuseStdioUnlessAdmin, type ServerMap } from '../auth/stdio-rule';
import { principalOf } from './request-principal';

export function requireAdminForStdio(
  context: Context,
  serversToStore: () => readonly ServerMap[] | Promise<readonly ServerMap[]>,
): Promise<void> {
  return refuseStdioUnlessAdmin(principalOf(context), serversToStore);
}
