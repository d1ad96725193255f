/**
 * With sign-in required, every change made through the API is recorded as made by its caller: an
 * API key as `key:<name>`, a signed-in user as `user:<email>`, in the version's author and in the
 * audit log alike. With sign-in off the actor stays `local`, which tests/integration/api/agents.test.ts
 * (version `authorId`) and agents-versions.test.ts (audit entries) check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const password = 'correct horse battery staple';

describe('the actor of API changes with sign-in required', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;
  let editorKey: string;
  let adminKey: string;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
    const { access } = context.studio;
    editorKey = (await access.apiKeys.create({ name: 'ci', scope: 'editor', createdBy: 'test' })).key;
    adminKey = (await access.apiKeys.create({ name: 'auditor', scope: 'admin', createdBy: 'test' })).key;
    await access.signIn!.createUser({ email: 'ada@example.com', name: 'Ada', password, role: 'editor' });
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  async function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await context.studio.api.request(path, jsonRequest(method, body, headers));
    return { status: response.status, headers: response.headers, body: (await response.json()) as ResponseBody };
  }
  const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

  async function auditActors(entityId: string) {
    const { status, body } = await send('GET', `/api/audit?entityId=${entityId}`, withKey(adminKey));
    expect(status).toBe(200);
    return (body.items as Array<{ action: string; actor: string }>).map(({ action, actor }) => ({ action, actor }));
  }

  it('records an API key as key:<name> in the version author and the audit log', async () => {
    const created = await send('POST', '/api/agents', withKey(editorKey), {
      id: 'weather',
      name: 'Weather',
      model: 'openai/gpt-4o-mini',
      instructions: 'Help.',
    });
    expect(created.status).toBe(201);
    expect(created.body.version.authorId).toBe('key:ci');

    const version = await send('GET', '/api/agents/weather/versions/1', withKey(editorKey));
    expect(version.body.version.authorId).toBe('key:ci');
    expect(await auditActors('weather')).toContainEqual({ action: 'agent.create', actor: 'key:ci' });
  });

  it('records a signed-in user as user:<email>', async () => {
    const signedIn = await send('POST', '/api/auth/sign-in', {}, { email: 'ada@example.com', password });
    expect(signedIn.status).toBe(200);
    const cookie = { cookie: signedIn.headers.get('set-cookie')!.split(';')[0]! };

    const saved = await send('PATCH', '/api/agents/weather', cookie, {
      baseVersionNumber: 1,
      instructions: 'Help with the weather.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version.authorId).toBe('user:ada@example.com');
    expect(await auditActors('weather')).toContainEqual({ action: 'agent.save', actor: 'user:ada@example.com' });
  });
});
