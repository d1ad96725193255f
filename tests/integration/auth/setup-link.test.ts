/**
 * The first admin's setup link: a production server started with sign-in required and no admin
 * prints a one-time link; opening it with an email and password adds the admin and signs them in,
 * once. In process: the link expires after an hour, bad input says what is wrong and leaves the
 * link usable, and once an admin exists no link is made and every other link is refused.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdminSetup, setupLinkHours } from '@/lib/auth';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { createTestStudio, jsonRequest, type ResponseBody } from '../../support/studio';

const root = join(import.meta.dirname, '..', '..', '..');
const password = 'a long enough password';

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('the setup link printed at start', () => {
  const directory = mkdtempSync(join(tmpdir(), 'studio-setup-link-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  const start = () => startServerProcess({ root, directory, spawn, environment: { STUDIO_AUTH: 'required' } });
  /** The banner comes once the editor is ready, a moment after /api/health answers. */
  async function bannerOf(process: ServerProcess): Promise<string> {
    for (let tries = 0; tries < 300 && !process.output().includes('Agent Studio is running'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return process.output();
  }
  const setUp = (body: Record<string, unknown>) =>
    fetch(`${server!.url}/api/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('works once: adds the admin and signs them in; a restart with an admin prints no link', async () => {
    server = await start();
    const banner = await bannerOf(server);
    const link = /(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(banner)?.[1];
    expect(link, banner).toMatch(/^http:\/\/localhost:\d+\/setup\?token=/);
    const token = new URL(link!).searchParams.get('token')!;

    const answer = await setUp({ token, email: 'ada@example.com', password });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({
      user: { id: expect.any(String), email: 'ada@example.com', name: 'ada', role: 'admin' },
    });
    const cookie = cookiesOf(answer.headers);
    expect((await fetch(`${server.url}/api/users`, { headers: { cookie } })).status).toBe(200);

    const again = await setUp({ token, email: 'eve@example.com', password });
    expect(again.status).toBe(401);

    await server.stop();
    server = await start();
    expect(await bannerOf(server)).not.toContain('setup?token=');
  }, 120_000);
});

describe('setting up the first admin', () => {
  let context: Awaited<ReturnType<typeof createTestStudio>>;

  beforeAll(async () => {
    context = await createTestStudio({ settings: { auth: 'required' } });
  }, 30_000);
  afterAll(async () => {
    await context.cleanup();
  });

  const firstAdmin = () => context.studio.access.firstAdmin!;
  async function send(body: unknown) {
    const response = await context.studio.api.request('/api/auth/setup', jsonRequest('POST', body));
    return { status: response.status, body: (await response.json()) as ResponseBody, headers: response.headers };
  }

  it('says what is wrong with the email or password, and the link stays usable', async () => {
    const { token } = (await firstAdmin().issueIfNoAdmin())!;
    const badEmail = await send({ token, email: 'not an email', password });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).toContain('email');
    const short = await send({ token, email: 'ada@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('at least');
    const unknown = await send({ token: 'not-a-token-anyone-was-given', email: 'ada@example.com', password });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('unauthorized');
  });

  it('refuses a link older than an hour', async () => {
    const { storage, access } = context.studio;
    const longAgo = new Date(Date.now() - (setupLinkHours * 60 + 1) * 60_000);
    const old = createFirstAdminSetup({ storage, signIn: access.signIn!, now: () => longAgo });
    const { token, expiresAt } = (await old.issueIfNoAdmin())!;
    expect(expiresAt.getTime()).toBe(longAgo.getTime() + setupLinkHours * 3_600_000);
    const refused = await send({ token, email: 'ada@example.com', password });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain('expired');
    // The setup page asks the same before anyone fills it in.
    expect(await firstAdmin().refusalOf(token)).toBe(refused.body.error.message);
    expect(await firstAdmin().refusalOf('not-a-token-anyone-was-given')).toContain('unknown, used or expired');
    expect(await firstAdmin().refusalOf((await firstAdmin().issueIfNoAdmin())!.token)).toBeUndefined();
  });

  it('adds the admin once; the links other instances printed are refused after it, and none is made again', async () => {
    const mine = (await firstAdmin().issueIfNoAdmin())!;
    const another = (await firstAdmin().issueIfNoAdmin())!;
    const created = await send({ token: mine.token, email: 'ada@example.com', password });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const session = await context.studio.api.request('/api/auth/session', {
      headers: { cookie: cookiesOf(created.headers) },
    });
    expect(((await session.json()) as ResponseBody).user).toMatchObject({ email: 'ada@example.com', role: 'admin' });

    expect((await send({ token: mine.token, email: 'eve@example.com', password })).status).toBe(401);
    expect((await send({ token: another.token, email: 'eve@example.com', password })).status).toBe(401);
    expect(await firstAdmin().issueIfNoAdmin()).toBeUndefined();
    expect(await firstAdmin().refusalOf(another.token)).toMatch(/^An admin exists already/);
  });
});

describe('a setup link once an admin was added otherwise', () => {
  it('is refused with 409', async () => {
    const context = await createTestStudio({ settings: { auth: 'required' } });
    try {
      const { firstAdmin, signIn } = context.studio.access;
      const { token } = (await firstAdmin!.issueIfNoAdmin())!;
      await signIn!.createUser({ email: 'ops@example.com', name: 'Ops', password, role: 'admin' });
      const response = await context.studio.api.request(
        '/api/auth/setup',
        jsonRequest('POST', { token, email: 'eve@example.com', password }),
      );
      expect(response.status).toBe(409);
      expect(((await response.json()) as ResponseBody).error.message).toContain('admin exists');
    } finally {
      await context.cleanup();
    }
  }, 30_000);
});

describe('two setup links used at the same moment', () => {
  it('add one admin: the other is refused with 409, and a failed setup lets another link try', async () => {
    const context = await createTestStudio({ settings: { auth: 'required' } });
    try {
      const { firstAdmin, signIn } = context.studio.access;
      const setUp = (token: string, email: string) =>
        context.studio.api.request('/api/auth/setup', jsonRequest('POST', { token, email, password }));
      // An editor already has this address: the setup that names it fails, and gives way.
      await signIn!.createUser({ email: 'taken@example.com', name: 'Taken', password, role: 'editor' });
      const [first, second, third] = [
        (await firstAdmin!.issueIfNoAdmin())!,
        (await firstAdmin!.issueIfNoAdmin())!,
        (await firstAdmin!.issueIfNoAdmin())!,
      ];
      const failed = await setUp(first.token, 'taken@example.com');
      expect(failed.status).toBe(409);
      expect(await firstAdmin!.refusalOf(first.token)).toBeUndefined();

      const answers = await Promise.all([
        setUp(second.token, 'ada@example.com'),
        setUp(third.token, 'eve@example.com'),
      ]);
      const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as ResponseBody[];
      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(bodies)).toEqual([201, 409]);
      const refused = bodies[answers.findIndex((answer) => answer.status === 409)]!;
      expect(refused.error.code).toBe('conflict');
      const admins = (await context.studio.storage.queries.users.list()).filter((user) => user.role === 'admin');
      expect(admins).toHaveLength(1);
      // The links left over are void now that the admin exists.
      expect((await setUp(first.token, 'mallory@example.com')).status).toBe(401);
    } finally {
      await context.cleanup();
    }
  }, 30_000);
});
