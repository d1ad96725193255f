/**
 * The header values `checkRequest` reads, taken from where they already are: Node's parsed
 * `IncomingMessage.headers` for the real server (no `Request` object is built for it), or a fetch
 * `Request` for in-process calls such as `studio.api.request(...)`, whose URL host stands in for
 * the `Host` header they do not carry.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { declaresBody, type RequestFacts } from './request-policy';

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function factsFromIncoming(method: string, headers: IncomingHttpHeaders): RequestFacts {
  return {
    method,
    host: headers.host,
    origin: headers.origin,
    secFetchSite: single(headers['sec-fetch-site']),
    contentType: headers['content-type'],
    contentEncoding: headers['content-encoding'],
    hasBody: declaresBody(headers['content-length'], headers['transfer-encoding']),
  };
}

/** `http://localhost/api/x` -> `localhost`, without parsing the whole URL. */
function hostOfUrl(url: string): string | undefined {
  const start = url.indexOf('://');
  if (start === -1) return undefined;
  const end = url.indexOf('/', start + 3);
  return url.slice(start + 3, end === -1 ? undefined : end);
}

export function factsFromRequest(request: Request): RequestFacts {
  const { headers } = request;
  return {
    method: request.method,
    host: headers.get('host') ?? hostOfUrl(request.url),
    origin: headers.get('origin') ?? undefined,
    secFetchSite: headers.get('sec-fetch-site') ?? undefined,
    contentType: headers.get('content-type') ?? undefined,
    contentEncoding: headers.get('content-encoding') ?? undefined,
    hasBody: request.body !== null,
  };
}
