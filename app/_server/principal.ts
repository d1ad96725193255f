/**
 * Who is using the editor: the principal the request's session cookie (or API key) names, asked
 * once per request of the studio's access (lib/auth). With sign-in off it is the local user, who may
 * do everything. Pages use it to leave out controls the role cannot use; server actions to refuse
 * them and to name the actor.
 */
import { headers } from 'next/headers';
import { cache } from 'react';
import type { Principal } from '@/lib/auth';
import { allows } from '@/lib/auth';
import { currentStudio } from '@/lib/studio-handle';
import type { Permissions } from '../_lib/permissions';

export const currentPrincipal = cache(async (): Promise<Principal | undefined> => {
  const requestHeaders = await headers();
  return currentStudio().access.identify({
    authorization: requestHeaders.get('authorization') ?? undefined,
    cookie: requestHeaders.get('cookie') ?? undefined,
  });
});

export function permissionsOf(principal: Principal | undefined): Permissions {
  if (!principal) return { edit: false, administer: false, run: false };
  return {
    edit: allows(principal, 'editor'),
    administer: allows(principal, 'admin'),
    run: allows(principal, 'runtime', { spends: true }),
  };
}

export async function currentPermissions(): Promise<Permissions> {
  return permissionsOf(await currentPrincipal());
}
