/**
 * Sign-in routes under `/api/auth/`, answered by the sign-in library (lib/auth/sign-in.ts):
 * `POST /api/auth/sign-in` `{ email, password }` sets the session cookie (rate-limited per
 * address: 429 with `Retry-After`), `POST /api/auth/sign-out` ends the session, and `GET
 * /api/auth/session` answers `{ user: { id, email, name, role } }` or 401. The library's other
 * routes (OpenID Connect callbacks) are served as it defines them. The setup and invitation routes
 * under `/api/auth/` are the studio's own (./invitations), registered before these.
 */
import type { SignIn } from '../../auth/sign-in';
import { errorBody } from '../../errors';
import type { ApiApp } from '../app';

/** The spec's paths that the library names otherwise. */
const libraryPaths: Record<string, string> = { '/api/auth/sign-in': '/api/auth/sign-in/email' };

export function registerSignInRoutes(app: ApiApp, { signIn }: { signIn: SignIn }) {
  app.get('/auth/session', async (context) => {
    const found = await signIn.session(context.req.raw.headers);
    if (!found) return context.json(errorBody('unauthorized', 'Not signed in, or the session has ended.'), 401);
    return context.json({ user: found.user }, 200);
  });

  app.on(['GET', 'POST'], '/auth/*', async (context) => {
    const url = new URL(context.req.url);
    url.pathname = libraryPaths[url.pathname] ?? url.pathname;
    // The API's JSON check has read the body already; the library gets it again from that text.
    const body = context.req.method === 'POST' ? await context.req.text() : undefined;
    const answer = await signIn.handler(
      new Request(url, { method: context.req.method, headers: context.req.raw.headers, body }),
    );
    if (answer.status === 429 && !answer.headers.has('retry-after')) {
      const retryAfter = answer.headers.get('x-retry-after');
      if (retryAfter) answer.headers.set('Retry-After', retryAfter);
    }
    return answer;
  });
}
