/**
 * How every server action answers: the value, or the API's error shape (never a thrown stack).
 * Errors are recognised by name and code (`studioErrorBody`): the `StudioError` class lives in
 * server.ts's bundle, not the page's.
 */
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import type { ActionResult } from '../_lib/action-result';

/** Until sign-in exists every editor user acts as `local`, like every API caller. */
export const editorActor = 'local';

export async function runAction<T>(operation: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (error) {
    const body = studioErrorBody(error);
    if (body) return { ok: false, error: body.error };
    currentStudio().logger.error('An editor action failed', { error });
    return {
      ok: false,
      error: { code: 'internal_error', message: 'Something went wrong on the server. Try again; the log has details.' },
    };
  }
}
