/**
 * `createOutbound(settings)`: the one way the server reaches other machines. Two clients, one per
 * kind of caller (see `address-classes.ts`): `configured` for URLs people set up (integrations and
 * their documents, HTTP MCP servers, model providers) and `modelChosen` for URLs a model picked
 * (`web_fetch`). Each has a fetch-compatible `fetch` (for SDKs that take a `fetch` option) and a
 * bounded `request` (status, headers, a size-capped body, the final URL). See docs/security.md.
 */
import type { AddressPolicy } from './address-classes';
import { createCheckedLookup, type AddressRules, type DnsLookup } from './checked-lookup';
import { createGuardedFetch, type FetchFunction, type Transport } from './guarded-fetch';
import { createInternalTargetOf, type InternalTargetOf } from './internal-target';
import { performOutboundRequest, type OutboundRequest, type OutboundResponse } from './outbound-request';

export interface OutboundClient {
  readonly policy: AddressPolicy;
  /** Drop-in `fetch` (redirects followed and checked; `redirect: 'manual'` returns them unfollowed). */
  fetch: FetchFunction;
  /** One bounded request: timeout, abort signal, body cut at `maxBodyBytes`. */
  request(request: OutboundRequest): Promise<OutboundResponse>;
}

export interface Outbound {
  configured: OutboundClient;
  /**
   * Configured URLs that may not reach loopback or private addresses: those a person without the
   * right to point the studio there wrote (a saved MCP client's servers, docs/security.md).
   */
  configuredRefusingInternal: OutboundClient;
  modelChosen: OutboundClient;
  /**
   * The loopback or private address a configured URL leads to (by the same resolver), or undefined:
   * saving or testing such a URL needs an admin once sign-in exists (docs/security.md).
   */
  internalTarget: InternalTargetOf;
  /** Closes pooled connections. */
  close(): Promise<void>;
}

export interface OutboundSettings {
  /** Replaces the system resolver (`dns.lookup`) for every request. */
  lookup?: DnsLookup;
  /** `allow-all` lets model-chosen URLs reach loopback and private addresses (never metadata). */
  webFetchAddressPolicy?: 'block-internal' | 'allow-all';
  /** Redirects followed per request (default 5). */
  maxRedirects?: number;
}

export const defaultMaxRedirects = 5;

function createClient({
  rules,
  lookup,
  maxRedirects,
}: {
  rules: AddressRules;
  lookup?: DnsLookup;
  maxRedirects: number;
}): { client: OutboundClient; close(): Promise<void> } {
  // One agent per kind of caller: a pooled connection is reused only under the rules it was checked
  // with. Made at the first request, with the undici package: a studio that calls nothing out loads neither.
  let transport: Promise<Transport> | undefined;
  const openTransport = () =>
    (transport ??= import('undici').then(({ Agent, fetch }) => ({
      agent: new Agent({ connect: { lookup: createCheckedLookup({ rules, lookup }) } }),
      fetch,
    })));
  const fetch = createGuardedFetch({ transport: openTransport, rules, maxRedirects });
  return {
    client: { policy: rules.policy, fetch, request: (request) => performOutboundRequest(fetch, request) },
    close: async () => await (await transport)?.agent.close(),
  };
}

export function createOutbound(settings: OutboundSettings = {}): Outbound {
  const maxRedirects = settings.maxRedirects ?? defaultMaxRedirects;
  const configured = createClient({
    rules: { policy: 'configured', allowInternal: true },
    lookup: settings.lookup,
    maxRedirects,
  });
  const configuredRefusingInternal = createClient({
    rules: { policy: 'configured', allowInternal: false },
    lookup: settings.lookup,
    maxRedirects,
  });
  const modelChosen = createClient({
    rules: { policy: 'model-chosen', allowInternal: settings.webFetchAddressPolicy === 'allow-all' },
    lookup: settings.lookup,
    maxRedirects,
  });
  let closing: Promise<void> | undefined;
  return {
    configured: configured.client,
    configuredRefusingInternal: configuredRefusingInternal.client,
    modelChosen: modelChosen.client,
    internalTarget: createInternalTargetOf({ lookup: settings.lookup }),
    close() {
      closing ??= Promise.all([configured.close(), configuredRefusingInternal.close(), modelChosen.close()]).then(
        () => undefined,
      );
      return closing;
    },
  };
}
