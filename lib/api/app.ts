/**
 * The Hono app behind everything under `/api/`. Cross-cutting HTTP rules live here, once: body
 * size limit, JSON bodies that must parse, the JSON error shape for every failure, 404 for unknown
 * routes, and a generic 500 whose details only reach the log.
 */
import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import {
  databaseBusyError,
  databaseUnavailableError,
  errorBody,
  errorStatus,
  invalidInput,
  isDatabaseBusy,
  isDatabaseUnreachable,
  isStudioError,
  issuesFromZod,
  StudioError,
  type ErrorCode,
} from '../errors';
import { importJsonDepth, maxJsonDepth, type RequestPolicy } from '../http';
import { jsonBodyProblem } from './json-body';
import type { Logger } from '../logger';
import type { Credentials } from '../auth/credentials';
import { accessGate } from './access-gate';
import { createAllowedMethods } from './allowed-methods';
import {
  bodylessRouteGate,
  methodsWithBody,
  requiredBodyGate,
  type createBodylessRouteLookup,
} from './bodyless-routes';
import { queryParameterGate, type createQueryParameterLookup } from './query-parameters';
import { requestGate } from './request-gate';
import type { ScopeLookup } from './scope-lookup';
import { ApiRouter } from './router';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type ApiApp = OpenAPIHono<Env, {}, '/api'>;

export function errorResponse(context: Context, error: StudioError): Response {
  // A database busy or out of reach names when to try again (`busy`, `unavailable` with `reason: 'database'`).
  const retryAfter = error.details?.retryAfterSeconds;
  if (error.status === 503 && typeof retryAfter === 'number') context.header('Retry-After', String(retryAfter));
  // Every 401 names the scheme to authenticate with (a one-time link refused, too).
  if (error.code === 'unauthorized') context.header('WWW-Authenticate', 'Bearer');
  return context.json(error.toBody(), error.status);
}

/** 405 for a known path asked with a method it does not answer, with `Allow` listing those it does. */
export function methodNotAllowed(context: Context, allowed: string[]): Response {
  const { method } = context.req;
  const path = new URL(context.req.url).pathname;
  context.header('Allow', allowed.join(', '));
  return context.json(
    errorBody('method_not_allowed', `${path} does not answer ${method}; it answers ${allowed.join(', ')}.`, {
      allowed,
    }),
    405,
  );
}

/** Validation failures of route schemas become 400 `invalid_input` with every issue and its path. */
export const validationHook: Hook<unknown, Env, string, unknown> = (result, context) => {
  if (result.success) return;
  const prefix = result.target === 'json' ? [] : [result.target];
  return errorResponse(context, invalidInput(issuesFromZod(result.error, prefix)));
};

/** The error code an HTTP status stands for (the first of the codes with that status). */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(errorStatus) as Array<[ErrorCode, number]>).find(([, value]) => value === status);
  return match?.[0] ?? (status >= 500 ? 'internal_error' : 'invalid_input');
}

/**
 * The routes that take an export back: a whole deployment backup, or one agent or saved MCP client
 * with all its versions. Their bodies may be larger (`importBodyLimitBytes`) and nest deeper
 * (`importJsonDepth`) than other requests', so what the studio exported it takes back.
 */
const importPaths = new Set(['/api/deployment/import', '/api/agents/import', '/api/mcp-clients/import']);

function bodyLimiter(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (context) => {
      // The rest of the body is never read, so the connection cannot carry another request: the
      // answer says so, and the client opens a new one instead of writing to a socket Node drops.
      context.header('Connection', 'close');
      return errorResponse(
        context,
        new StudioError('payload_too_large', `The request body is larger than the limit of ${maxSize} bytes.`, {
          limitBytes: maxSize,
        }),
      );
    },
  });
}

