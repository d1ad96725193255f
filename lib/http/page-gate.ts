/**
 * The editor's pages with sign-in required. The editor's server actions act for the studio itself
 * (they do not yet know who is signed in), so until they do, pages are for admins only: a signed-in
 * admin (or an admin API key) gets them, anyone else a short page saying why. Without this a page's
 * server action would be a way around the API's access gate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allows, type Credentials } from '../auth/credentials';

const escape = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

function refusalPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}

/** Answers the request when the caller may not have the page (true), or leaves it to the editor (false). */
export async function refusePage(
  credentials: Credentials,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const principal = await credentials.identify({
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
  });
  if (principal && allows(principal, 'admin')) return false;
  const [status, title, message] = principal
    ? [
        403,
        'Admins only for now',
        'The editor is open to admins while its pages learn who is signed in; use the API with your role meanwhile.',
      ]
    : [
        401,
        'Sign-in required',
        'Sign in with POST /api/auth/sign-in (email and password), then reload this page. The first admin is created with `agent-studio db user create --role admin --password-stdin`.',
      ];
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(refusalPage(title, message));
  return true;
}
