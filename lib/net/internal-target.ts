/**
 * Where a configured URL leads, before anyone may save or test it: whether its host is, or resolves
 * to, an address on this machine or a private network. The host is judged as the URL parser
 * normalised it (`2130706433` is `127.0.0.1`), then by name (`localhost`), then by every answer of
 * one lookup through the same resolver the guard connects with (`/etc/hosts` counts).
 */
import { classifyAddress, classifyName, describeClass, isInternal, type AddressClass } from './address-classes';
import { systemDnsLookup, type DnsLookup } from './checked-lookup';

export interface InternalTarget {
  /** The URL's host, without IPv6 brackets. */
  host: string;
  /** The address a name resolved to, when the host is a name. */
  address?: string;
  /** `loopback`, `private`, `IPv4-mapped (embedding 127.0.0.1, loopback)`, ... */
  addressClass: string;
}

/** The internal address a URL leads to, or undefined (also for a URL or name that leads nowhere now). */
export type InternalTargetOf = (url: string) => Promise<InternalTarget | undefined>;

const internalOrUndefined = (addressClass: AddressClass | undefined) =>
  addressClass !== undefined && isInternal(addressClass) ? describeClass(addressClass) : undefined;

async function answersOf(hostname: string, lookup: DnsLookup) {
  try {
    return await lookup(hostname);
  } catch {
    // A name that does not resolve reaches nothing; the connection fails when it is made.
    return [];
  }
}

export function createInternalTargetOf({ lookup = systemDnsLookup }: { lookup?: DnsLookup } = {}): InternalTargetOf {
  return async (text) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = classifyAddress(host);
    if (literal) {
      const addressClass = internalOrUndefined(literal);
      return addressClass === undefined ? undefined : { host, addressClass };
    }
    const byName = internalOrUndefined(classifyName(host));
    if (byName !== undefined) return { host, addressClass: byName };
    for (const { address } of await answersOf(host, lookup)) {
      const addressClass = internalOrUndefined(classifyAddress(address));
      if (addressClass !== undefined) return { host, address, addressClass };
    }
    return undefined;
  };
}