export function createApiApp({
  logger,
  bodyLimitBytes,
  importBodyLimitBytes = bodyLimitBytes,
  requestPolicy,
  access,
  queryParameters,
  bodylessRoutes,
}: {
  logger: Logger;
  bodyLimitBytes: number;
  /** The limit of the import routes' bodies (default: the standard limit). */
  importBodyLimitBytes?: number;
  requestPolicy: RequestPolicy;
  /**
   * With sign-in required: who the callers are, and the scope each route needs (./access-gate).
   * Without, every caller is the local user.
   */
  access?: { credentials: Credentials; lookup: ScopeLookup } | undefined;
  /** The query parameter names of each operation (./query-parameters); others are refused with 400. */
  queryParameters?: ReturnType<typeof createQueryParameterLookup>;
  /** What each operation declares of its request body (./bodyless-routes): a body sent to one that takes none, or none sent to one that needs one, is refused with 400. */
  bodylessRoutes?: ReturnType<typeof createBodylessRouteLookup>;
}): ApiApp {
  // Not Hono's default router, which falls back to its slowest one for this route set (see ./router).
  const app = new OpenAPIHono({ defaultHook: validationHook, router: new ApiRouter() }).basePath('/api');

  // Before everything else: a page on another site gets nothing done here (docs/security.md).
  app.use('*', requestGate(requestPolicy));
  // Then credentials, before any body is read: an anonymous caller learns nothing but 401.
  if (access) app.use('*', accessGate(access.credentials, access.lookup));
  // A misspelt query parameter would silently change the answer (`?lable=` serves the latest).
  if (queryParameters) app.use('*', queryParameterGate(queryParameters));

  const standard = { maxSize: bodyLimitBytes, limit: bodyLimiter(bodyLimitBytes) };
  const large = { maxSize: importBodyLimitBytes, limit: bodyLimiter(importBodyLimitBytes) };
  // Only methods with a body pay for the limit check: touching the body materialises the full
  // Request object, which costs more than a whole GET on the hot path. A declared Content-Length
  // (the usual case; Node's parser never reads past it) is checked from the header alone, so POST
  // /resolve keeps the server's direct body read; only chunked bodies are counted as they stream.
  app.use('*', (context, next) => {
    if (!methodsWithBody.has(context.req.method)) return next();
    const { maxSize, limit } = importPaths.has(context.req.path) ? large : standard;
    const declared = context.req.header('content-length');
    if (declared === undefined || context.req.header('transfer-encoding') !== undefined) return limit(context, next);
    return Number(declared) > maxSize ? limit(context, next) : next();
  });

  // No stored text may hold a NUL character (PostgreSQL's text cannot), so none is accepted: a path
  // or query that holds one is refused before any route reads it.
  app.use('*', async (context, next) => {
    if (!/%00/i.test(context.req.url)) return next();
    return errorResponse(
      context,
      invalidInput(
        [{ path: 'url', message: 'contains a NUL character (%00)' }],
        'The request path or query contains a NUL character (%00), which no value may hold.',
      ),
    );
  });

  // A request without a body to an operation whose body is required is refused before the JSON
  // check reads an empty body as `{}`.
  if (bodylessRoutes) app.use('*', requiredBodyGate(bodylessRoutes));
  // JSON bodies are parsed once here so a malformed body is a clear 400 on every route; the text
  // is cached by Hono and reused by the route validators. An empty JSON body reads as `{}`, so a
  // route whose body is optional accepts it.
  app.use('*', async (context, next) => {
    if (!methodsWithBody.has(context.req.method)) return next();
    const contentType = context.req.header('content-type') ?? '';
    if (/^application\/([a-z.+-]*\+)?json/i.test(contentType)) {
      const text = context.req.header('content-length') === '0' ? '' : await context.req.text();
      if (text.trim() === '') {
        // Hono caches body readers as promises (its type says otherwise).
        (context.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
        return next();
      }
      const problem = jsonBodyProblem(text, importPaths.has(context.req.path) ? importJsonDepth : maxJsonDepth);
      if (problem) return errorResponse(context, problem);
    }
    return next();
  });
  // After the JSON check: a body is refused as malformed before it is refused as unexpected.
  if (bodylessRoutes) app.use('*', bodylessRouteGate(bodylessRoutes));

  const allowedMethods = createAllowedMethods(() => app.routes);
  app.notFound((context) => {
    const { method } = context.req;
    const path = new URL(context.req.url).pathname;
    const allowed = allowedMethods(path);
    if (allowed.length === 0)
      return context.json(errorBody('not_found', `No API route matches ${method} ${path}.`), 404);
    return methodNotAllowed(context, allowed);
  });

  app.onError((error, context) => {
    if (isStudioError(error)) return errorResponse(context, error);
    if (isDatabaseBusy(error)) return errorResponse(context, databaseBusyError(error));
    if (isDatabaseUnreachable(error)) return errorResponse(context, databaseUnavailableError(error));
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeForStatus(error.status);
      return context.json(errorBody(code, error.message || 'The request could not be processed.'), error.status);
    }
    logger.error('Unhandled error in API route', {
      method: context.req.method,
      path: new URL(context.req.url).pathname,
      error,
    });
    return context.json(
      errorBody('internal_error', 'Something went wrong on the server. The details were logged.'),
      500,
    );
  });

  return app;
}
