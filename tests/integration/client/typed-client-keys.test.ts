/**
 * The typed client against a served studio that requires sign-in: `{ apiKey }` is sent as a bearer
 * token; no key or an unknown one rejects with a `StudioApiError` of status 401 and code
 * `unauthorized`, a key below the operation's scope with 403 `forbidden` naming the scope needed.
 */
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudioClient, StudioApiError } from '@/lib/client';
import { createTestStudio } from '../../support/studio';

let context: Awaited<ReturnType<typeof createTestStudio>>;
let server: ServerType;
let url: string;
const keys: Record<'runtime' | 'editor', string> = { runtime: '', editor: '' };

beforeAll(async () => {
  context = await createTestStudio({ settings: { auth: 'required' } });
  for (const scope of ['runtime', 'editor'] as const)
    keys[scope] = (await context.studio.access.apiKeys.create({ name: scope, scope, createdBy: 'test' })).key;
  url = await new Promise<string>((resolve) => {
    server = serve({ fetch: context.studio.api.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}/`),
    );
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await context.cleanup();
});

/** The error a call rejects with (the test fails if it resolves). */
async function refusal(call: Promise<unknown>): Promise<StudioApiError> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(StudioApiError);
  return outcome as StudioApiError;
}

const agent = { id: 'keyed', name: 'Keyed', model: 'openai/gpt-4o-mini', instructions: 'Help.' };

describe('the typed client with sign-in required', () => {
  it('rejects with 401 unauthorized without a key and with a key the studio never made', async () => {
    for (const apiKey of [undefined, 'as_notAKeyThisStudioEverMade00000000000']) {
      const error = await refusal(createStudioClient({ url, apiKey }).listAgents({}));
      expect([error.status, error.code]).toEqual([401, 'unauthorized']);
    }
  });

  it('rejects with 403 forbidden naming the scope when the key is below it, and works at it', async () => {
    const reader = createStudioClient({ url, apiKey: keys.runtime });
    expect((await reader.listAgents({})).items.map((item) => item.id)).toEqual([]);
    const error = await refusal(reader.createAgent({ body: agent }));
    expect([error.status, error.code, error.details]).toEqual([403, 'forbidden', { requiredScope: 'editor' }]);
    const writer = createStudioClient({ url, apiKey: keys.editor });
    const created = await writer.createAgent({ body: agent });
    expect(created.version.authorId).toBe('key:editor');
  });
});
