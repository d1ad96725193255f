/**
 * A saved MCP client whose HTTP server is on this machine or a private network needs `admin`, on any
 * save, restore or import that contains one and on a connection test (spec: "URLs pointing at
 * loopback or private addresses are accepted only from admins"). Decided by where the URL leads now:
 * its literal address, a name like `localhost`, or what the name resolves to. With sign-in off the
 * caller is the local user, who may.
 */
import { StudioError } from '../errors';
import { actorOf, allows, type Principal } from './credentials';
import type { ServerMap } from './stdio-rule';

function httpUrls(servers: ServerMap): Array<{ serverName: string; url: string }> {
  if (typeof servers !== 'object' || servers === null) return [];
  return Object.entries(servers).flatMap(([serverName, server]) => {
    const url = typeof server === 'object' && server !== null ? (server as { url?: unknown }).url : undefined;
    return typeof url === 'string' ? [{ serverName, url }] : [];
  });
}

/**
 * Throws 403 `forbidden` with `details.requiredScope: 'admin'` and the address class when
 * `principal` is not allowed `admin` and a URL of the server maps leads to an internal address.
 * `serversToCheck` is only called for such a caller, so an admin's save reads and resolves nothing.
 */
/**
 * Where a URL leads when that is a loopback or private address, else undefined: the outbound
 * guard's `internalTarget` (lib/net/internal-target.ts), passed in by the caller.
 */
export type InternalTargetOf = (
  url: string,
) => Promise<{ host: string; address?: string; addressClass: string } | undefined>;

export async function refuseInternalServersUnlessAdmin(
  principal: Principal,
  {
    serversToCheck,
    internalTargetOf,
  }: {
    serversToCheck: () => readonly ServerMap[] | Promise<readonly ServerMap[]>;
    internalTargetOf: InternalTargetOf;
  },
): Promise<void> {
  if (allows(principal, 'admin')) return;
  for (const { serverName, url } of (await serversToCheck()).flatMap(httpUrls)) {
    const target = await internalTargetOf(url);
    if (!target) continue;
    const where = target.address === undefined ? target.host : `${target.host} (${target.address})`;
    throw new StudioError(
      'forbidden',
      `${actorOf(principal)} may not do this: MCP server "${serverName}" points at ${where}, a ${target.addressClass} address; only admins may save or test servers at loopback or private addresses.`,
      { requiredScope: 'admin', server: serverName, addressClass: target.addressClass },
    );
  }
}
