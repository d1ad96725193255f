/**
 * The DNS step of an outbound connection: one lookup (the system resolver, so `/etc/hosts` counts,
 * or the injected `settings.outbound.lookup`), every answer checked, and the connection made to
 * those checked answers. It is handed to the HTTP agent as the socket's `lookup`, so there is no
 * second resolution a DNS-rebinding server could answer differently.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, classifyName, describeClass, isAllowed, type AddressPolicy } from './address-classes';
import { OutboundError } from './outbound-error';

/** Every address a name resolves to (the system resolver's `dns.lookup(name, { all: true })` shape). */
export type DnsLookup = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export interface AddressRules {
  policy: AddressPolicy;
  /**
   * Loopback and private ranges may be reached: configured URLs (unless a non-admin wrote them), and
   * model-chosen ones with `STUDIO_WEB_FETCH_ADDRESS_POLICY=allow-all`.
   */
  allowInternal: boolean;
}

export const systemDnsLookup: DnsLookup = (hostname) =>
  new Promise((resolve, reject) => {
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })));
    });
  });

export function refusal({ host, address, addressClass }: { host: string; address?: string; addressClass: string }) {
  const target = address && address !== host ? `${host} (${address})` : host;
  return new OutboundError({
    failure: 'refused',
    addressClass,
    message: `Refused to connect to ${target}: ${addressClass} addresses may not be reached from here.`,
  });
}

/** Resolves `hostname` once and checks every answer; rejects with an `OutboundError` when one is refused. */
export async function resolveChecked({
  hostname,
  rules,
  lookup = systemDnsLookup,
}: {
  hostname: string;
  rules: AddressRules;
  lookup?: DnsLookup;
}): Promise<LookupAddress[]> {
  const byName = classifyName(hostname);
  if (byName && !isAllowed(byName, rules)) throw refusal({ host: hostname, addressClass: describeClass(byName) });
  let answers: Array<{ address: string; family: 4 | 6 }>;
  try {
    answers = await lookup(hostname);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'no answer';
    throw new OutboundError({ failure: 'network', message: `Could not resolve ${hostname} (${code}).`, cause: error });
  }
  if (answers.length === 0)
    throw new OutboundError({ failure: 'network', message: `Could not resolve ${hostname} (no addresses).` });
  for (const answer of answers) {
    const addressClass = classifyAddress(answer.address);
    if (!addressClass)
      throw new OutboundError({
        failure: 'network',
        message: `${hostname} resolved to something that is not an address.`,
      });
    if (!isAllowed(addressClass, rules))
      throw refusal({ host: hostname, address: answer.address, addressClass: describeClass(addressClass) });
  }
  return answers;
}

/** A `net.connect` lookup that resolves through `resolveChecked` (with or without `all`, any family). */
export function createCheckedLookup({ rules, lookup }: { rules: AddressRules; lookup?: DnsLookup }): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked({ hostname, rules, lookup }).then(
      (answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family === undefined ? answers : answers.filter((answer) => answer.family === family);
        if (usable.length === 0) {
          const error = Object.assign(new Error(`No IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
