/**
 * The answers every operation can give besides its own, written into the document from the app's
 * cross-cutting rules (./app, ./request-gate, ./access-gate, ./query-parameters, ./bodyless-routes,
 * ./rate-limit) so that the contract lists every status the server sends:
 * - 400 on every operation: an unknown or repeated query parameter, a NUL character, a path parameter the
 *   route validates, a body that is not JSON or nests too deep, a body the operation does not take;
 * - 403 on every operation: a request from another site (`Sec-Fetch-Site: cross-site`, a foreign
 *   `Origin` on a writing method), and with credentials a scope or role that is too low;
 * - 401 with `WWW-Authenticate` where the operation needs credentials (sign-in required);
 * - 413 and 415 on the methods that carry a body (too large; not `Content-Type: application/json`);
 * - 421 on every operation: a `Host` this server does not answer;
 * - 429 with `Retry-After` on the rate-limited routes;
 * - 503 on every operation: the database is unavailable, or busy (`Retry-After`).
 * Each keeps the operation's own description of that status when it has one. A known path asked
 * with another method is 405 with `Allow`; OpenAPI has no place for an undeclared method, so the
 * API docs say it (docs/api).
 */
import type { ApiApp } from './app';
import { operationScopes } from './operation-scopes';
import type { RequiredScope } from '../auth/roles';

type OpenApiDocument = ReturnType<ApiApp['getOpenAPI31Document']>;
type PathItem = NonNullable<OpenApiDocument['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
type Responses = NonNullable<Operation['responses']>;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

const retryAfter = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 0 },
};

/** Header components the answers below refer to. */
export const answerHeaders = {
  RetryAfter: { ...retryAfter, required: true },
  WwwAuthenticate: { description: 'Always `Bearer`', required: true, schema: { type: 'string', const: 'Bearer' } },
};

const header = (name: keyof typeof answerHeaders) => ({ $ref: `#/components/headers/${name}` });

const standardAnswers = {
  400: 'Invalid input: a field, path parameter or query parameter (unknown or repeated ones too) as `details.issues`, a body that is not JSON, or a body sent to an operation that takes none',
  401: 'No credentials, or an unknown, revoked or expired key, or an ended session (sign-in required)',
  403: 'A request from another site, or credentials whose scope or role is too low (`details.requiredScope`)',
  413: 'The body is larger than the limit (`details.limitBytes`)',
  415: 'A body without `Content-Type: application/json`',
  421: 'The `Host` is not one this server answers (loopback names and `STUDIO_ALLOWED_HOSTS`)',
  429: 'Too many requests of this kind for one target; retry after `Retry-After` seconds',
  503: 'The database is unavailable, or busy with another process (`busy`, with `Retry-After`)',
} as const;

type AnswerStatus = keyof typeof standardAnswers;

const writingMethods = new Set(['post', 'put', 'patch', 'delete']);

function answer(status: AnswerStatus) {
  const response: Record<string, unknown> = { description: standardAnswers[status], content: errorContent };
  if (status === 429) response.headers = { 'Retry-After': header('RetryAfter') };
  if (status === 503) response.headers = { 'Retry-After': { ...retryAfter } };
  if (status === 401) response.headers = { 'WWW-Authenticate': header('WwwAuthenticate') };
  return response;
}

function statusesOf({
  method,
  scope,
  rateLimited,
}: {
  method: string;
  scope: RequiredScope;
  rateLimited: boolean;
}): AnswerStatus[] {
  const statuses: AnswerStatus[] = [400, 403, 421, 503];
  if (scope !== 'public') statuses.push(401);
  if (writingMethods.has(method)) statuses.push(413, 415);
  if (rateLimited) statuses.push(429);
  return statuses;
}

/** A scope's sentence in the operation's description: what credentials it needs. */
function scopeSentence(scope: RequiredScope): string {
  if (scope === 'public') return 'Public: no credentials needed.';
  return `Needs the \`${scope}\` scope (an API key of that scope or higher, or a signed-in role) when sign-in is required.`;
}

function withAnswers(operation: Operation, method: string, rateLimited: boolean): Operation {
  const scope = operationScopes[operation.operationId as keyof typeof operationScopes] ?? 'admin';
  const responses: Responses = { ...operation.responses };
  for (const status of statusesOf({ method, scope, rateLimited })) {
    const own = (responses[status] as { description?: string } | undefined)?.description;
    const standard = answer(status);
    // A route's own words for the status come first; the generic "Error (404)" says nothing.
    const specific = own !== undefined && !/^Error \(\d+\)$/.test(own);
    responses[status] = specific ? { ...standard, description: `${own}; or: ${standardAnswers[status]}` } : standard;
  }
  const own = operation.description ?? operation.summary ?? '';
  return { ...operation, description: `${own}${own.endsWith('.') ? '' : '.'} ${scopeSentence(scope)}`, responses };
}

const operationMethods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The document with the standard answers on every operation. `rateLimitedPaths` are the app's
 * paths (`/api/tools/{id}/execute`) whose operations can answer 429.
 */
export function withStandardAnswers(
  document: OpenApiDocument,
  { rateLimitedPaths }: { rateLimitedPaths: readonly string[] },
): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const answered: PathItem = { ...item };
      for (const method of operationMethods) {
        const operation = item[method];
        if (operation) answered[method] = withAnswers(operation, method, rateLimitedPaths.includes(path));
      }
      return [path, answered];
    }),
  );
  return {
    ...document,
    components: { ...document.components, headers: { ...document.components?.headers, ...answerHeaders } },
    paths,
  } as OpenApiDocument;
}
