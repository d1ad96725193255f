/**
 * The security part of the OpenAPI document, written from the operation table and nowhere else:
 * the two ways to present credentials, and on every operation the scope each needs
 * (`security: [{ bearerAuth: ['editor'] }, { sessionCookie: ['editor'] }]`, public ones
 * `security: []`). The two differ on operations that spend model or tool calls: a key needs their
 * scope, a session the editor role (`[{ bearerAuth: ['runtime'] }, { sessionCookie: ['editor'] }]`).
 * Tests check the served document against the table route by route.
 */
import type { ApiApp } from './app';
import { operationScopes, spendingOperations } from './operation-scopes';
import type { OperationId } from './operations';
import { sessionScope, type RequiredScope } from '../auth/roles';
import { secureSessionCookieName, sessionCookieName } from '../auth/session-cookie';

type OpenApiDocument = ReturnType<ApiApp['getOpenAPI31Document']>;
type PathItem = NonNullable<OpenApiDocument['paths']>[string];

export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (`Authorization: Bearer as_...`) with one scope: runtime, editor or admin.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description:
      'A signed-in user of the editor (the cookie `POST /api/auth/sign-in` sets); the role grants the scope of the same name, ' +
      'and a viewer `runtime` without the operations that spend model or tool calls (runs, tool execution, `/api/mcp`), ' +
      'which declare `editor` for this scheme. ' +
      `A studio whose public URL is https names it \`${secureSessionCookieName}\` (the \`__Secure-\` prefix).`,
  },
} as const;

const operationMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The security requirement of an operation that needs `scope`: either scheme, a key with that
 * scope, a session with the scope its role must grant (higher when the operation `spends`).
 */
export function securityRequirement(scope: RequiredScope, { spends = false } = {}): Array<Record<string, string[]>> {
  if (scope === 'public') return [];
  return [{ bearerAuth: [scope] }, { sessionCookie: [sessionScope(scope, spends)] }];
}

function requirementOf(operationId: string | undefined): Array<Record<string, string[]>> {
  if (operationId !== undefined && Object.hasOwn(operationScopes, operationId)) {
    const known = operationId as OperationId;
    return securityRequirement(operationScopes[known], { spends: spendingOperations.has(known) });
  }
  // A route registered without a row in the table: a programmer error the contract tests catch.
  throw new Error(`The operation ${operationId ?? '(without operationId)'} has no scope in operation-scopes.ts.`);
}

function withOperationSecurity(item: PathItem): PathItem {
  const secured: PathItem = { ...item };
  for (const method of operationMethods) {
    const operation = item[method];
    if (operation) secured[method] = { ...operation, security: requirementOf(operation.operationId) };
  }
  return secured;
}

/** The document with both schemes declared and each operation's security requirement. */
export function withSecurity(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [path, withOperationSecurity(item)]),
  );
  return {
    ...document,
    components: {
      ...document.components,
      securitySchemes: { ...document.components?.securitySchemes, ...securitySchemes },
    },
    paths,
  };
}
