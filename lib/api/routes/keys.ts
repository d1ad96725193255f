/**
 * API keys (admin): create one (the key is in that answer only), list them without their keys,
 * revoke one. Only there when sign-in is required, since keys mean nothing without it.
 */
import { z } from '@hono/zod-openapi';
import type { ApiKeys } from '../../auth/api-keys';
import { scopes } from '../../auth/roles';
import { createApiKeyInput } from '../../schemas';
import { requestActor } from '../request-principal';
import type { ApiApp } from '../app';
import { pageRequestOf } from '../pagination';
import { jsonRoutes, noContentRoute, generatedIdParams, requiredBody } from '../schemas';

const route = jsonRoutes('keys');

const keyViewShape = {
  id: z.string(),
  name: z.string(),
  scope: z.enum(scopes),
  prefix: z.string().openapi({ description: 'The first characters of the key, to tell keys apart' }),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
};

const keySchema = z
  .object({
    ...keyViewShape,
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    createdBy: z.string(),
  })
  .openapi('ApiKey');

const createdKeySchema = z
  .object({ ...keyViewShape, key: z.string().openapi({ description: 'The key itself: shown in this answer only' }) })
  .openapi('CreatedApiKey');

export const createKeyRoute = route('post', '/keys', 'createApiKey', {
  summary: 'Create an API key with one scope and a name no key in use has; the key is in this answer only',
  request: {
    body: requiredBody(createApiKeyInput, { name: 'orders-service', scope: 'runtime' }),
  },
  status: 201,
  ok: ['The key, shown this once', createdKeySchema],
  errors: [400, 401, 403, 409],
});

export const listKeysRoute = route.page('/keys', 'listApiKeys', {
  summary: 'Every API key, newest first, without the keys themselves',
  items: ['the keys', keySchema],
  errors: [401, 403],
});

export const revokeKeyRoute = noContentRoute('keys', 'delete', '/keys/{id}', 'revokeApiKey', {
  summary: 'Revoke an API key: refused from the next request on, by every instance',
  request: { params: generatedIdParams },
  done: 'Revoked (also when it already was)',
  errors: [401, 403, 404],
});

export function registerKeyRoutes(app: ApiApp, { apiKeys }: { apiKeys: ApiKeys }) {
  app.openapi(createKeyRoute, async (context) =>
    context.json(await apiKeys.create({ ...context.req.valid('json'), createdBy: requestActor(context) }), 201),
  );
  app.openapi(listKeysRoute, async (context) =>
    context.json(await apiKeys.list(pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(revokeKeyRoute, async (context) => {
    await apiKeys.revoke({ id: context.req.valid('param').id, actor: requestActor(context) });
    return context.body(null, 204);
  });
}
