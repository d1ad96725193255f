/**
 * The first middleware of the API: requests from other sites are refused before anything else
 * runs (see `lib/http/request-policy.ts`), and origins listed in `STUDIO_CORS_ORIGINS` get CORS
 * answers. Served by `server.ts` the headers come straight from Node's parsed request (no `Request`
 * object is built on the hot path); in process (`studio.api.request`) from the `Request`, whose
 * loopback URL makes it trusted code.
 */
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { errorBody, errorStatus } from '../errors';
import { checkRequest, factsFromIncoming, factsFromRequest, isListedCorsOrigin, type RequestPolicy } from '../http';

const corsMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const corsMaxAgeSeconds = '600';

export function requestGate(policy: RequestPolicy): MiddlewareHandler {
  return async (context, next) => {
    const incoming = (context.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const facts = incoming
      ? factsFromIncoming(incoming.method ?? 'GET', incoming.headers)
      : factsFromRequest(context.req.raw);
    facts.path = context.req.path;
    const refusal = checkRequest(policy, facts, 'api');
    if (refusal) return context.json(errorBody(refusal.code, refusal.message), errorStatus[refusal.code]);
    if (policy.corsOrigins.size === 0 || !isListedCorsOrigin(policy, facts.origin)) return next();

    context.header('Access-Control-Allow-Origin', facts.origin!);
    context.header('Vary', 'Origin');
    if (facts.method === 'OPTIONS' && context.req.header('access-control-request-method') !== undefined) {
      context.header('Access-Control-Allow-Methods', corsMethods);
      context.header(
        'Access-Control-Allow-Headers',
        context.req.header('access-control-request-headers') ?? 'content-type, authorization',
      );
      context.header('Access-Control-Max-Age', corsMaxAgeSeconds);
      return context.body(null, 204);
    }
    return next();
  };
}
