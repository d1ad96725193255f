/**
 * The studio's API from the browser, one operation at a time by its operationId, through the typed
 * client (`lib/client`): the path, query and body are the route's own, and so is the type of the
 * answer. A refusal is the server's message with its issues; a studio that cannot be reached says so.
 * Requests go to the page's own origin, so the session cookie goes with them.
 */
import {
  collectPages,
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

/** The typed client of the studio this page came from. */
const pageClient = () => createStudioClient({ url: '', fetch: (target, init) => fetch(target, init) });

/** One operation's method of the client, taking the operation's input. */
function clientOperation<Id extends ClientOperationId>(operationId: Id) {
  return pageClient()[operationId] as (input?: OperationInput<Id>) => Promise<OperationOutput<Id>>;
}

/** What a call of the client answered: its value, or the server's refusal in words. */
async function answerOf<Value>(call: () => Promise<Value>): Promise<ApiAnswer<Value>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof StudioApiError)) return { ok: false, message: unreachableMessage };
    return { ok: false, message: error.message, issues: error.issues.length > 0 ? error.issues : undefined };
  }
}

export async function callOperation<Id extends ClientOperationId>(
  operationId: Id,
  ...[input]: InputArgument<Id>
): Promise<ApiAnswer<OperationOutput<Id>>> {
  const operation = clientOperation(operationId);
  return answerOf(() => operation(input));
}

/** The operations that answer a list (`{ items }`), paged (`nextCursor`, `?cursor=`) or whole. */
export type ListOperationId = {
  [Id in ClientOperationId]: OperationOutput<Id> extends { items: unknown[] } ? Id : never;
}[ClientOperationId];

/** An item of a list operation's answer. */
export type ListItem<Id extends ListOperationId> =
  OperationOutput<Id> extends { items: Array<infer Item> } ? Item : never;

type ListPage<Id extends ListOperationId> = { items: Array<ListItem<Id>>; nextCursor: string | null };

/** The list's first page, or with `everyPage` every page (the client's `collectPages`). */
export async function readListOperation<Id extends ListOperationId>(
  operationId: Id,
  input: OperationInput<Id>,
  { everyPage }: { everyPage: boolean },
): Promise<ApiAnswer<Array<ListItem<Id>>>> {
  const operation = clientOperation(operationId);
  const { query: given } = input as { query?: object };
  const page = async (cursor: string | undefined) =>
    (await operation({ ...input, query: cursor === undefined ? given : { ...given, cursor } })) as ListPage<Id>;
  return answerOf(async () => (everyPage ? collectPages(page) : (await page(undefined)).items));
}
