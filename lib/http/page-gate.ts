/**
 * The editor's pages with sign-in required. Without a live session a page sends the browser to
 * `/sign-in`, which brings it back afterwards; the sign-in and setup pages, and the scripts and
 * styles they load, are open to everyone. Admin pages answer 403 to other roles. Inside a page,
 * controls the role cannot use are left out and its server actions check the role again
 * (app/_server), so this gate only decides who gets a page at all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allows, type Credentials } from '../auth/credentials';

/** Open without a session: sign-in, first-admin setup, accepting an invitation, and static files. */
const openPaths = [
  /^\/sign-in(?:[/?]|$)/,
  /^\/setup(?:[/?]|$)/,
  /^\/invite(?:[/?]|$)/,
  /^\/_next\/static\//,
  /^\/icon\.svg$/,
];

/** Pages for admins only: settings (users, keys, audit log) and integrations with their credentials. */
const adminPaths = /^\/(?:settings|integrations|new-integration)(?:[/?]|$)/;

const escape = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

function refusalPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="/icon.svg"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p><p><a href="/">Back to the agents</a></p></main></body></html>`;
}

/** Where to come back to after signing in: the page's own path and query (never another site). */
export function signInLocation(url: string): string {
  const back = url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return back === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(back)}`;
}

/** Answers the request when the caller may not have the page (true), or leaves it to the editor (false). */
export async function refusePage(
  credentials: Credentials,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const url = request.url ?? '/';
  const path = url.split('?')[0] ?? '/';
  if (openPaths.some((open) => open.test(path))) return false;
  const principal = await credentials.identify({
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
  });
  if (!principal) {
    // A page load goes to sign-in; a server action or a client-side navigation (Next then loads
    // the page itself, which lands here as a page load) is told why it failed.
    if (request.method === 'GET' && request.headers.rsc === undefined) {
      response.writeHead(303, { location: signInLocation(url), 'cache-control': 'no-store' });
      response.end();
      return true;
    }
    response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end('Sign in first: your session has ended.');
    return true;
  }
  if (!adminPaths.test(path) || allows(principal, 'admin')) return false;
  response.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
  response.end(refusalPage('Admins only', 'This page is for admins: ask one of them if you need something here.'));
  return true;
}
