/**
 * Model providers (admin): the keys and base URLs the built-in providers run with. Keys are write
 * only: no answer carries one, only whether it is set and whether it comes from the environment or
 * was saved here (a saved value wins). A save is used by the next run, without a restart.
 */
import { z } from '@hono/zod-openapi';
import { modelProviderNames, modelProvidersBodySchema } from '../../schemas';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { jsonRoutes, requiredBody } from '../schemas';

const route = jsonRoutes('settings');

const source = z.enum(['stored', 'env']);

const modelProviderSchema = z
  .object({
    name: z.enum(modelProviderNames),
    label: z.string().openapi({ description: 'The name people know the provider by' }),
    keySet: z.boolean().openapi({ description: 'Whether a key is in force (the key itself is never answered)' }),
    keySource: source.nullable(),
    baseUrl: z.string().nullable(),
    baseUrlSource: source.nullable(),
    takesBaseUrl: z.boolean(),
    configured: z.boolean().openapi({ description: 'Whether its models can run' }),
    source: z
      .enum(['stored', 'env', 'none'])
      .openapi({ description: "`stored` when a value saved here is in force, `env` when only the environment's are" }),
  })
  .openapi('ModelProvider');

const providersAnswer = z.object({ items: z.array(modelProviderSchema) });

export const listRoute = route('get', '/settings/model-providers', 'listModelProviders', {
  summary: 'The built-in model providers: whether each has a key, its base URL, and where they come from',
  ok: ['Every built-in provider', providersAnswer],
  errors: [401, 403],
});

export const updateRoute = route('put', '/settings/model-providers', 'updateModelProviders', {
  summary: 'Save or clear provider keys and base URLs (stored encrypted; used by the next run)',
  request: {
    body: requiredBody(modelProvidersBodySchema, {
      providers: { openai: { apiKey: 'sk-...' }, compatible: { baseUrl: 'http://127.0.0.1:11434/v1' } },
    }),
  },
  ok: ['Saved: every provider as it now is', providersAnswer],
  errors: [400, 401, 403],
});

export function registerModelProviderRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  const providers = editor.modelProviders;
  app.openapi(listRoute, async (context) => context.json({ items: await providers.list() }, 200));
  app.openapi(updateRoute, async (context) =>
    context.json(
      { items: await providers.save({ body: context.req.valid('json'), actor: requestActor(context) }) },
      200,
    ),
  );
}
