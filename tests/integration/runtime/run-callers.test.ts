/**
 * With sign-in required, a run records who started it (the API key or the user), and only that
 * caller or an admin continues it, whatever the route, as JSON or as events, and through
 * auto-resume; over real HTTP. Naming the run's resourceId is not enough for anyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askColor, conciergeAgent, prompts, serveTestStudio } from './http-runs';

const password = 'a long enough password for runs';

let served: Awaited<ReturnType<typeof serveTestStudio>>;
/** How each caller authenticates: a key, or a signed-in user's cookie. */
const callers = {} as Record<'alice' | 'bob' | 'root' | 'ada' | 'grace', { key?: string; cookie?: string }>;

async function signIn(email: string, role: 'editor' | 'admin') {
  await served.studio.access.signIn!.createUser({ email, name: email, password, role });
  const response = await fetch(`${served.url}/api/auth/sign-in`, {
    method: 'POST',
    // The sign-in library wants the page's own origin on its routes.
    headers: { 'content-type': 'application/json', origin: served.url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

beforeAll(async () => {
  served = await serveTestStudio({ settings: { auth: 'required' } });
  const { apiKeys } = served.studio.access;
  const key = async (name: string, scope: 'runtime' | 'admin') =>
    ({ key: (await apiKeys.create({ name, scope, createdBy: 'test' })).key }) as const;
  callers.alice = await key('alice', 'runtime');
  callers.bob = await key('bob', 'runtime');
  callers.root = await key('root', 'admin');
  callers.ada = await signIn('ada@example.com', 'editor');
  callers.grace = await signIn('grace@example.com', 'admin');
  const created = await served.send('POST', '/api/agents', conciergeAgent, callers.root);
  expect(created.status).toBe(201);
  await served.send('POST', '/api/agents/concierge/versions/1/publish', {}, callers.root);
}, 60_000);
afterAll(async () => {
  await served?.close();
});

type Caller = keyof typeof callers;

async function pausedRunOf(caller: Caller, body: Record<string, unknown>) {
  const answer = await served.send('POST', '/api/agents/concierge/generate', body, callers[caller]);
  expect(answer.body).toMatchObject({ status: 'paused' });
  return { runId: answer.body.runId as string, toolCallId: answer.body.pending[0].toolCallId as string };
}

const statusOf = async (runId: string) =>
  (await served.send('GET', `/api/runs/${runId}`, undefined, callers.root)).body.status as string;

const continuations = [
  { route: 'approve', prompt: prompts.approval, body: (toolCallId: string) => ({ toolCallId }) },
  { route: 'decline', prompt: prompts.approval, body: (toolCallId: string) => ({ toolCallId }) },
  {
    route: 'resume',
    prompt: prompts.suspension,
    body: (toolCallId: string) => ({ toolCallId, resumeData: { day: 'friday' } }),
  },
  {
    route: 'tool-results',
    prompt: prompts.client,
    clientTools: askColor,
    body: (toolCallId: string) => ({ results: [{ toolCallId, output: { color: 'blue' } }] }),
  },
];

describe('continuations with sign-in required', () => {
  for (const { route, prompt, body: bodyFor, clientTools } of continuations) {
    it(`${route}: only the key that started the run, or an admin, continues it`, async () => {
      for (const [owner, stranger, allowed] of [
        ['alice', 'bob', 'alice'],
        ['alice', 'ada', 'root'],
        ['ada', 'alice', 'grace'],
      ] as const) {
        const label = `${route}: started by ${owner}, tried by ${stranger}`;
        const { runId, toolCallId } = await pausedRunOf(owner, {
          prompt,
          resourceId: 'tenant-1',
          ...(clientTools ? { clientTools } : {}),
        });
        const body = { ...bodyFor(toolCallId), resourceId: 'tenant-1' };
        for (const stream of [false, true]) {
          const refused = await served.send('POST', `/api/runs/${runId}/${route}`, body, {
            ...callers[stranger],
            stream,
          });
          expect(refused.status, label).toBe(403);
          expect(refused.body.error, label).toMatchObject({ code: 'forbidden', details: { runId } });
        }
        expect(await statusOf(runId), label).toBe('paused');
        const done = await served.send('POST', `/api/runs/${runId}/${route}`, body, callers[allowed]);
        expect(done.status, label).toBe(200);
        expect(done.body, label).toMatchObject({ runId, status: 'finished' });
      }
    });
  }

  it('refuses another key also for a run started without a resourceId', async () => {
    const { runId, toolCallId } = await pausedRunOf('alice', { prompt: prompts.approval });
    const refused = await served.send('POST', `/api/runs/${runId}/approve`, { toolCallId }, callers.bob);
    expect(refused.status).toBe(403);
    const own = await served.send('POST', `/api/runs/${runId}/approve`, { toolCallId }, callers.alice);
    expect(own.body).toMatchObject({ runId, status: 'finished' });
  });

  it("auto-resume leaves another key's paused run alone, even with the same thread and resource", async () => {
    const thread = { threadId: 'thread-of-alice', resourceId: 'tenant-1' };
    const { runId } = await pausedRunOf('alice', { prompt: prompts.suspension, ...thread });
    const message = { prompt: prompts.monday, ...thread, autoResumeSuspendedTools: true };
    const bobs = await served.send('POST', '/api/agents/concierge/generate', message, callers.bob);
    expect(bobs.status).toBe(200);
    expect(bobs.body.runId).not.toBe(runId);
    expect(JSON.stringify(bobs.body)).not.toContain('555-0101');
    expect(await statusOf(runId)).toBe('paused');
    const alices = await served.send('POST', '/api/agents/concierge/generate', message, callers.alice);
    expect(alices.body).toMatchObject({ runId, status: 'finished' });
  });
});
