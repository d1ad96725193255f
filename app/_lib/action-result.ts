import type { ErrorBody } from '@/lib/studio-handle';

export type ActionError = ErrorBody['error'];

/** What every server action answers: a value, or the API's error shape (never a thrown stack). */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: ActionError };

/** The problems of an `invalid_input` error, by path. */
export function issuesOf(error: ActionError): Array<{ path: string; message: string }> {
  const issues = error.details?.issues;
  return Array.isArray(issues) ? (issues as Array<{ path: string; message: string }>) : [];
}
