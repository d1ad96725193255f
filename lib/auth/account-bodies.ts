/**
 * Request bodies of the account operations: signing in, the first admin, invitations and API keys.
 * The API routes and lib/auth parse with them and the sign-in, setup, invitation and Settings forms
 * validate with them. Roles, scopes and the password rules are plain constants, so this module
 * stays safe to bundle for the browser.
 */
import { z } from 'zod';
import { blankPasswordMessage, isBlankPassword, maximumPasswordLength, minimumPasswordLength } from './password-rules';
import { roles, scopes } from './roles';

/** An empty field asks for an address; anything else that is not one asks for a valid one. */
export const emailInput = z.email({
  error: (issue) =>
    typeof issue.input !== 'string' || issue.input.trim() === ''
      ? 'An email address is required'
      : 'Enter a valid email address, such as name@example.com',
});

/** A password someone sets: long enough, not too long, and not only white space. */
export const passwordInput = z
  .string()
  .min(minimumPasswordLength, `The password needs at least ${minimumPasswordLength} characters`)
  .max(maximumPasswordLength, `The password has at most ${maximumPasswordLength} characters`)
  // Only once the length is right: a short password is told its length, not two things at once.
  .refine((password) => !isBlankPassword(password), {
    message: blankPasswordMessage,
    when: ({ issues }) => issues.length === 0,
  });

export const linkTokenInput = z.string().min(1, 'The token of the link is required').max(200);

/**
 * The body of `POST /api/auth/sign-in`, which the sign-in library answers: an email and the current
 * password. No length rule on the password: one set before a rule changed still signs in.
 */
export const signInInput = z.strictObject({
  email: emailInput,
  password: z.string().min(1, 'The password is required'),
});
export type SignInInput = z.infer<typeof signInInput>;

/**
 * The body of `POST /api/auth/change-password`: the current password (no length rule, as at
 * sign-in) and a new one that follows the password rules. `revokeOtherSessions` is the sign-in
 * library's and changes nothing: a password change always ends the user's other sessions.
 */
export const changePasswordInput = z.strictObject({
  currentPassword: z.string({ error: 'Your current password is required' }).min(1, 'Your current password is required'),
  newPassword: z.string({ error: 'A new password is required' }).pipe(passwordInput),
  revokeOtherSessions: z.boolean({ error: 'Either true or false' }).optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The body of `POST /api/auth/setup`. */
export const firstAdminInput = z.strictObject({
  token: linkTokenInput,
  email: emailInput,
  password: passwordInput,
});
export type FirstAdminInput = z.infer<typeof firstAdminInput>;

/** The body of `POST /api/users/invitations`. */
export const createInvitationInput = z.strictObject({
  email: emailInput,
  role: z.enum(roles, { error: 'The role is one of viewer, editor or admin' }),
});
export type CreateInvitationInput = z.infer<typeof createInvitationInput>;

/** The body of `POST /api/auth/accept-invitation`. */
export const acceptInvitationInput = z.strictObject({
  token: linkTokenInput,
  password: passwordInput,
  name: z.string().trim().min(1).max(100).optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

/** The body of `POST /api/auth/invitation`: the link's token, to learn whom it invites. */
export const readInvitationInput = z.strictObject({ token: linkTokenInput });

/** The body of `POST /api/keys`, for the route, the CLI and the Settings form alike. */
export const createApiKeyInput = z.strictObject({
  name: z.string().min(1, 'A name is required').max(100, 'A name has at most 100 characters'),
  scope: z.enum(scopes, { error: 'The scope is one of runtime, editor or admin' }),
  expiresAt: z.iso.datetime({ offset: true, error: 'An ISO date and time, e.g. 2030-01-01T00:00:00Z' }).optional(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;
