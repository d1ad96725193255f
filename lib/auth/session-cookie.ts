/**
 * The name of the session cookie, in a module of its own so that the OpenAPI document can name it
 * without loading the sign-in library. The library names its cookies `<prefix>.<cookie>`, and puts
 * `__Secure-` in front when cookies are marked `Secure` (the public URL is https).
 */

/** What the sign-in library puts before the names of its cookies. */
export const sessionCookiePrefix = 'studio';

/** The session cookie of a studio served over plain http. */
export const sessionCookieName = `${sessionCookiePrefix}.session_token`;

/** The session cookie of a studio whose public URL is https. */
export const secureSessionCookieName = `__Secure-${sessionCookieName}`;
