/**
 * The address the server binds, decided once at start: `HOST` is resolved (the system resolver, so
 * `/etc/hosts` counts) and the server binds to the first answer, the one Node itself would have
 * picked. The exposure check and the banner judge that address, never the name: a name such as
 * `studio.localhost` that resolves to `0.0.0.0` binds every interface, and is treated so.
 */
import { isIP } from 'node:net';
import { checkFailed, type CheckResult, errorMessage } from '../errors';
import { systemDnsLookup, type DnsLookup } from '../net';

export interface ListenAddress {
  /** `HOST` as configured (a name or an address). */
  host: string;
  /** What the server binds: `host` itself when it is an IP address, otherwise its first answer. */
  address: string;
}

export async function resolveListenAddress({
  host,
  lookup = systemDnsLookup,
}: {
  host: string;
  lookup?: DnsLookup;
}): Promise<CheckResult<ListenAddress>> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare) !== 0) return { ok: true, value: { host, address: bare } };
  let answers: Awaited<ReturnType<DnsLookup>>;
  try {
    answers = await lookup(bare);
  } catch (error) {
    const reason = errorMessage(error);
    return checkFailed(`HOST=${host} does not resolve to an address to listen on (${reason}).`, 'host');
  }
  const first = answers[0];
  if (!first) return checkFailed(`HOST=${host} resolves to no address to listen on.`, 'host');
  return { ok: true, value: { host, address: first.address } };
}
