/**
 * The security part of the OpenAPI document, written from the operation table and nowhere else:
 * the two ways to present credentials, and on every operation the scope it needs
 * (`security: [{ bearerAuth: ['editor'] }, { sessionCookie: ['editor'] }]`, public ones
 * `security: []`). Tests check the served document against the table route by route.
 */
import type { ApiApp } from './app';
import { operationScopes } from './operation-scopes';
import type { RequiredScope } from '../auth/roles';
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
      'A signed-in user of the editor (the cookie `POST /api/auth/sign-in` sets); the role grants the scope of the same name. ' +
      `A studio whose public URL is https names it \`${secureSessionCookieName}\` (the \`__Secure-\` prefix).`,
  },
} as const;

const operationMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The security requirement of an operation that needs `scope`: either scheme, with that scope. */
export function securityRequirement(scope: RequiredScope): Array<Record<string, string[]>> {
  if (scope === 'public') return [];
  return [{ bearerAuth: [scope] }, { sessionCookie: [scope] }];
}

function scopeOf(operationId: string | undefined): RequiredScope {
  if (operationId !== undefined && Object.hasOwn(operationScopes, operationId))
    return operationScopes[operationId as keyof typeof operationScopes];
  // A route registered without a row in the table: a programmer error the contract tests catch.
  throw new Error(`The operation ${operationId ?? '(without operationId)'} has no scope in operation-scopes.ts.`);
}

function withOperationSecurity(item: PathItem): PathItem {
  const secured: PathItem = { ...item };
  for (const method of operationMethods) {
    const operation = item[method];
    if (operation) secured[method] = { ...operation, security: securityRequirement(scopeOf(operation.operationId)) };
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
