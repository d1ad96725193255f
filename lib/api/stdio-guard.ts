/**
 * A saved MCP client whose server runs a local command (stdio) needs `admin`, on any save, restore
 * or import that contains one (spec: "Sign-in, roles and API keys"). The route table can only give
 * these routes their floor, `editor`; this check adds the rest from the configuration the request
 * would store, before anything is written. With sign-in off the caller is the local user, who may.
 */
import type { Context } from 'hono';
import { actorOf, allows } from '../auth/credentials';
import { StudioError } from '../errors';
import { principalOf } from './request-principal';

/** Servers by name, as a body, a stored version or an export document carries them (not yet checked). */
type ServerMap = unknown;

function isStdioServer(server: unknown): boolean {
  if (typeof server !== 'object' || server === null) return false;
  return (server as { type?: unknown }).type === 'stdio' || 'command' in server;
}

function containsStdioServer(servers: ServerMap): boolean {
  if (typeof servers !== 'object' || servers === null) return false;
  return Object.values(servers).some(isStdioServer);
}

/**
 * Throws 403 `forbidden` with `details.requiredScope: 'admin'` (the access gate's shape) when the
 * caller is not allowed `admin` and any of the server maps the request would store has a stdio
 * server. `serversToStore` is only called for such a caller, so an admin's save reads nothing more.
 */
export async function requireAdminForStdio(
  context: Context,
  serversToStore: () => readonly ServerMap[] | Promise<readonly ServerMap[]>,
): Promise<void> {
  const principal = principalOf(context);
  if (allows(principal, 'admin')) return;
  if (!(await serversToStore()).some(containsStdioServer)) return;
  throw new StudioError(
    'forbidden',
    `${actorOf(principal)} may not do this: an MCP server that runs a local command (stdio) needs the admin scope.`,
    { requiredScope: 'admin' },
  );
}
