/**
 * Which requests the server answers at all (docs/security.md): a web page on another site must not
 * be able to drive it, whether by DNS rebinding (a foreign `Host`), a cross-site form or `fetch`
 * (a foreign `Origin`, `Sec-Fetch-Site: cross-site`) or a body no browser form can send without
 * a CORS preflight (anything but JSON). Pure and allocation-light: it runs before every request,
 * the runtime hot path included, so it reads header strings and compares them to precomputed sets.
 */
import type { ErrorCode } from '../errors';

export interface RequestPolicySettings {
  /** Host names answered besides the loopback ones (any port). */
  allowedHosts: readonly string[];
  /** Origins of other sites allowed to call the API from a browser (exact `scheme://host[:port]`). */
  corsOrigins: readonly string[];
  /** The address the server listens on; answered as a host name too unless it is a wildcard. */
  listenHost?: string;
}

export interface RequestPolicy {
  readonly allowedHosts: ReadonlySet<string>;
  readonly corsOrigins: ReadonlySet<string>;
  /** Memoised verdicts per `Host` value (a handful of distinct values in practice). */
  readonly hostVerdicts: Map<string, boolean>;
}

/** The headers the checks read, as plain strings (Node's parsed headers or a `Request`'s). */
export interface RequestFacts {
  method: string;
  /** `Host` (or the URL's host for in-process requests); `undefined` when absent. */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  contentType: string | undefined;
  /** `Content-Encoding`: bodies are read as sent, so only `identity` (or none) is accepted. */
  contentEncoding?: string | undefined;
  /** A body was sent (a length above zero or a chunked body). */
  hasBody: boolean;
  /** The URL path, where the API's gate knows it: other sites may send browsers to a few paths. */
  path?: string;
}

export interface Refusal {
  code: Extract<ErrorCode, 'forbidden' | 'unsupported_media_type' | 'misdirected_request'>;
  message: string;
}

/** What Node's parser gives: whether a request carries a body, from its headers alone. */
export function declaresBody(contentLength: string | undefined, transferEncoding: string | undefined): boolean {
  return transferEncoding !== undefined || (contentLength !== undefined && contentLength !== '0');
}

const wildcardAddresses = new Set(['0.0.0.0', '::', '[::]', '']);
const maxRememberedHosts = 256;
const jsonMediaType = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;
const loopbackIpv4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function createRequestPolicy(settings: RequestPolicySettings): RequestPolicy {
  const allowedHosts = new Set(settings.allowedHosts.map(normaliseHostName));
  const listenHost = settings.listenHost === undefined ? '' : normaliseHostName(settings.listenHost);
  if (!wildcardAddresses.has(listenHost)) allowedHosts.add(listenHost);
  return { allowedHosts, corsOrigins: new Set(settings.corsOrigins), hostVerdicts: new Map() };
}

/** Lower case, no brackets around IPv6, no trailing dot of a fully qualified name. */
function normaliseHostName(name: string): string {
  let value = name.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  if (value.endsWith('.')) value = value.slice(0, -1);
  return value;
}

/**
 * The name part of a `Host` value (`[::1]:3000` -> `::1`, `Example.com.:80` -> `example.com`), or of
 * a configured host, which may be a bare IPv6 address (`::1`: more than one colon, so no port).
 */
export function hostNameOf(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return normaliseHostName(end === -1 ? host : host.slice(0, end + 1));
  }
  const colon = host.indexOf(':');
  if (colon !== host.lastIndexOf(':')) return normaliseHostName(host);
  return normaliseHostName(colon === -1 ? host : host.slice(0, colon));
}

export function isLoopbackHostName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || loopbackIpv4.test(name);
}

export function isAllowedHost(policy: RequestPolicy, host: string): boolean {
  let verdict = policy.hostVerdicts.get(host);
  if (verdict === undefined) {
    const name = hostNameOf(host);
    verdict = isLoopbackHostName(name) || policy.allowedHosts.has(name);
    // Arbitrary Host values must not grow the memo without bound.
    if (policy.hostVerdicts.size >= maxRememberedHosts) policy.hostVerdicts.clear();
    policy.hostVerdicts.set(host, verdict);
  }
  return verdict;
}

export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Whether `origin` is this server's own: same host and port as the `Host` the request was sent to.
 * The scheme cannot be checked from `Host` (a TLS proxy may sit in front), default ports can.
 */
