/**
 * What the browser suite sends when it runs signed in (`e2e-editor`): the admin key on its own
 * set-up and check requests, and the editor's session cookie in every test browser. Nothing in the
 * run with sign-in off.
 */
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { editorEmail } from '../../support/signed-in-editor';

/** Headers for a test's own request to the API (set-up and checks, as a script would make them). */
export function scriptHeaders(): Record<string, string> {
  const key = inject('apiKey');
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** Whether this run's browsers are signed in as an editor (so admin-only pages are not theirs). */
export const signedInAsEditor = (): boolean => inject('sessionCookie') !== undefined;

/** How the editor's pages name the person using the test browsers (versions record `user:<email>` or `local`). */
export const editorInWords = (): string => (signedInAsEditor() ? editorEmail : 'the local user');

export async function signInContext(context: BrowserContext): Promise<void> {
  const cookie = inject('sessionCookie');
  if (!cookie) return;
  const separator = cookie.indexOf('=');
  await context.addCookies([
    { name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: inject('serverUrl') },
  ]);
}
