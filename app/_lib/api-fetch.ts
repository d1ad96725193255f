/**
 * The studio's API from the browser, one operation at a time by its operationId, through the typed
 * client (`lib/client`): the path, query and body are the route's own, and so is the type of the
 * answer. A refusal is the server's message with its issues; a studio that cannot be reached says so.
 * Requests go to the page's own origin, so the session cookie goes with them.
 */
import {
  createStudioClient,
  StudioApiError,
  type ClientOperationId,
  type OperationInput,
  type OperationOutput,
} from '@/lib/client';
import { unreachableMessage, type InputIssue } from './send-json';

export { unreachableMessage, type InputIssue } from './send-json';

export type ApiAnswer<Value> = { ok: true; value: Value } | { ok: false; message: string; issues?: InputIssue[] };

/** The input argument of an operation: optional when the operation takes nothing it requires. */
export type InputArgument<Id extends ClientOperationId> =
  object extends OperationInput<Id> ? [input?: OperationInput<Id>] : [input: OperationInput<Id>];

/** The JSON body an operation takes. */
export type OperationBody<Id extends ClientOperationId> =
  OperationInput<Id> extends { body?: infer Body } ? Body : never;

export async function callOperation<Id extends ClientOperationId>(
  operationId: Id,
  ...[input]: InputArgument<Id>
): Promise<ApiAnswer<OperationOutput<Id>>> {
  const client = createStudioClient({ url: '', fetch: (target, init) => fetch(target, init) });
  const operation = client[operationId] as (input?: OperationInput<Id>) => Promise<OperationOutput<Id>>;
  try {
    return { ok: true, value: await operation(input) };
  } catch (error) {
    if (!(error instanceof StudioApiError)) return { ok: false, message: unreachableMessage };
    return { ok: false, message: error.message, issues: error.issues.length > 0 ? error.issues : undefined };
  }
}

/** The operations that answer a list (`{ items }`), paged (`nextCursor`, `?cursor=`) or whole. */
export type ListOperationId = {
  [Id in ClientOperationId]: OperationOutput<Id> extends { items: unknown[] } ? Id : never;
}[ClientOperationId];

/** An item of a list operation's answer. */
export type ListItem<Id extends ListOperationId> =
  OperationOutput<Id> extends { items: Array<infer Item> } ? Item : never;

/** The list's first page, or with `everyPage` every page, following `nextCursor`. */
export async function readListOperation<Id extends ListOperationId>(
  operationId: Id,
  input: OperationInput<Id>,
  { everyPage }: { everyPage: boolean },
): Promise<ApiAnswer<Array<ListItem<Id>>>> {
  const items: Array<ListItem<Id>> = [];
  const { query: given } = input as { query?: object };
  let cursor: string | undefined;
  do {
    const query = cursor === undefined ? given : { ...given, cursor };
    const page = await callOperation(operationId, ...([{ ...input, query }] as InputArgument<Id>));
    if (!page.ok) return page;
    const answer = page.value as { items: Array<ListItem<Id>>; nextCursor?: string | null };
    items.push(...answer.items);
    cursor = everyPage ? (answer.nextCursor ?? undefined) : undefined;
  } while (cursor !== undefined);
  return { ok: true, value: items };
}
