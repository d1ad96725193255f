/**
 * How people first get in, in a real browser, on a server of its own with `STUDIO_AUTH=required`,
 * no admin yet and an OpenID Connect provider (a local `oidc-provider`): the setup link printed at
 * start makes the first admin once; a person coming through the provider comes back to the page
 * they opened with the default role; an invitation the admin makes in Settings lets a new person
 * set a password, once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type ProviderAccount, type TestOidcProvider } from '../support/oidc-provider';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { seriousAccessibilityViolations } from './support/accessibility';
import { freshProfiles, launchBrowser } from './support/browser';
import { unexpectedConsoleErrors } from './support/page-watch';

const patience = { timeout: 30_000 };
const password = 'a long enough passphrase';
const adminEmail = 'admin@example.com';
const editorEmail = 'editor@example.com';
const providerName = 'Example SSO';
const ada: ProviderAccount = { sub: 'ada-1', email: 'ada@example.com', email_verified: true, name: 'Ada' };

/** The banner with the setup link comes once the editor is ready, a moment after /api/health answers. */
async function setupLinkOf(server: ServerProcess): Promise<string> {
  for (let tries = 0; tries < 300; tries++) {
    const link = /(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(server.output())?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server printed no setup link:\n${server.output()}`);
}

describe('the first sign-in in a real browser: setup link, provider, invitation', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let server: ServerProcess;
  let provider: TestOidcProvider;
  let directory: string;
  let setupLink: string;
  /** The first admin's page, signed in by the setup link; the invitation is made there. */
  let adminPage: Page | undefined;
  let profiles: ReturnType<typeof freshProfiles>;

  beforeAll(async () => {
    browser = await launchBrowser();
    profiles = freshProfiles(browser.browser);
    directory = mkdtempSync(join(tmpdir(), 'studio-first-sign-in-'));
    // The provider is registered with the studio's callback, so the studio's address is fixed first.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUri: `${publicUrl}/api/auth/callback/oidc` });
    provider.signInAs(ada);
    server = await startServerProcess({
      root: fileURLToPath(new URL('../..', import.meta.url)),
      directory,
      spawn,
      config: 'browser',
      port,
      environment: {
        STUDIO_AUTH: 'required',
        STUDIO_PUBLIC_URL: publicUrl,
        STUDIO_TRUSTED_PROXY: '1',
        STUDIO_OIDC_ISSUER: provider.issuer,
        STUDIO_OIDC_CLIENT_ID: provider.clientId,
        STUDIO_OIDC_CLIENT_SECRET: provider.clientSecret,
        STUDIO_OIDC_DEFAULT_ROLE: 'viewer',
        STUDIO_OIDC_NAME: providerName,
      },
    });
    expect(server.url).toBe(publicUrl);
    setupLink = await setupLinkOf(server);
  });
  afterAll(async () => {
    await profiles?.close();
    await browser?.close();
    await server?.stop();
    await provider?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const freshPage = () => profiles.page();

  /** Who the page's session is, as the editor's own scripts would ask. */
  function sessionUser(page: Page) {
    return page.evaluate(async () => {
      const response = await fetch('/api/auth/session');
      return ((await response.json()) as { user?: Record<string, unknown> }).user;
    });
  }

  /** The alert with `text`: Next renders an empty route announcer with the same role on every page. */
  const alertWith = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

  it('creates the first admin from the setup link printed at start, once', async () => {
    expect(setupLink.startsWith(`${server.url}/setup?token=`)).toBe(true);
    const { page, errors } = await freshPage();
    await page.goto(setupLink);
    await page.getByRole('heading', { level: 1, name: 'Create the first admin' }).waitFor(patience);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Email' }).fill(adminEmail);
    await page.getByRole('textbox', { name: 'Password' }).fill('too short');
    await page.getByRole('button', { name: 'Create admin' }).click();
    await alertWith(page, /12 characters/).waitFor(patience);

    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Create admin' }).click();
    await page.waitForURL(`${server.url}/`, patience);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: adminEmail }).waitFor(patience);
    await nav.getByRole('link', { name: 'Settings' }).waitFor(patience);
    expect(await sessionUser(page)).toMatchObject({ email: adminEmail, role: 'admin' });
    expect(unexpectedConsoleErrors(errors, 400)).toEqual([]);
    adminPage = page;

    // Opened again, the link says at once that it is done with, and offers nothing to fill in.
    const again = await freshPage();
    await again.page.goto(setupLink);
    await alertWith(again.page, 'An admin exists already; sign in').waitFor(patience);
    expect(await again.page.getByRole('button', { name: 'Create admin' }).isDisabled()).toBe(true);
    const token = new URL(setupLink).searchParams.get('token');
    const refused = await again.page.evaluate(
      async (body) =>
        (await fetch('/api/auth/setup', { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
          .status,
      JSON.stringify({ token, email: 'eve@example.com', password }),
    );
    expect(refused).toBe(401);
    expect(await sessionUser(again.page)).toBeUndefined();
    expect(unexpectedConsoleErrors(again.errors, 401)).toEqual([]);
  });

  it('signs a new person in through the provider and back to the page they opened, with the default role', async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${server.url}/agents/demo-assistant`);
    await page.waitForURL(/\/sign-in\?next=/, patience);
    await page.getByRole('button', { name: `Sign in with ${providerName}` }).click();
    await page.waitForURL(`${server.url}/agents/demo-assistant`, patience);
    await page.getByRole('heading', { level: 1, name: 'Demo assistant' }).waitFor(patience);
    await page.getByRole('button', { name: ada.email }).waitFor(patience);
    expect(await sessionUser(page)).toMatchObject({ email: ada.email, name: ada.name, role: 'viewer' });
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(unexpectedConsoleErrors(errors, 401)).toEqual([]);
  });

  it('lets the admin invite an editor, whose link makes their account once', async () => {
    expect(adminPage, 'the first admin is signed in').toBeDefined();
    const page = adminPage!;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Invite user' }).click();
    // A malformed address is named as such, not as a missing one.
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await page.getByText('Enter a valid email address, such as name@example.com').waitFor(patience);
    expect(await page.getByText('An email address is required').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Email' }).fill(editorEmail);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const shown = page.getByRole('textbox', { name: 'Invitation link' });
    await shown.waitFor(patience);
    const link = await shown.inputValue();
    expect(link.startsWith(`${server.url}/invite?token=`)).toBe(true);
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await pending.getByRole('cell', { name: editorEmail, exact: true }).waitFor(patience);

    const { page: invited, errors } = await freshPage();
    await invited.goto(link);
    await invited.getByText(`You are invited as ${editorEmail}`).waitFor(patience);
    await invited.getByRole('textbox', { name: 'Password' }).fill(password);
    await invited.getByRole('button', { name: 'Create account' }).click();
    await invited.waitForURL(`${server.url}/`, patience);
    await invited.getByRole('button', { name: editorEmail }).waitFor(patience);
    expect(await sessionUser(invited)).toMatchObject({ email: editorEmail, role: 'editor' });
    await invited.goto(`${server.url}/agents/demo-assistant`);
    await invited.getByRole('button', { name: 'Save', exact: true }).waitFor(patience);
    expect(unexpectedConsoleErrors(errors)).toEqual([]);

    const again = await freshPage();
    await again.page.goto(link);
    await alertWith(again.page, 'This invitation link is unknown, used, withdrawn or expired').waitFor(patience);
    expect(await again.page.getByRole('button', { name: 'Create account' }).isDisabled()).toBe(true);
    expect(unexpectedConsoleErrors(again.errors, 401)).toEqual([]);

    // Another invitation waits in the list until it is withdrawn; a refused one shows no earlier link.
    await page.reload();
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('later@example.com');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await page.getByRole('textbox', { name: 'Invitation link' }).waitFor(patience);
    await pending.getByRole('cell', { name: 'later@example.com', exact: true }).waitFor(patience);
    expect(await pending.getByRole('cell', { name: editorEmail, exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Email' }).fill(editorEmail);
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await alertWith(page, 'already exists').waitFor(patience);
    expect(await page.getByRole('textbox', { name: 'Invitation link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Withdraw the invitation of later@example.com' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The invitation of later@example.com is withdrawn' })
      .waitFor(patience);
    await page.getByText('No invitation is waiting to be accepted.').waitFor(patience);
  });
});
