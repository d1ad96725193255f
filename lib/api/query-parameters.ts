/**
 * Unknown query parameters are refused, in one place: a misspelt `?lable=staging` would otherwise
 * be ignored and the request answered for the latest version instead of the label. So is a
 * parameter given more than once (`?status=failed&status=running`): no route takes a list, and
 * reading one of the values would answer for a filter the caller did not mean. The names each
 * operation takes are read from its route definition (`request.query`, the same schema the route
 * validates with and the document lists), so there is no second list to keep in step.
 */
import type { MiddlewareHandler } from 'hono';
import { invalidInput, type StudioError } from '../errors';
import { ApiRouter } from './router';

/** An operation's method, path template (`/api/agents/{id}`) and its query schema, if any. */
export interface QueryRoute {
  method: string;
  path: string;
  query?: unknown;
}

/** The names a query schema declares: the keys of its object shape (through wrappers such as `.pipe`). */
export function queryParameterNames(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown } } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.shape) return Object.keys(current.shape);
    current = (current.def?.in ?? current.def?.innerType) as typeof current;
  }
  return [];
}

/**
 * For a request's method and path, the query parameter names its route takes; `undefined` when no
 * operation matches (the app answers those 404 or 405, or they are not operations of the document).
 * Where a literal path and a parameter route both match, either's names are accepted.
 */
export function createQueryParameterLookup(
  routes: readonly QueryRoute[],
): (method: string, path: string) => ReadonlySet<string> | undefined {
  const router = new ApiRouter<ReadonlySet<string>>();
  for (const route of routes) {
    const pattern = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
    router.add(route.method.toUpperCase(), pattern, new Set(queryParameterNames(route.query)));
  }
  return (method, path) => {
    const upper = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const [matches] = router.match(upper, path);
    if (matches.length === 0) return undefined;
    return new Set(matches.flatMap(([names]) => [...names]));
  };
}

function allowedList(names: ReadonlySet<string>): string {
  return names.size === 0 ? 'no query parameters' : `only ${[...names].sort().join(', ')}`;
}

/** How many times each parameter of a query string is given. */
function countsOf(searchParams: URLSearchParams): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of searchParams.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** The parameters a route does not take, refused with what it takes; undefined when there are none. */
function unknownParameters(
  counts: ReadonlyMap<string, number>,
  known: ReadonlySet<string>,
  operation: string,
): StudioError | undefined {
  const unknown = [...counts.keys()].filter((name) => !known.has(name));
  if (unknown.length === 0) return undefined;
  const takes = allowedList(known);
  return invalidInput(
    unknown.map((name) => ({ path: `query.${name}`, message: `Unknown query parameter; this route takes ${takes}` })),
    `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: ${operation} takes ${takes}.`,
  );
}

/** The parameters given more than once, refused; undefined when there are none. */
function repeatedParameters(counts: ReadonlyMap<string, number>): StudioError | undefined {
  const repeated = [...counts].filter(([, count]) => count > 1);
  if (repeated.length === 0) return undefined;
  return invalidInput(
    repeated.map(([name, count]) => ({
      path: `query.${name}`,
      message: `Given ${count} times; give it once (this route takes one value per parameter)`,
    })),
    `Query parameter${repeated.length > 1 ? 's' : ''} ${repeated.map(([name]) => name).join(', ')} given more than once: ` +
      'give each once.',
  );
}

/**
 * 400 `invalid_input` naming every query parameter the route does not take, or else every one
 * given more than once (`query.<name>`): an unknown name is the likelier mistake, so it is said first.
 */
export function queryParameterGate(lookup: ReturnType<typeof createQueryParameterLookup>): MiddlewareHandler {
  return async (context, next) => {
    const url = context.req.url;
    if (!url.includes('?')) return next();
    const known = lookup(context.req.method, context.req.path);
    if (known === undefined) return next();
    const counts = countsOf(new URL(url).searchParams);
    const refusal =
      unknownParameters(counts, known, `${context.req.method} ${context.req.path}`) ?? repeatedParameters(counts);
    return refusal ? context.json(refusal.toBody(), 400) : next();
  };
}
