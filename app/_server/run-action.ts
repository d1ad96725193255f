/**
 * How every server action answers: the value, or the API's error shape (never a thrown stack).
 * An action first checks the signed-in person may do it (the same scopes as the API's routes, so
 * a hidden control is refused anyway), then runs with them as the actor (`user:<email>`, or `local`
 * with sign-in off). Errors are recognised by name and code (`studioErrorBody`): the
 * `StudioError` class lives in server.ts's bundle, not the page's.
 */
import { actorOf, allows, type Principal, type RequiredScope } from '@/lib/auth';
import { databaseUnavailableError, isDatabaseUnreachable } from '@/lib/errors';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import type { ActionResult } from '../_lib/action-result';
import { currentPrincipal } from './principal';

export interface ActionCaller {
  principal: Principal;
  /** How the audit log and versions name them. */
  actor: string;
}

const signedOut: ActionResult<never> = {
  ok: false,
  error: { code: 'unauthorized', message: 'Your session has ended: sign in again, then repeat this.' },
};

function forbidden(principal: Principal, required: RequiredScope): ActionResult<never> {
  return {
    ok: false,
    error: {
      code: 'forbidden',
      message: `${actorOf(principal)} may not do this: it needs the ${required} role.`,
      details: { requiredScope: required },
    },
  };
}

export async function runAction<T>(
  required: RequiredScope,
  operation: (caller: ActionCaller) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const principal = await currentPrincipal();
    if (!principal) return signedOut;
    if (!allows(principal, required)) return forbidden(principal, required);
    return { ok: true, value: await operation({ principal, actor: actorOf(principal) }) };
  } catch (error) {
    const body = studioErrorBody(error);
    if (body) return { ok: false, error: body.error };
    if (isDatabaseUnreachable(error)) return { ok: false, error: databaseUnavailableError(error).toBody().error };
    currentStudio().logger.error('An editor action failed', { error });
    return {
      ok: false,
      error: { code: 'internal_error', message: 'Something went wrong on the server. Try again; the log has details.' },
    };
  }
}
