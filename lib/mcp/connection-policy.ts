/**
 * What a connection is checked against when it is made. A stdio server: the deployment's settings,
 * with the launch specs an admin approved in the editor joining the setting's entries (read when the
 * connection is made, never cached here, so a removed spec stops admitting new children at once).
 * An HTTP server: the fetch its requests go through.
 */
import type { InternalAddresses } from '../auth';
import { OutboundError, type FetchFunction } from '../net';
import type { StdioPolicy } from './stdio-rules';
import type { McpConnectionPolicy } from './types';

/** The stdio rules in force now; undefined when the policy checks nothing (trusted callers only). */
export async function stdioPolicyOf(policy: McpConnectionPolicy): Promise<StdioPolicy | undefined> {
  if (policy.stdio === undefined) return undefined;
  const approved = (await policy.approvedLaunchEntries?.()) ?? [];
  if (approved.length === 0) return policy.stdio;
  return { ...policy.stdio, stdioAllowedCommands: [...policy.stdio.stdioAllowedCommands, ...approved] };
}

/**
 * The fetch a server's requests go through: the guard refusing loopback and private addresses too
 * when its client must not reach them. A pool given no such guard fails closed: that client's
 * servers are reached at no address, never at every address.
 */
export function fetchFor(
  policy: McpConnectionPolicy,
  internalAddresses: InternalAddresses = 'allowed',
): FetchFunction | undefined {
  if (internalAddresses === 'allowed') return policy.fetch;
  return policy.fetchRefusingInternal ?? refuseEveryAddress;
}

const refuseEveryAddress: FetchFunction = (input) => {
  const { host } = new URL(input instanceof Request ? input.url : input);
  return Promise.reject(
    new OutboundError({
      failure: 'refused',
      addressClass: 'unchecked',
      message: `Refused to connect to ${host}: this client may not reach internal addresses, and nothing here tells them apart.`,
    }),
  );
};
