/**
 * Sign-in routes under `/api/auth/`, answered by the sign-in library (lib/auth/sign-in.ts):
 * `POST /api/auth/sign-in` `{ email, password }` sets the session cookie (rate-limited per address
 * and per account: 429 with `Retry-After`), `POST /api/auth/sign-out` ends the session, `POST
 * /api/auth/change-password` `{ currentPassword, newPassword }` ends every other session of the
 * user, and `GET /api/auth/session` answers `{ user: { id, email, name, role } }` or 401. Of the
 * library's other routes only the OpenID Connect ones are served; the rest (signing up, changing
 * one's own account, its admin routes) would go around the studio's rules on users, which are
 * managed under `/api/users`.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { SignIn } from '../../auth/sign-in';
import { errorBody } from '../../errors';
import type { ApiApp } from '../app';

/** The spec's paths that the library names otherwise. */
const libraryPaths: Record<string, string> = { '/api/auth/sign-in': '/api/auth/sign-in/email' };

/** The library's routes the studio uses (a trailing `/*`: every path below). */
const libraryRoutesInUse = [
  '/sign-in/email',
  '/sign-out',
  '/change-password',
  '/sign-in/oauth2',
  '/callback/*',
  '/oauth2/callback/*',
  // Where the library sends a browser when an OpenID Connect sign-in fails.
  '/error',
];

function isLibraryRouteInUse(pathname: string): boolean {
  const path = pathname.slice('/api/auth'.length);
  return libraryRoutesInUse.some((route) =>
    route.endsWith('/*') ? path.startsWith(route.slice(0, -1)) && path.length > route.length - 1 : path === route,
  );
}

/** The address the connection comes from, when served by Node (in process there is none). */
function socketAddress(context: Context): string | undefined {
  return (context.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;
}

export function registerSignInRoutes(app: ApiApp, { signIn }: { signIn: SignIn }) {
  app.get('/auth/session', async (context) => {
    const found = await signIn.session(context.req.raw.headers);
    if (!found) return context.json(errorBody('unauthorized', 'Not signed in, or the session has ended.'), 401);
    return context.json({ user: found.user }, 200);
  });

  app.on(['GET', 'POST'], '/auth/*', async (context, next) => {
    const url = new URL(context.req.url);
    url.pathname = libraryPaths[url.pathname] ?? url.pathname;
    // Not the library's: the studio's own routes under /api/auth registered later, or 404.
    if (!isLibraryRouteInUse(url.pathname)) return next();
    // The API's JSON check has read the body already; the library gets it again from that text.
    const body = context.req.method === 'POST' ? await context.req.text() : undefined;
    const answer = await signIn.handler(
      new Request(url, { method: context.req.method, headers: context.req.raw.headers, body }),
      socketAddress(context),
    );
    if (answer.status === 429 && !answer.headers.has('retry-after')) {
      const retryAfter = answer.headers.get('x-retry-after');
      if (retryAfter) answer.headers.set('Retry-After', retryAfter);
    }
    return answer;
  });
}
