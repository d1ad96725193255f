/**
 * A JSON request to a route that is not an operation of the API document: the sign-in library's
 * own (`/api/auth/sign-in`, `/api/auth/sign-out`). Everything else goes through `callOperation`
 * (api-fetch.ts). The answer's body, or the server's own message.
 */
export const unreachableMessage = 'The studio could not be reached. Check that it is running, then try again.';

/** One problem of a refused input (`invalid_input`), by the path of the field it concerns. */
export interface InputIssue {
  path: string;
  message: string;
}

export type JsonAnswer<Value> =
  | { ok: true; status: number; value: Value }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number; issues?: InputIssue[] };

/** The issues of an error body, when it lists any (`details.issues`). */
export function issuesOfBody(json: unknown): InputIssue[] | undefined {
  const issues = (json as { error?: { details?: { issues?: unknown } } } | null)?.error?.details?.issues;
  return Array.isArray(issues) ? (issues as InputIssue[]) : undefined;
}

export async function sendJson<Value = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<JsonAnswer<Value>> {
  try {
    const response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as unknown;
    if (response.ok) return { ok: true, status: response.status, value: json as Value };
    const message =
      (json as { error?: { message?: unknown } } | null)?.error?.message ??
      (json as { message?: unknown } | null)?.message;
    const retryAfter = Number(response.headers.get('retry-after'));
    const issues = issuesOfBody(json);
    return {
      ok: false,
      status: response.status,
      message: typeof message === 'string' ? message : `The server answered ${response.status}.`,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      ...(issues ? { issues } : {}),
    };
  } catch {
    return { ok: false, status: 0, message: unreachableMessage };
  }
}