export function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  const separator = origin.indexOf('://');
  if (separator === -1) return false;
  const scheme = origin.slice(0, separator).toLowerCase();
  let authority = origin.slice(separator + 3).toLowerCase();
  let requested = host.toLowerCase();
  const defaultPort = scheme === 'https' ? ':443' : scheme === 'http' ? ':80' : undefined;
  if (defaultPort !== undefined) {
    if (authority.endsWith(defaultPort)) authority = authority.slice(0, -defaultPort.length);
    if (requested.endsWith(defaultPort)) requested = requested.slice(0, -defaultPort.length);
  }
  return authority === requested;
}

export function isListedCorsOrigin(policy: RequestPolicy, origin: string | undefined): boolean {
  return origin !== undefined && policy.corsOrigins.has(origin);
}

function refuseHost(host: string): Refusal {
  return {
    code: 'misdirected_request',
    message: `This server does not answer for the host "${host.slice(0, 200)}": only loopback names and hosts listed in STUDIO_ALLOWED_HOSTS.`,
  };
}

/**
 * A browser's own word that another site made the request (`same-site` and `none`, a typed URL or
 * a bookmark, are not). An origin listed in `STUDIO_CORS_ORIGINS` is exempt: its requests always
 * carry that mark, and it is listed to be let in.
 */
function isCrossSite(policy: RequestPolicy, facts: RequestFacts): boolean {
  return facts.secFetchSite === 'cross-site' && !isListedCorsOrigin(policy, facts.origin);
}

/**
 * Where another site sends a browser on purpose: an OpenID Connect provider redirects it back to
 * the sign-in callback, and the sign-in library may send it on to its error page (the whole chain
 * stays `cross-site`). The library checks its state parameter and cookie there.
 */
const crossSiteEntryPrefixes = ['/api/auth/callback/', '/api/auth/oauth2/callback/'];

export function isCrossSiteEntry(facts: Pick<RequestFacts, 'method' | 'path'>): boolean {
  const { path } = facts;
  if (facts.method !== 'GET' || path === undefined) return false;
  return path === '/api/auth/error' || crossSiteEntryPrefixes.some((prefix) => path.startsWith(prefix));
}

const crossSiteRead: Refusal = {
  code: 'forbidden',
  message:
    'Requests from other sites may not use the API (Sec-Fetch-Site: cross-site); list the site in STUDIO_CORS_ORIGINS to allow it.',
};

/** `undefined` when the request may go on; otherwise what to answer. `kind` decides the body rule. */
export function checkRequest(policy: RequestPolicy, facts: RequestFacts, kind: 'api' | 'page'): Refusal | undefined {
  if (facts.host !== undefined && !isAllowedHost(policy, facts.host)) return refuseHost(facts.host);
  const { origin } = facts;
  // Even a GET from another site is refused on the API: an `<img>` or a link must not make the
  // server do anything. Pages stay reachable by links from other sites.
  if (kind === 'api' && isCrossSite(policy, facts) && !isCrossSiteEntry(facts)) return crossSiteRead;
  if (isSafeMethod(facts.method)) return undefined;
  const listed = isListedCorsOrigin(policy, origin);
  if (!listed) {
    if (facts.secFetchSite === 'cross-site')
      return {
        code: 'forbidden',
        message: 'Requests from other sites may not change anything here (Sec-Fetch-Site: cross-site).',
      };
    if (origin !== undefined && !isOwnOrigin(origin, facts.host))
      return {
        code: 'forbidden',
        message: `Requests from other sites may not change anything here (Origin ${origin.slice(0, 200)} is not this server's own; list it in STUDIO_CORS_ORIGINS to allow it).`,
      };
  }
  // The editor's server actions post text and forms to pages; only the API is JSON-only.
  if (kind === 'page') return undefined;
  const { contentType } = facts;
  if (contentType === undefined) {
    if (!facts.hasBody) return undefined;
    return {
      code: 'unsupported_media_type',
      message: 'Request bodies must be JSON: send Content-Type: application/json.',
    };
  }
  if (!jsonMediaType.test(contentType))
    return {
      code: 'unsupported_media_type',
      message: `Request bodies must be JSON: send Content-Type: application/json (got ${contentType.slice(0, 100)}).`,
    };
  const encoding = facts.contentEncoding?.trim().toLowerCase();
  if (facts.hasBody && encoding !== undefined && encoding !== '' && encoding !== 'identity')
    return {
      code: 'unsupported_media_type',
      message: `Request bodies are read as sent: send the JSON uncompressed, without Content-Encoding (got ${encoding.slice(0, 100)}).`,
    };
  return undefined;
}
