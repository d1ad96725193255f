/**
 * A `fetch` for requests the server makes, with the address rules of one caller kind. Every hop is
 * checked before it connects (literal addresses here, names in the agent's lookup), redirects are
 * followed here (at most `maxRedirects`, each one checked again) and, when a redirect leaves the
 * origin, every header but a few harmless ones is dropped, so credentials never travel to another
 * host. It uses the `undici` package (Node's bundled copy cannot be given a dispatcher) with an
 * agent per caller kind, so a pooled connection is only ever reused under the rules it was made with.
 */
import type { Agent, fetch as undiciFetch } from 'undici';
import { describeClass, refusedHostClass } from './address-classes';
import { refusal, type AddressRules } from './checked-lookup';
import { describeUrl, findOutboundError, OutboundError } from './outbound-error';
import { errorMessage } from '../errors';

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Kept when a redirect goes to another origin; everything else may carry credentials. */
const crossOriginHeaders = new Set(['accept', 'accept-language', 'content-language', 'content-type', 'user-agent']);

/** Checks a URL before anything connects: the scheme, and an address or name that is refused by itself. */
export function checkTarget(url: URL, rules: AddressRules): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError({
      failure: 'invalid_url',
      message: `Only http and https URLs can be fetched (got ${url.protocol}).`,
    });
  const refused = refusedHostClass(url.hostname, rules);
  if (refused) throw refusal({ host: url.hostname.replace(/^\[|\]$/g, ''), addressClass: describeClass(refused) });
}

function toUrl(input: string | URL): URL {
  try {
    return new URL(input);
  } catch {
    throw new OutboundError({ failure: 'invalid_url', message: 'The URL is not valid.' });
  }
}

/**
 * `fetch` refuses URLs with `user:password@`: they become a Basic `Authorization` header (unless
 * one is set), which the redirect rules then treat like any other credential.
 */
function moveUserinfo(url: URL, headers: Headers): URL {
  if (url.username === '' && url.password === '') return url;
  if (!headers.has('authorization')) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.set('authorization', `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  }
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  return bare;
}

async function requestParts(input: string | URL | Request, init: RequestInit) {
  if (typeof input === 'string' || input instanceof URL)
    return { url: toUrl(input), method: init.method, headers: new Headers(init.headers), body: init.body };
  const body = init.body ?? (input.body ? await input.arrayBuffer() : undefined);
  return {
    url: toUrl(input.url),
    method: init.method ?? input.method,
    headers: new Headers(init.headers ?? input.headers),
    body,
  };
}

function networkError(url: URL, error: unknown): Error {
  const checked = findOutboundError(error);
  if (checked) return checked;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? errorMessage(error);
  return new OutboundError({
    failure: 'network',
    message: `Could not reach ${describeUrl(url)} (${reason}).`,
    cause: error,
  });
}

/** The undici package's fetch and the connection pool it sends through. */
export interface Transport {
  agent: Agent;
  fetch: typeof undiciFetch;
}

export function createGuardedFetch({
  transport,
  rules,
  maxRedirects,
}: {
  /** Made when first asked for (the package loads then), the same one afterwards. */
  transport: () => Promise<Transport>;
  rules: AddressRules;
  maxRedirects: number;
}): FetchFunction {
  return async (input, init = {}) => {
    const parts = await requestParts(input, init);
    let { url, method = 'GET', body } = parts;
    const { headers } = parts;
    const redirectMode = init.redirect ?? 'follow';
    const { agent, fetch } = await transport();
    for (let redirects = 0; ; redirects += 1) {
      url = moveUserinfo(url, headers);
      checkTarget(url, rules);
      let response: Response;
      try {
        response = (await fetch(url, {
          method,
          // The global Headers and the undici package's differ only in their TypeScript types.
          headers: headers as never,
          body: body as never,
          signal: init.signal ?? undefined,
          redirect: 'manual',
          dispatcher: agent,
        })) as unknown as Response;
      } catch (error) {
        if (init.signal?.aborted) throw error;
        throw networkError(url, error);
      }
      const location = response.headers.get('location');
      if (!redirectStatuses.has(response.status) || location === null || redirectMode === 'manual') return response;
      await response.body?.cancel().catch(() => undefined);
      if (redirectMode === 'error')
        throw new OutboundError({
          failure: 'network',
          message: `${describeUrl(url)} redirected, which this request does not allow.`,
        });
      if (redirects >= maxRedirects)
        throw new OutboundError({
          failure: 'too_many_redirects',
          message: `Too many redirects (more than ${maxRedirects}) starting from ${describeUrl(parts.url)}.`,
        });
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new OutboundError({
          failure: 'invalid_url',
          message: `${describeUrl(url)} redirected to an invalid URL.`,
        });
      }
      if (next.origin !== url.origin) {
        for (const name of [...headers.keys()]) if (!crossOriginHeaders.has(name)) headers.delete(name);
        // A redirect that names credentials of its own does not get ours either.
        next.username = '';
        next.password = '';
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      } else if (body instanceof ReadableStream) {
        throw new OutboundError({
          failure: 'network',
          message: `${describeUrl(url)} redirected a streamed body, which cannot be sent again.`,
        });
      }
      url = next;
    }
  };
}
