/**
 * Sign-in routes under `/api/auth/`, answered by the sign-in library (lib/auth/sign-in.ts):
 * `POST /api/auth/sign-in` `{ email, password }` sets the session cookie and answers `{ user: { id,
 * email, name, role } }` (the session token only in the cookie; a disabled user: 403 `forbidden`;
 * rate-limited per address and per account: 429 with `Retry-After`), `POST /api/auth/sign-out` ends the session, `POST
 * /api/auth/change-password` `{ currentPassword, newPassword }` ends every other session of the
 * user, answers `{ user: { id, email, name, role } }` like sign-in (the new session's token only in
 * the cookie) and records `user.password_change` in the audit log, and `GET /api/auth/session` answers `{ user: { id, email, name, role } }` or 401. With an
 * OpenID Connect provider, `POST /api/auth/sign-in/oauth2` `{ providerId: 'oidc', callbackURL?,
 * errorCallbackURL? }` answers `{ url, redirect: true }` (the provider's page to go to) and sets the
 * state cookie; the provider sends the browser back to `GET /api/auth/callback/oidc`, which sets
 * the session cookie and redirects to `callbackURL` (a path on this site, `/` by default; any other
 * site is refused with 403 when starting). The library's other routes are not served: signing up,
 * changing one's own account and its admin routes would go around the studio's rules on users,
 * which are managed under `/api/users`. Every refusal is in the studio's error shape, the library's
 * own included. The setup and invitation routes under `/api/auth/` are the studio's own
 * (./invitations), registered before these.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { Storage } from '../../../db/storage';
import { recordPasswordChange } from '../../auth/account-audit';
import { isRole } from '../../auth/roles';
import type { SignIn } from '../../auth/sign-in';
import { disabledAccountMessage } from '../../auth/sign-in-refusals';
import { changePasswordInput, signInInput } from '../../schemas';
import { errorBody, invalidInput, issuesFromZod, type Issue } from '../../errors';
import { codeForStatus, errorResponse, methodNotAllowed, type ApiApp } from '../app';
import { isRecord } from '../../is-record';

/** The spec's paths that the library names otherwise. */
const libraryPaths: Record<string, string> = {
  '/api/auth/sign-in': '/api/auth/sign-in/email',
  '/api/auth/sign-in/oauth2': '/api/auth/sign-in/social',
};

/** The library's path of a sign-in with email and password. */
const passwordSignInPath = '/api/auth/sign-in/email';

/** The library's path of a password change by the signed-in user. */
const changePasswordPath = '/api/auth/change-password';

/** The library's code for a current password that is not the user's. */
const wrongPasswordCode = 'INVALID_PASSWORD';

/** The library's code for a disabled (banned) user who gave the right password. */
const disabledUserCode = 'BANNED_USER';

/** The library's path that starts a provider sign-in. */
const providerSignInPath = '/api/auth/sign-in/social';

/** A request body's JSON, or undefined when there is none or it does not parse. */
function parsedBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The body a provider sign-in is started with, reduced to what the studio offers: the redirect to
 * the provider and back. The library's other ways in (an ID token posted directly, extra
 * authorization parameters, scopes) are left out, so a token copied from elsewhere signs nobody in.
 */
function providerSignInBody(text: string): string {
  // An unreadable body starts nothing: the library refuses the missing provider.
  const parsed = parsedBody(text);
  const given = isRecord(parsed) ? parsed : {};
  return JSON.stringify({
    provider: given.providerId ?? given.provider,
    callbackURL: given.callbackURL ?? '/',
    errorCallbackURL: given.errorCallbackURL,
    newUserCallbackURL: given.newUserCallbackURL,
  });
}

