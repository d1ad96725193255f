import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { definedFields } from '../defined-fields';
import { errorStatus } from '../errors';
import { pageOf, pageQuery } from './pagination';

const errorCodes = Object.keys(errorStatus) as [keyof typeof errorStatus, ...Array<keyof typeof errorStatus>];

export const issueSchema = z.object({ path: z.string(), message: z.string() }).openapi('Issue');

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi('Error');

/**
 * `{name}` in a route's path: a non-empty string, of at most `max` characters when given (the
 * example shows in the OpenAPI document).
 */
export function pathParam({ name, example, max }: { name: string; example: string; max?: number }) {
  const text = z.string().min(1);
  return (max === undefined ? text : text.max(max)).openapi({ param: { name, in: 'path' }, example });
}

/** `{id}` in a route's path, of any length. */
export const idPathParams = (example: string) => z.object({ id: pathParam({ name: 'id', example }) });

/** `{id}` of a record whose id the studio made (API keys, users, invitations). */
export const generatedIdParams = z.object({
  id: pathParam({ name: 'id', max: 100, example: '0190c1a4-5a2b-7c3d-8e9f-0a1b2c3d4e5f' }),
});

type ErrorResponseStatus = 400 | 401 | 403 | 404 | 409 | 413 | 502 | 503;

/**
 * Standard error responses to spread into a route's `responses`, typed by the statuses given (so
 * they never blur a route's success response for typed clients).
 */
export function errorResponses<Status extends ErrorResponseStatus>(...statuses: Status[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: `Error (${status})`, content: { 'application/json': { schema: errorSchema } } },
    ]),
  ) as Record<Status, { description: string; content: { 'application/json': { schema: typeof errorSchema } } }>;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ErrorStatusCode = ErrorResponseStatus;
type JsonResponse<Schema extends z.ZodType> = {
  description: string;
  content: { 'application/json': { schema: Schema } };
};

interface JsonRouteSpec<Schema extends z.ZodType, Request, Status> {
  summary: string;
  description?: string;
  request?: Request;
  /** 200 unless said otherwise. */
  status?: Status;
  ok: [description: string, schema: Schema];
  errors: ErrorStatusCode[];
}

/**
 * Routes answering JSON, under the given OpenAPI tags: each named by its method, path and
 * `operationId` (the stable name clients and generators call it by, `listAgents`; also the method
 * name of the typed client, listed in `lib/api/operations.ts`), with its one success status and
 * schema, the error statuses it may answer, and its request schemas. Says in a few lines what
 * `createRoute` spells in ten.
 */
export function jsonRoutes(...tags: string[]) {
  const route = <
    RouteMethod extends Method,
    Path extends string,
    Schema extends z.ZodType,
    Request extends RouteConfig['request'] = undefined,
    Status extends 200 | 201 | 202 = 200,
  >(
    method: RouteMethod,
    path: Path,
    operationId: string,
    {
      summary,
      description,
      request,
      status,
      ok: [okDescription, schema],
      errors,
    }: JsonRouteSpec<Schema, Request, Status>,
  ) => {
    const success = { [status ?? 200]: { description: okDescription, content: { 'application/json': { schema } } } };
    return createRoute(
      definedFields({
        method,
        path,
        operationId,
        summary,
        tags,
        description,
        request: request as Request,
        responses: { ...(success as Record<Status, JsonResponse<Schema>>), ...errorResponses(...errors) },
      }),
    );
  };

  /**
   * A list: a GET answering one page of `items` (`?limit=&cursor=`). It answers 400 for a bad page
   * request, and 404 when its path `params` name a record that is not there; `errors` adds others.
   */
  const page = <Path extends string, Item extends z.ZodType, Params extends z.ZodObject | undefined = undefined>(
    path: Path,
    operationId: string,
    {
      summary,
      params,
      items: [noun, item],
      errors = [],
    }: {
      summary: string;
      params?: Params;
      /** What the page holds (`the test cases`) and the schema of one. */
      items: [noun: string, schema: Item];
      errors?: Array<401 | 403>;
    },
  ) =>
    route('get', path, operationId, {
      summary,
      request: (params ? { params, query: pageQuery } : { query: pageQuery }) as PageRequestSchemas<Params>,
      ok: [`One page of ${noun}`, pageOf(item)],
      errors: [400, ...(params ? [404 as const] : []), ...errors],
    });

  return Object.assign(route, { page });
}

type PageRequestSchemas<Params> = Params extends z.ZodObject
  ? { params: Params; query: typeof pageQuery }
  : { query: typeof pageQuery };

/**
 * A route that answers 204 with no body once it has done what it says (a revocation, a withdrawal),
 * under one OpenAPI tag; `done` describes that empty answer.
 */
export function noContentRoute<
  RouteMethod extends Method,
  Path extends string,
  Request extends RouteConfig['request'],
  ErrorStatus extends ErrorResponseStatus,
>(
  tag: string,
  method: RouteMethod,
  path: Path,
  operationId: string,
  { summary, request, done, errors }: { summary: string; request: Request; done: string; errors: ErrorStatus[] },
) {
  return createRoute({
    method,
    path,
    operationId,
    summary,
    tags: [tag],
    request,
    responses: { 204: { description: done }, ...errorResponses(...errors) },
  });
}

/**
 * A JSON request body with an example: generators and API explorers show it, and the lint checks
 * it against the schema (so an example cannot drift from what the route accepts).
 */
export function requestBody<T extends z.ZodType, Required extends boolean>(
  schema: T,
  { required, example }: { required: Required; example: unknown },
) {
  return { required, content: { 'application/json': { schema, example } } };
}

/** A required JSON request body and the example the API reference shows for it. */
export function requiredBody<T extends z.ZodType>(schema: T, example: unknown) {
  return requestBody(schema, { required: true, example });
}

/** A yes/no query parameter (`?dryRun=true`); absent means false. */
export const queryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/**
 * An import body: typed for clients by the export document's schema (`component`), but parsed by
 * the editor rather than the route, which upgrades older schemaVersions first and answers every
 * problem of the envelope and the snapshots at once.
 */
export const importDocumentSchema = ({ format, component }: { format: string; component: string }) =>
  z.unknown().openapi({
    description:
      `An export document (format ${format}), as the export answers it; older schemaVersions ` +
      'are upgraded, and every problem of the envelope and the snapshots is answered at once',
    allOf: [{ $ref: `#/components/schemas/${component}` }],
  });
