/**
 * A saved MCP client whose server runs a local command (stdio) needs `admin`, on any save, restore
 * or import that contains one (spec: "Sign-in, roles and API keys"). The API's routes and the
 * editor's server actions both ask this before anything is written.
 */
import { StudioError } from '../errors';
import { actorOf, allows, type Principal } from './credentials';

/** Servers by name, as a body, a stored version or an export document carries them (not yet checked). */
export type ServerMap = unknown;

function isStdioServer(server: unknown): boolean {
  if (typeof server !== 'object' || server === null) return false;
  return (server as { type?: unknown }).type === 'stdio' || 'command' in server;
}

function containsStdioServer(servers: ServerMap): boolean {
  if (typeof servers !== 'object' || servers === null) return false;
  return Object.values(servers).some(isStdioServer);
}

/**
 * Throws 403 `forbidden` with `details.requiredScope: 'admin'` (the access gate's shape) when
 * `principal` is not allowed `admin` and any of the server maps it would store has a stdio server.
 * `serversToStore` is only called for such a caller, so an admin's save reads nothing more.
 */
export async function refuseStdioUnlessAdmin(
  principal: Principal,
  serversToStore: () => readonly ServerMap[] | Promise<readonly ServerMap[]>,
): Promise<void> {
  if (allows(principal, 'admin')) return;
  if (!(await serversToStore()).some(containsStdioServer)) return;
  throw new StudioError(
    'forbidden',
    `${actorOf(principal)} may not do this: an MCP server that runs a local command (stdio) needs the admin scope.`,
    { requiredScope: 'admin' },
  );
}