/** The library's routes the studio uses (a trailing `/*`: every path below), with the method each answers. */
const libraryRoutesInUse: ReadonlyArray<{ path: string; method: 'GET' | 'POST' }> = [
  { path: '/sign-in/email', method: 'POST' },
  { path: '/sign-out', method: 'POST' },
  { path: '/change-password', method: 'POST' },
  // `POST /api/auth/sign-in/oauth2` arrives here under the library's name for it.
  { path: '/sign-in/social', method: 'POST' },
  { path: '/callback/*', method: 'GET' },
  { path: '/oauth2/callback/*', method: 'GET' },
  // Where the library sends a browser when an OpenID Connect sign-in fails.
  { path: '/error', method: 'GET' },
];

/** The library's route in use at a path, if any. */
function libraryRouteAt(pathname: string) {
  const path = pathname.slice('/api/auth'.length);
  return libraryRoutesInUse.find((route) =>
    route.path.endsWith('/*')
      ? path.startsWith(route.path.slice(0, -1)) && path.length > route.path.length - 1
      : path === route.path,
  );
}

/** The answer with another JSON body, its status and headers (the session cookie among them) kept. */
function withJsonBody(answer: Response, body: unknown): Response {
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

/** The JSON body of an answer, or undefined when it has none that parses. */
const jsonOf = async (answer: Response): Promise<Record<string, unknown> | undefined> =>
  (await answer
    .clone()
    .json()
    .catch(() => undefined)) as Record<string, unknown> | undefined;

/**
 * The user of a library's answer as the studio shows a signed-in user, `{ id, email, name, role }`:
 * none of the library's other fields, and never the session token it puts beside the user (the
 * token belongs in the HttpOnly cookie, where a page's scripts cannot read it; scripts use API keys).
 */
function signedInUserOf(body: Record<string, unknown> | undefined) {
  const { id, email, name, role } = (body?.user ?? {}) as Record<string, unknown>;
  return { id, email, name, role: isRole(role) ? role : 'viewer' };
}

/**
 * A password sign-in's answer as the studio gives it: the signed-in user as `{ user: { id, email,
 * name, role } }`, like `GET /api/auth/session`; a disabled user refused with 403 `forbidden` in
 * the studio's error shape and words.
 */
async function passwordSignInAnswer(answer: Response): Promise<Response> {
  const body = await jsonOf(answer);
  if (answer.ok) return withJsonBody(answer, { user: signedInUserOf(body) });
  if (answer.status === 403 && body?.code === disabledUserCode)
    return withJsonBody(answer, errorBody('forbidden', disabledAccountMessage));
  return answer;
}

/**
 * A password change's answer as the studio gives it: the user as a sign-in answers it (the new
 * session's token only in its cookie), once the change is in the audit log with the user as actor.
 */
async function passwordChangeAnswer(answer: Response, storage: Pick<Storage, 'queries'>): Promise<Response> {
  if (!answer.ok) return passwordChangeRefusal(answer);
  const user = signedInUserOf(await jsonOf(answer));
  if (typeof user.email === 'string') await recordPasswordChange(storage, { at: new Date(), email: user.email });
  return withJsonBody(answer, { user });
}

/** A wrong current password as a problem of that field, like every other problem of the body. */
async function passwordChangeRefusal(answer: Response): Promise<Response> {
  if ((await jsonOf(answer))?.code !== wrongPasswordCode) return answer;
  const issues: Issue[] = [{ path: 'currentPassword', message: 'This is not your current password' }];
  return withJsonBody(
    answer,
    errorBody('invalid_input', 'The current password is not right, so the password was not changed.', { issues }),
  );
}

/** The studio's answer for a library's answer at `path`: its own shape where it has one. */
async function studioAnswer(path: string, answer: Response, storage: Pick<Storage, 'queries'>): Promise<Response> {
  if (path === passwordSignInPath) return passwordSignInAnswer(answer);
  if (path === changePasswordPath) return passwordChangeAnswer(answer, storage);
  return answer;
}

/** What was tried too often, as a refusal at `path` says it. */
const tooManyAttempts = (path: string) =>
  path === changePasswordPath ? 'Too many attempts to change the password' : 'Too many sign-in attempts';

/**
 * A refusal the library answered in its own shape and words (`{ message, code }`) in the studio's
 * error shape, so every refusal under `/api/` reads alike; a too-early retry says what was tried
 * too often and when to retry.
 */
async function studioRefusal(path: string, answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  const body = await jsonOf(answer);
  if (body !== undefined && 'error' in body) return answer;
  if (answer.status === 429) {
    const seconds = answer.headers.get('retry-after');
    const when = seconds ? `in ${seconds} seconds` : 'later';
    return withJsonBody(answer, errorBody('rate_limited', `${tooManyAttempts(path)}; try again ${when}.`));
  }
  const given = typeof body?.message === 'string' && body.message !== '' ? body.message : 'The request was refused';
  return withJsonBody(answer, errorBody(codeForStatus(answer.status), given.endsWith('.') ? given : `${given}.`));
}

/** The studio's own schemas of the bodies it hands to the library, by the library's path. */
const bodySchemas: Record<string, typeof signInInput | typeof changePasswordInput> = {
  [passwordSignInPath]: signInInput,
  [changePasswordPath]: changePasswordInput,
};

/**
 * A sign-in or password change body checked with the studio's own schema before the library sees
 * it (the library's words name its internals): the refusal, or undefined when it is fine.
 */
function bodyRefusal(context: Context, path: string, text: string | undefined): Response | undefined {
  const schema = bodySchemas[path];
  if (!schema) return undefined;
  const checked = schema.safeParse(parsedBody(text) ?? {});
  return checked.success ? undefined : errorResponse(context, invalidInput(issuesFromZod(checked.error)));
}

/** The address the connection comes from, when served by Node (in process there is none). */
function socketAddress(context: Context): string | undefined {
  return (context.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;
}

export function registerSignInRoutes(
  app: ApiApp,
  { signIn, storage }: { signIn: SignIn; storage: Pick<Storage, 'queries'> },
) {
  app.get('/auth/session', async (context) => {
    const found = await signIn.session(context.req.raw.headers);
    if (!found) {
      context.header('WWW-Authenticate', 'Bearer');
      return context.json(errorBody('unauthorized', 'Not signed in, or the session has ended.'), 401);
    }
    return context.json({ user: found.user }, 200);
  });

  app.on(['GET', 'POST'], '/auth/*', async (context, next) => {
    const url = new URL(context.req.url);
    url.pathname = libraryPaths[url.pathname] ?? url.pathname;
    // Not the library's: the studio's own routes under /api/auth registered later, or 404.
    const route = libraryRouteAt(url.pathname);
    if (!route) return next();
    if (route.method !== context.req.method) return methodNotAllowed(context, [route.method]);
    // The API's JSON check has read the body already; the library gets it again from that text.
    // An empty body is none: the library refuses a body without a content type (curl's sign-out).
    const text = context.req.method === 'POST' ? (await context.req.text()) || undefined : undefined;
    const refused = bodyRefusal(context, url.pathname, text);
    if (refused) return refused;
    const body = text !== undefined && url.pathname === providerSignInPath ? providerSignInBody(text) : text;
    const answer = await signIn.handler(
      new Request(url, { method: context.req.method, headers: context.req.raw.headers, body }),
      socketAddress(context),
    );
    if (answer.status === 429 && !answer.headers.has('retry-after')) {
      const retryAfter = answer.headers.get('x-retry-after');
      if (retryAfter) answer.headers.set('Retry-After', retryAfter);
    }
    // A 401 says how to authenticate, as every other 401 of the API does.
    if (answer.status === 401 && !answer.headers.has('www-authenticate'))
      answer.headers.set('WWW-Authenticate', 'Bearer');
    return studioRefusal(url.pathname, await studioAnswer(url.pathname, answer, storage));
  });
}
