/**
 * JSON requests to the studio's API from the browser (the API refuses bodies of any other type),
 * typed by the operation's route definition: the body it takes and the JSON it answers.
 */
import type { ClientOperationId, OperationInput, OperationOutput } from '@/lib/client';
import { sendJson, type InputIssue } from './send-json';

export { unreachableMessage, type InputIssue } from './send-json';

export type OperationBody<Id extends ClientOperationId> =
  OperationInput<Id> extends { body?: infer Body } ? Body : never;

export type ApiAnswer<Value> = { ok: true; value: Value } | { ok: false; message: string; issues?: InputIssue[] };

export async function postOperation<Id extends ClientOperationId>(
  path: string,
  body: OperationBody<Id>,
): Promise<ApiAnswer<OperationOutput<Id>>> {
  return sendJson<OperationOutput<Id>>('POST', path, body);
}
