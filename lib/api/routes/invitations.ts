/**
 * The first admin and invitations, both one-time links (lib/auth/first-admin.ts,
 * lib/auth/invitations.ts). Public, for the pages that open the links: `POST /api/auth/setup`
 * adds the first admin, `POST /api/auth/invitation` says whom a link invites and `POST
 * /api/auth/accept-invitation` adds the invited user; the first and last sign the new user in.
 * Admins: create, list and withdraw invitations under `/api/users/invitations`. A link that is
 * unknown, used, withdrawn or expired answers 401 `unauthorized`. Only there when sign-in is
 * required.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AddedAndSignedIn, FirstAdminSetup } from '../../auth/first-admin';
import type { Invitations } from '../../auth/invitations';
import { roles } from '../../auth/roles';
import { acceptInvitationInput, createInvitationInput, firstAdminInput, readInvitationInput } from '../../schemas';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { pageRequestOf } from '../pagination';
import { jsonRoutes, noContentRoute, generatedIdParams, requiredBody } from '../schemas';

const signInRoute = jsonRoutes('sign-in');
const userRoute = jsonRoutes('users');

const signedInUserSchema = z
  .object({
    user: z
      .object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(roles) })
      .openapi('SignedInUser'),
  })
  .openapi('AddedAndSignedIn');

const invitationShape = {
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
};

const invitationSchema = z.object(invitationShape).openapi('Invitation');

const createdInvitationSchema = z
  .object({
    ...invitationShape,
    link: z
      .string()
      .openapi({ description: 'The one-time link to pass on (`/invite?token=...`): in this answer only' }),
  })
  .openapi('CreatedInvitation');

const exampleToken = 'bGlrZS1hLXRva2VuLWZyb20tdGhlLWxpbmstYXQtc3RhcnQ';

export const setUpFirstAdminRoute = signInRoute('post', '/auth/setup', 'setUpFirstAdmin', {
  summary: 'Add the first admin with the setup link printed at start, and sign them in',
  description:
    'The token is the one of the link (valid one hour, usable once). 401 when it is unknown, used or ' +
    'expired; 409 when an enabled admin exists already. Sets the session cookie.',
  request: {
    body: requiredBody(firstAdminInput, {
      token: exampleToken,
      email: 'ada@example.com',
      password: 'a long passphrase',
    }),
  },
  status: 201,
  ok: ['The admin, signed in', signedInUserSchema],
  errors: [400, 401, 409],
});

export const readInvitationRoute = signInRoute('post', '/auth/invitation', 'readInvitation', {
  summary: 'Whom an invitation link invites, with which role',
  description: '401 when the link is unknown, used, withdrawn or expired. The link stays usable.',
  request: { body: requiredBody(readInvitationInput, { token: exampleToken }) },
  ok: [
    'The invitation',
    z.object({ email: z.string(), role: z.enum(roles), expiresAt: z.string() }).openapi('InvitationOfLink'),
  ],
  errors: [400, 401],
});

export const acceptInvitationRoute = signInRoute('post', '/auth/accept-invitation', 'acceptInvitation', {
  summary: 'Accept an invitation: add the invited user with a password, and sign them in',
  description:
    "The email and role are the invitation's. 401 when the link is unknown, used, withdrawn or expired; " +
    '409 when the email is a user already. Sets the session cookie.',
  request: {
    body: requiredBody(acceptInvitationInput, { token: exampleToken, password: 'a long passphrase', name: 'Ada' }),
  },
  status: 201,
  ok: ['The new user, signed in', signedInUserSchema],
  errors: [400, 401, 409],
});

export const createInvitationRoute = userRoute('post', '/users/invitations', 'createInvitation', {
  summary: 'Invite someone by email with a role; the one-time link (valid 7 days) is in this answer only',
  description: 'A newer invitation for the same email replaces the pending one; an email already a user is 409.',
  request: {
    body: requiredBody(createInvitationInput, { email: 'ada@example.com', role: 'editor' }),
  },
  status: 201,
  ok: ['The invitation and its link', createdInvitationSchema],
  errors: [400, 401, 403, 409],
});

export const listInvitationsRoute = userRoute.page('/users/invitations', 'listInvitations', {
  summary: 'Pending invitations, oldest first, without their links',
  items: ['the invitations', invitationSchema],
  errors: [401, 403],
});

export const withdrawInvitationRoute = noContentRoute(
  'users',
  'delete',
  '/users/invitations/{id}',
  'withdrawInvitation',
  {
    summary: 'Withdraw a pending invitation: its link is refused from now on',
    request: { params: generatedIdParams },
    done: 'Withdrawn',
    errors: [401, 403, 404],
  },
);

/** The new user as the answer, with their session cookies. */
function signedIn(context: Context, { user, cookies }: AddedAndSignedIn) {
  for (const cookie of cookies) context.header('Set-Cookie', cookie, { append: true });
  return { user };
}

/** The public routes the setup and invitation pages post to: registered before the sign-in library's `/auth/*`. */
export function registerLinkRoutes(
  app: ApiApp,
  { firstAdmin, invitations }: { firstAdmin: FirstAdminSetup; invitations: Invitations },
) {
  app.openapi(setUpFirstAdminRoute, async (context) =>
    context.json(signedIn(context, await firstAdmin.setUp(context.req.valid('json'), context.req.raw.headers)), 201),
  );
  app.openapi(readInvitationRoute, async (context) =>
    context.json(await invitations.read(context.req.valid('json').token), 200),
  );
  app.openapi(acceptInvitationRoute, async (context) =>
    context.json(signedIn(context, await invitations.accept(context.req.valid('json'), context.req.raw.headers)), 201),
  );
}

export function registerInvitationRoutes(app: ApiApp, { invitations }: { invitations: Invitations }) {
  app.openapi(createInvitationRoute, async (context) =>
    context.json(
      await invitations.create({
        ...context.req.valid('json'),
        createdBy: requestActor(context),
        requestOrigin: new URL(context.req.url).origin,
      }),
      201,
    ),
  );
  app.openapi(listInvitationsRoute, async (context) =>
    context.json(await invitations.list(pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(withdrawInvitationRoute, async (context) => {
    await invitations.withdraw({ id: context.req.valid('param').id, actor: requestActor(context) });
    return context.body(null, 204);
  });
}
