/**
 * The CLI against a studio that requires sign-in: no key or an unknown one is exit code 3 with the
 * server's message (a revoked key named as such); a key made with `db key create` on the studio's database is sent as a bearer
 * token and works; a key whose scope is too low is exit code 3 naming the scope it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapturing, servedStudio } from './cli-support';

describe('the CLI with sign-in required', () => {
  let studio: Awaited<ReturnType<typeof servedStudio>>;
  let runtimeKey: string;

  beforeAll(async () => {
    studio = await servedStudio({ settings: { auth: 'required' } });
    const created = await runCapturing(['db', 'key', 'create', '--name', 'reader', '--scope', 'runtime'], {
      environment: { DATABASE_URL: studio.reopen.database.url },
    });
    expect(created.code).toBe(0);
    runtimeKey = created.stdout;
  });
  afterAll(() => studio.close());

  it('exits 3 with the server message when no key is sent', async () => {
    const { code, stdout, stderr } = await studio.run('agent', 'list');
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'Not authorised: Sign in, or send an API key as `Authorization: Bearer <key>`.\nPass an API key with --key or STUDIO_API_KEY.',
    );
  });

  it('exits 3 for a key the server does not know', async () => {
    const { code, stderr } = await studio.run('agent', 'list', '--key', 'as_notAKeyThisStudioEverMade');
    expect(code).toBe(3);
    expect(stderr).toBe(
      'Not authorised: This is not an API key of this studio.\nPass an API key with --key or STUDIO_API_KEY.',
    );
  });

  it('exits 3 saying that the key was revoked, by its name', async () => {
    const created = await runCapturing(['db', 'key', 'create', '--name', 'gone', '--scope', 'runtime', '--json'], {
      environment: { DATABASE_URL: studio.reopen.database.url },
    });
    const { id, key } = JSON.parse(created.stdout) as { id: string; key: string };
    expect(await studio.run('agent', 'list', '--key', key)).toMatchObject({ code: 0 });
    await studio.studio.access.apiKeys.revoke({ id, actor: 'test' });
    const { code, stderr } = await studio.run('agent', 'list', '--key', key);
    expect(code).toBe(3);
    expect(stderr).toBe(
      'Not authorised: The API key "gone" was revoked.\nPass an API key with --key or STUDIO_API_KEY.',
    );
    expect(stderr).not.toContain(key);
  });

  it('sends the key from --key or STUDIO_API_KEY as a bearer token', async () => {
    expect(await studio.run('agent', 'list', '--key', runtimeKey)).toMatchObject({ code: 0, stderr: '' });
    const fromEnvironment = await runCapturing(['agent', 'list'], {
      environment: { STUDIO_URL: studio.url, STUDIO_API_KEY: runtimeKey },
    });
    expect(fromEnvironment).toMatchObject({ code: 0, stderr: '' });
  });

  it('exits 3 naming the scope needed when the key’s scope is too low', async () => {
    const { code, stderr } = await studio.run('audit', '--key', runtimeKey);
    expect(code).toBe(3);
    expect(stderr).toBe(
      'Not authorised: key:reader may not do this: it needs the admin scope.\nPass a key with that scope with --key or STUDIO_API_KEY.',
    );
  });
});
