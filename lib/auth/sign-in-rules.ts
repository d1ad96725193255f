/**
 * The studio's rules on top of the sign-in library, as one library plugin:
 *
 * - Failed sign-ins are limited per account as well as per address: after `accountAttempts` failures
 *   for one email within `accountWindowMinutes`, from however many addresses, sign-in with that
 *   email answers 429 with `Retry-After` until the oldest failure leaves the window. Each attempt is
 *   a row of the library's `verifications` table (expiring with the window), so every instance
 *   counts the same attempts. Unknown emails are counted the same way, so the answers never tell
 *   whether an account exists. A successful sign-in clears the account's failures.
 * - A password change ends every other session of the user, whatever the caller asks.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';

/** Failed sign-ins for one email within `accountWindowMinutes`, counted by every instance together. */
export const accountAttempts = 10;
export const accountWindowMinutes = 15;

const signInPath = '/sign-in/email';
const changePasswordPath = '/change-password';
/** Attempt rows are told apart from the library's own verifications by this prefix. */
const attemptPrefix = 'sign-in-attempt:';
const attemptModel = 'verification';

type AuthAdapter = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]['context']['adapter'];

interface AttemptRow {
  id: string;
  expiresAt: Date;
}

/** The email a sign-in names, as the library compares it (case does not matter). */
function attemptedEmail(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
}

const attemptIdentifier = (email: string) => `${attemptPrefix}${email}`;

/** Attempts whose window has passed, of every account (what is left of accounts not tried again). */
async function forgetExpiredAttempts(adapter: AuthAdapter, now: Date) {
  await adapter.deleteMany({
    model: attemptModel,
    where: [
      { field: 'identifier', operator: 'starts_with', value: attemptPrefix },
      { field: 'expiresAt', operator: 'lt', value: now },
    ],
  });
}

/**
 * Records the attempt before the password is checked, then counts: recording first means many
 * attempts at once cannot all pass a count taken before any of them was written.
 */
async function recordAttempt(adapter: AuthAdapter, email: string, now: Date): Promise<AttemptRow> {
  return adapter.create<Record<string, unknown>, AttemptRow>({
    model: attemptModel,
    data: {
      identifier: attemptIdentifier(email),
      value: 'failed or pending sign-in',
      expiresAt: new Date(now.getTime() + accountWindowMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    },
  });
}

async function liveAttempts(adapter: AuthAdapter, email: string, now: Date): Promise<AttemptRow[]> {
  return adapter.findMany<AttemptRow>({
    model: attemptModel,
    where: [
      { field: 'identifier', value: attemptIdentifier(email) },
      { field: 'expiresAt', operator: 'gte', value: now },
    ],
    sortBy: { field: 'expiresAt', direction: 'asc' },
  });
}

/**
 * The library's own answer to too many attempts from one address, word for word. Answered rather
 * than thrown: the library logs every error thrown by a hook, and a guessing run would fill the log.
 */
function tooManyAttempts(oldest: AttemptRow, now: Date): Response {
  const retryAfter = String(Math.max(1, Math.ceil((new Date(oldest.expiresAt).getTime() - now.getTime()) / 1000)));
  return new Response(JSON.stringify({ message: 'Too many requests. Please try again later.' }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter, 'X-Retry-After': retryAfter },
  });
}

const limitAccountAttempts = createAuthMiddleware(async (context) => {
  const email = attemptedEmail(context.body);
  if (!email) return;
  const { adapter } = context.context;
  const now = new Date();
  await forgetExpiredAttempts(adapter, now);
  const recorded = await recordAttempt(adapter, email, now);
  const live = await liveAttempts(adapter, email, now);
  if (live.length <= accountAttempts) return;
  // A refused attempt is not a failure of its own: the account opens again when the oldest expires.
  await adapter.delete({ model: attemptModel, where: [{ field: 'id', value: recorded.id }] });
  return tooManyAttempts(live[0]!, now);
});

const clearAttemptsAfterSuccess = createAuthMiddleware(async (context) => {
  const email = attemptedEmail(context.body);
  if (!email || context.context.returned === undefined || isAPIError(context.context.returned)) return;
  await context.context.adapter.deleteMany({
    model: attemptModel,
    where: [{ field: 'identifier', value: attemptIdentifier(email) }],
  });
});

const alwaysRevokeOtherSessions = createAuthMiddleware(async (context) => ({
  context: { body: { ...(context.body as Record<string, unknown>), revokeOtherSessions: true } },
}));

export function studioSignInRules() {
  return {
    id: 'studio-sign-in-rules',
    hooks: {
      before: [
        { matcher: (context) => context.path === signInPath, handler: limitAccountAttempts },
        { matcher: (context) => context.path === changePasswordPath, handler: alwaysRevokeOtherSessions },
      ],
      after: [{ matcher: (context) => context.path === signInPath, handler: clearAttemptsAfterSuccess }],
    },
  } satisfies BetterAuthPlugin;
}
