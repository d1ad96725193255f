/**
 * Users (admin): list the people who sign in, add one with a password, change a user's role or
 * disable them (which ends their sessions). Only there when sign-in is required; the rules live in
 * lib/auth/user-directory.ts.
 */
import { z } from '@hono/zod-openapi';
import { createUserInput, updateUserInput, type UserDirectory } from '../../auth/user-directory';
import { roles } from '../../auth/roles';
import type { ApiApp } from '../app';
import { requestActor } from '../request-principal';
import { pageRequestOf } from '../pagination';
import { jsonRoutes, generatedIdParams, requiredBody } from '../schemas';

const route = jsonRoutes('users');

const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    disabled: z.boolean().openapi({ description: 'Cannot sign in; their sessions have ended' }),
    createdAt: z.string(),
  })
  .openapi('User');

export const listUsersRoute = route.page('/users', 'listUsers', {
  summary: 'Every user who signs in, by email',
  items: ['the users', userSchema],
  errors: [401, 403],
});

export const createUserRoute = route('post', '/users', 'createUser', {
  summary: 'Add a user who signs in with email and password',
  request: {
    body: requiredBody(createUserInput, {
      email: 'ada@example.com',
      name: 'Ada',
      role: 'editor',
      password: 'a long passphrase',
    }),
  },
  status: 201,
  ok: ['The user (without the password)', userSchema],
  errors: [400, 401, 403, 409],
});

export const updateUserRoute = route('patch', '/users/{id}', 'updateUser', {
  summary: "Change a user's role or disable them; either ends every session of theirs",
  description: 'The last enabled admin can be neither demoted nor disabled (409).',
  request: {
    params: generatedIdParams,
    body: requiredBody(updateUserInput, { role: 'viewer' }),
  },
  ok: ['The user as changed', userSchema],
  errors: [400, 401, 403, 404, 409],
});

export function registerUserRoutes(app: ApiApp, { users }: { users: UserDirectory }) {
  app.openapi(listUsersRoute, async (context) =>
    context.json(await users.list(pageRequestOf(context.req.valid('query'))), 200),
  );
  app.openapi(createUserRoute, async (context) =>
    context.json(await users.create({ ...context.req.valid('json'), actor: requestActor(context) }), 201),
  );
  app.openapi(updateUserRoute, async (context) =>
    context.json(
      await users.update({
        id: context.req.valid('param').id,
        change: context.req.valid('json'),
        actor: requestActor(context),
      }),
      200,
    ),
  );
}
