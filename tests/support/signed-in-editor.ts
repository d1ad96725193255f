/**
 * For the browser suite run once more with sign-in required (`e2e-editor`): an admin key made on
 * the database before the server starts (as `db key create` does), for the tests' own set-up
 * requests, and an editor signed in through the API, whose session cookie every test browser
 * carries. The editor's pages are then exercised by an editor, the role most people will have.
 */
import { join } from 'node:path';
import { openStorage } from '../../db/open-storage';
import { createApiKeys } from '../../lib/auth/api-keys';

export const editorEmail = 'editor@e2e.example.com';
const editorPassword = 'a passphrase for the browser tests';

export async function createAdminKey(directory: string): Promise<string> {
  const storage = await openStorage({ url: `file:${join(directory, 'studio.db')}` });
  try {
    await storage.migrate();
    const apiKeys = createApiKeys({ storage });
    const { key } = await apiKeys.create({ name: 'browser-tests', scope: 'admin', createdBy: 'test' });
    await apiKeys.close();
    return key;
  } finally {
    await storage.close();
  }
}

/** Adds the editor (as the admin key) and signs them in; answers the session cookie as `name=value`. */
export async function signInEditor(serverUrl: string, adminKey: string): Promise<string> {
  const created = await fetch(`${serverUrl}/api/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: editorEmail, role: 'editor', password: editorPassword }),
  });
  if (created.status !== 201) throw new Error(`Could not add the editor: ${created.status} ${await created.text()}`);
  const signedIn = await fetch(`${serverUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ email: editorEmail, password: editorPassword }),
  });
  const cookie = signedIn.headers.getSetCookie().find((header) => header.includes('session_token='));
  if (signedIn.status !== 200 || !cookie) throw new Error(`The editor could not sign in: ${signedIn.status}`);
  return cookie.split(';')[0]!;
}
