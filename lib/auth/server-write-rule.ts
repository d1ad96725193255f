/**
 * What a write of MCP servers needs, for the API's routes and the editor's server actions alike: a
 * stdio server (./stdio-rule.ts) and an HTTP server at a loopback or private address
 * (./internal-server-rule.ts) need an admin. It answers who writes: the audit actor, and whether the
 * client's HTTP servers may reach such addresses when they connect later, whatever their names
 * resolve to by then (only an admin's write may; docs/security.md).
 */
import { actorOf, allows, type Principal } from './credentials';
import { refuseInternalServersUnlessAdmin, type InternalTargetOf } from './internal-server-rule';
import { refuseStdioUnlessAdmin, type ServerMap } from './stdio-rule';

/**
 * Whether a client's HTTP servers may reach loopback and private addresses: `allowed` when an admin
 * (or the local user with sign-in off) wrote its latest version, `refused` when anyone else did.
 */
export type InternalAddresses = 'allowed' | 'refused';

export interface ServerWriter {
  actor: string;
  internalAddresses: InternalAddresses;
}

/** Both rules for a save, restore, import or test of servers not saved yet, the servers read once. */
export async function checkServerWrite(
  principal: Principal,
  {
    serversToStore,
    internalTargetOf,
  }: {
    serversToStore: () => readonly ServerMap[] | Promise<readonly ServerMap[]>;
    internalTargetOf: InternalTargetOf;
  },
): Promise<ServerWriter> {
  let servers: Promise<readonly ServerMap[]> | undefined;
  const read = () => (servers ??= Promise.resolve(serversToStore()));
  await refuseStdioUnlessAdmin(principal, read);
  await refuseInternalServersUnlessAdmin(principal, { serversToCheck: read, internalTargetOf });
  return { actor: actorOf(principal), internalAddresses: allows(principal, 'admin') ? 'allowed' : 'refused' };
}
