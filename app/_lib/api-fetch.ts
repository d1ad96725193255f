/**
 * JSON requests to the studio's API from the browser (the API refuses bodies of any other type),
 * typed by the operation's route definition: the body it takes and the JSON it answers.
 */
import type { ClientOperationId, OperationInput, OperationOutput } from '@/lib/client';

export type OperationBody<Id extends ClientOperationId> =
  OperationInput<Id> extends { body?: infer Body } ? Body : never;

export type ApiAnswer<Value> = { ok: true; value: Value } | { ok: false; message: string };

export const unreachableMessage = 'The studio could not be reached. Check that it is running, then try again.';

export async function postOperation<Id extends ClientOperationId>(
  path: string,
  body: OperationBody<Id>,
): Promise<ApiAnswer<OperationOutput<Id>>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) return { ok: false, message: json?.error?.message ?? `The server answered ${response.status}.` };
    return { ok: true, value: json as OperationOutput<Id> };
  } catch {
    return { ok: false, message: unreachableMessage };
  }
}
