/**
 * Rate limits of the routes that start work outside this process: a connection test starts every
 * stdio server of a client afresh, a tool run may do anything. Limited per target (the client, the
 * agent, the tool) with a 429 `rate_limited` and `Retry-After`; once sign-in exists the caller
 * becomes part of the key.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../errors';
import { createRateLimiter } from '../http';

/**
 * The routes with a rate limit, as the app's path templates; the OpenAPI document lists 429 on
 * exactly these operations (./openapi-answers).
 */
export const rateLimitedPaths = {
  connectionTests: '/mcp-clients/{id}/test',
  /** A test of servers not saved yet probes as much as a saved client's: one limit for all of them. */
  draftConnectionTests: '/mcp-clients/test',
  toolRuns: '/tools/{id}/execute',
  agentToolRuns: '/agents/{id}/tools/{name}/execute',
} as const;

/** Hono's pattern of an OpenAPI path template (`{id}` -> `:id`). */
export const honoPattern = (path: string) => path.replaceAll(/{(.+?)}/g, ':$1');

export function rateLimit({
  perMinute,
  what,
  keyOf,
}: {
  perMinute: number;
  /** For the message: "connection tests of MCP client x". */
  what: (key: string) => string;
  keyOf: (parameters: Record<string, string>) => string;
}): MiddlewareHandler {
  const limiter = createRateLimiter({ perMinute });
  return async (context, next) => {
    const key = keyOf(context.req.param() as Record<string, string>);
    const retryAfter = limiter.take(key);
    if (retryAfter === undefined) return next();
    context.header('Retry-After', String(retryAfter));
    return context.json(
      errorBody('rate_limited', `Too many ${what(key)}: at most ${perMinute} a minute. Retry in ${retryAfter} s.`, {
        limitPerMinute: perMinute,
        retryAfterSeconds: retryAfter,
      }),
      429,
    );
  };
}
