/**
 * Which address a request comes from, for the sign-in rate limit and the address a session
 * records. The socket's address, unless the studio runs behind reverse proxies it was told of
 * (`STUDIO_TRUSTED_PROXY`, a number of proxies): then each proxy has appended the address it saw to
 * `X-Forwarded-For`, and the entry that many places from the right is the client. Entries further
 * left are whatever the client sent, so they are never read; without the setting the header is
 * ignored, so a client cannot pick its own address.
 */
import { isIP } from 'node:net';

/** The header the studio hands the sign-in library the address in (any copy a client sent is replaced). */
export const clientAddressHeader = 'x-studio-client-address';

export function clientAddress({
  socketAddress,
  forwardedFor,
  trustedProxies,
}: {
  /** Where the connection comes from; unknown for requests made in process. */
  socketAddress: string | undefined;
  forwardedFor: string | undefined;
  /** How many reverse proxies stand in front of the studio (0: none, the header is ignored). */
  trustedProxies: number;
}): string | undefined {
  if (trustedProxies === 0 || !forwardedFor) return socketAddress;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the farthest proxy was reached directly, so the leftmost is its client.
  const forwarded = entries[Math.max(0, entries.length - trustedProxies)];
  return forwarded && isIP(forwarded) ? forwarded : socketAddress;
}

/** The request as the sign-in library gets it: carrying the studio's idea of the client address only. */
export function withClientAddress(request: Request, address: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.delete(clientAddressHeader);
  if (address) headers.set(clientAddressHeader, address);
  return new Request(request, { headers });
}
