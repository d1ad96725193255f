/**
 * `agent-studio db user create` on a database file, with no server: the password read from stdin
 * signs in and is recorded in the audit log as added by `cli`, and bad input (a short password, an email in use) is a plain error with exit code 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '@/db/open-storage';
import type { Storage } from '@/db/storage';
import { createSignIn } from '@/lib/auth/sign-in';
import { resolveSecretsKey } from '@/lib/secrets';
import { runCapturing } from './cli-support';

const directory = mkdtempSync(join(tmpdir(), 'studio-db-user-'));
const databaseUrl = `file:${join(directory, 'studio.db')}`;
const environment = { DATABASE_URL: databaseUrl };

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const run = (argv: string[], stdin?: string) => runCapturing(['db', ...argv], { environment, stdin });

async function withStorage<T>(work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = await openStorage({ url: databaseUrl });
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

describe('agent-studio db user create', () => {
  const password = 'a long enough password';

  async function signInStatus(email: string, attempt: string) {
    return withStorage(async (storage) => {
      const secretsKey = resolveSecretsKey({ databaseLocation: storage.fileLocation, mode: 'test' });
      const signIn = await createSignIn({ storage, secretsKey, secureCookies: false });
      const response = await signIn.handler(
        new Request('http://127.0.0.1/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: attempt }),
        }),
      );
      return response.status;
    });
  }

  it('adds a user whose password from stdin (without its last newline) signs in', async () => {
    const created = await run(
      ['user', 'create', '--email', 'ada@example.com', '--role', 'admin', '--password-stdin'],
      `${password}\n`,
    );
    expect(created).toEqual({ code: 0, stdout: 'Created admin ada@example.com', stderr: '', terminal: '' });
    expect(await signInStatus('ada@example.com', password)).toBe(200);
    expect(await signInStatus('ada@example.com', `${password}\n`)).toBe(401);
  }, 20_000);

  it('prints { id, email, name, role } with --json, the name defaulting to the part before @', async () => {
    const created = await run(
      ['user', 'create', '--email', 'grace.hopper@example.com', '--role', 'viewer', '--password-stdin', '--json'],
      password,
    );
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout) as { id: string };
    expect(user).toEqual({
      id: expect.any(String),
      email: 'grace.hopper@example.com',
      name: 'grace.hopper',
      role: 'viewer',
    });
    const entries = await withStorage((storage) =>
      storage.queries.audit.page({
        entityId: 'grace.hopper@example.com',
        beforeId: Number.MAX_SAFE_INTEGER,
        limit: 10,
      }),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'cli',
        action: 'user.create',
        entity: 'user',
        entityId: 'grace.hopper@example.com',
      }),
    ]);
    expect(JSON.parse(entries[0]!.details)).toEqual({
      id: user.id,
      email: 'grace.hopper@example.com',
      role: 'viewer',
      disabled: false,
    });
  }, 20_000);

  it('refuses an email in use, plainly, and keeps the first password', async () => {
    const create = (role: string, stdin: string) =>
      run(['user', 'create', '--email', 'lin@example.com', '--role', role, '--password-stdin'], stdin);
    expect((await create('editor', password)).code).toBe(0);
    const again = await create('viewer', 'another long password');
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toBe('A user with the email lin@example.com already exists; nothing was changed.');
    expect(await signInStatus('lin@example.com', password)).toBe(200);
  }, 20_000);

  it.each([
    [['--email', 'bob@example.com', '--role', 'editor'], 'short pass\n', 'at least 12 characters'],
    [['--email', 'bob@example.com', '--role', 'owner'], password, '--role is one of viewer, editor, admin'],
    [['--email', 'not an address', '--role', 'editor'], password, 'The user was not created: Invalid email'],
  ])('refuses %j with exit code 1 and says why', async (options, stdin, problem) => {
    const refused = await run(['user', 'create', ...options, '--password-stdin'], stdin);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toContain(problem);
    expect(refused.stderr).not.toMatch(/^\s+at /m);
  });

  it('requires --password-stdin', async () => {
    const refused = await run(['user', 'create', '--email', 'bob@example.com', '--role', 'editor']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'--password-stdin' not specified");
  });
});
