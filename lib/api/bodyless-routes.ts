/**
 * A request body is checked against what its operation declares, in one place. A body sent to an
 * operation that takes none is refused: a route that declares no request body never reads one, so
 * `POST /unpublish {"force":true}` would otherwise be answered as if the field meant something. No
 * body, an empty one and `{}` (nothing in it) still go through. And a request without a body to an
 * operation whose body is required is refused too: the route would read it as `{}` and answer an
 * operation nobody asked for (a tool run with no input). Which operations take a body, and whether
 * it is required, is read from their route definitions (`request.body`, the schema the route
 * validates with and the document lists), so there is no second list to keep in step.
 */
import type { Context, MiddlewareHandler } from 'hono';
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

/** What an operation declares of its request body. */
export type BodyRule = 'none' | 'optional' | 'required';

function bodyRuleOf(route: BodyRoute): BodyRule {
  const body = (route.request as { body?: { required?: boolean } } | undefined)?.body;
  if (body === undefined) return 'none';
  return body.required === true ? 'required' : 'optional';
}

/**
 * For a request's method and path, what its operation declares of the body; undefined when no
 * operation matches (the app answers those 404 or 405, or they are not operations of the
 * document). Where a literal path and a parameter route both match, the most lenient rule answers.
 */
export function createBodylessRouteLookup(
  routes: readonly BodyRoute[],
): (method: string, path: string) => BodyRule | undefined {
  const router = new ApiRouter<BodyRule>();
  for (const route of routes) {
    const method = route.method.toUpperCase();
    if (!methodsWithBody.has(method)) continue;
    router.add(method, route.path.replaceAll(/\/{(.+?)}/g, '/:$1'), bodyRuleOf(route));
  }
  return (method, path) => {
    const rules = router.match(method.toUpperCase(), path)[0].map(([rule]) => rule);
    if (rules.length === 0) return undefined;
    if (rules.includes('optional') || (rules.includes('none') && rules.includes('required'))) return 'optional';
    return rules[0];
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
export function bodylessRouteGate(bodyRuleOf: ReturnType<typeof createBodylessRouteLookup>): MiddlewareHandler {
  return async (context, next) => {
    const { method } = context.req;
    if (!methodsWithBody.has(method) || context.req.header('content-type') === undefined) return next();
    if (bodyRuleOf(method, context.req.path) !== 'none') return next();
    if (isEmptyBody(await context.req.text())) return next();
    const error = invalidInput(
      [{ path: 'body', message: 'This operation takes no request body; send none' }],
      `${method} ${context.req.path} takes no request body; send none (or an empty one).`,
    );
    return context.json(error.toBody(), 400);
  };
}

/**
 * 400 `invalid_input` (path `body`) for no body, or an empty one, sent to an operation whose body is
 * required. Runs before the app's JSON check, which reads an empty JSON body as `{}`.
 */
export function requiredBodyGate(bodyRuleOf: ReturnType<typeof createBodylessRouteLookup>): MiddlewareHandler {
  return async (context, next) => {
    const { method } = context.req;
    if (!methodsWithBody.has(method) || bodyRuleOf(method, context.req.path) !== 'required') return next();
    return (await hasBody(context.req)) ? next() : refuseMissingBody(context);
  };
}

/** Whether a request carries a body: a content type and some text (`{}` counts: it is a body). */
async function hasBody(request: { header(name: string): string | undefined; text(): Promise<string> }) {
  return request.header('content-type') !== undefined && (await request.text()).trim() !== '';
}

function refuseMissingBody(context: Context): Response {
  const { method, path } = context.req;
  const error = invalidInput(
    [{ path: 'body', message: 'This operation needs a JSON request body; send one' }],
    `${method} ${path} needs a JSON request body (Content-Type: application/json).`,
  );
  return context.json(error.toBody(), 400);
}
