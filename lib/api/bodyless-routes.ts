/**
 * A body sent to an operation that takes none is refused, in one place: a route that declares no
 * request body never reads one, so `POST /unpublish {"force":true}` would otherwise be answered as
 * if the field meant something. Which operations take a body is read from their route definitions
 * (`request.body`, the schema the route validates with and the document lists), so there is no
 * second list to keep in step. No body, an empty one and `{}` (nothing in it) still go through.
 */
import type { MiddlewareHandler } from 'hono';
import { invalidInput } from '../errors';
import { ApiRouter } from './router';
import { isRecord } from '../is-record';

/** An operation's method, path template (`/api/agents/{id}`) and its request schemas, if any. */
export interface BodyRoute {
  method: string;
  path: string;
  request?: unknown;
}

/** The methods whose requests may carry a body. */
export const methodsWithBody: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * For a request's method and path, whether its operation takes no body; false when no operation
 * matches (the app answers those 404 or 405, or they are not operations of the document). Where a
 * literal path and a parameter route both match, a body is allowed when either takes one.
 */
export function createBodylessRouteLookup(routes: readonly BodyRoute[]): (method: string, path: string) => boolean {
  const router = new ApiRouter<boolean>();
  for (const route of routes) {
    const method = route.method.toUpperCase();
    if (!methodsWithBody.has(method)) continue;
    const takesBody = (route.request as { body?: unknown } | undefined)?.body !== undefined;
    router.add(method, route.path.replaceAll(/\/{(.+?)}/g, '/:$1'), takesBody);
  }
  return (method, path) => {
    const [matches] = router.match(method.toUpperCase(), path);
    return matches.length > 0 && matches.every(([takesBody]) => !takesBody);
  };
}

/** Whether a body says nothing: empty, or a JSON object with no fields. */
function isEmptyBody(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && Object.keys(value).length === 0;
  } catch {
    return false;
  }
}

/**
 * 400 `invalid_input` (path `body`) for a body other than `{}` sent to an operation that takes
 * none. Runs after the app's JSON check, which has refused other media types and unparseable JSON
 * and reads an empty JSON body as `{}`.
 */
export function bodylessRouteGate(isBodyless: ReturnType<typeof createBodylessRouteLookup>): MiddlewareHandler {
  return async (context, next) => {
    const { method } = context.req;
    if (!methodsWithBody.has(method) || context.req.header('content-type') === undefined) return next();
    if (!isBodyless(method, context.req.path)) return next();
    if (isEmptyBody(await context.req.text())) return next();
    const error = invalidInput(
      [{ path: 'body', message: 'This operation takes no request body; send none' }],
      `${method} ${context.req.path} takes no request body; send none (or an empty one).`,
    );
    return context.json(error.toBody(), 400);
  };
}
