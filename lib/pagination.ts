/**
 * Cursor pagination, the one implementation behind every list (editor, API, integrations, tools).
 * Lists take `limit` (default 20, max 100) and an opaque cursor: base64url JSON of the last key
 * seen. Clients must not build cursors; a malformed one is a 400 naming the cursor's path.
 */
import { invalidInput } from './errors';
import { wholeNumberText } from './whole-number-text';

export const defaultPageLimit = 20;
export const maxPageLimit = 100;

/** `limit` as a query gives it (text); `pageLimit` reads the number a service is given. */
export const pageLimitSchema = wholeNumberText({ min: 1, max: maxPageLimit });

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit?: number;
  cursor?: string | null;
  /** How a bad cursor is named in its 400: `query.cursor` when a route's query string gave it (default `cursor`). */
  cursorPath?: string;
}

export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return defaultPageLimit;
  const parsed = pageLimitSchema.safeParse(limit);
  if (!parsed.success) throw invalidInput([{ path: 'limit', message: `Use a whole number from 1 to ${maxPageLimit}` }]);
  return parsed.data;
}

function encodeCursor(after: string | number): string {
  return Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url');
}

function decodeCursor<Key extends string | number>(
  cursor: string | null | undefined,
  kind: 'string' | 'number',
  path: string,
): Key | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  try {
    const value = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof value === kind) return value as Key;
  } catch {
    // Falls through to the error below.
  }
  throw invalidInput([{ path, message: 'The cursor is not one this API returned' }]);
}

/** The key of a list ordered by a time (an ISO string) and an id. */
export interface TimeIdKey {
  time: string;
  id: string;
}

/** A cursor of a list ordered by a time and an id (runs, evaluations): the last item's pair. */
export function encodeTimeIdCursor({ time, id }: TimeIdKey): string {
  return Buffer.from(JSON.stringify([time, id]), 'utf8').toString('base64url');
}

/**
 * The pair a time-and-id cursor holds; 400 naming `path` for a cursor this API did not give. The
 * pair's shape is not enough: a time that is no time would reach the database.
 */
export function decodeTimeIdCursor(cursor: string, path = 'cursor'): TimeIdKey {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === 'string') &&
      !Number.isNaN(Date.parse(value[0] as string))
    ) {
      return { time: value[0] as string, id: value[1] as string };
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalidInput([{ path, message: 'The cursor is not one this API returned' }]);
}

interface PageRead<Row, Item, Key> {
  request?: PageRequest;
  /** Up to `count` rows past `key`, in the list's order. */
  read: (key: Key, count: number) => Promise<Row[]>;
  keyOf: (row: Row) => Key;
  /** May read storage too (a saved client's latest version); rows are turned into items one at a time. */
  toItem: (row: Row) => Item | Promise<Item>;
}

/** How a list's key is written into its cursor and read back (a 400 for a cursor this API did not give). */
interface CursorForm<Key> {
  encode: (key: Key) => string;
  decode: (cursor: string, path: string) => Key;
}

const keyCursor = <Key extends string | number>(kind: 'string' | 'number'): CursorForm<Key> => ({
  encode: encodeCursor,
  decode: (cursor, path) => decodeCursor<Key>(cursor, kind, path)!,
});

const timeIdCursor: CursorForm<TimeIdKey> = {
  encode: encodeTimeIdCursor,
  decode: (cursor, path) => decodeTimeIdCursor(cursor, path),
};

/** One page read from storage by key; one row more than the page is read to know whether another follows. */
async function readPage<Row, Item, Key>(
  { request: { limit, cursor, cursorPath = 'cursor' } = {}, read, keyOf, toItem }: PageRead<Row, Item, Key>,
  first: Key,
  form: CursorForm<Key>,
): Promise<Page<Item>> {
  const size = pageLimit(limit);
  const key = cursor === undefined || cursor === null || cursor === '' ? first : form.decode(cursor, cursorPath);
  const rows = await read(key, size + 1);
  const pageRows = rows.slice(0, size);
  const last = pageRows[pageRows.length - 1];
  const items: Item[] = [];
  for (const row of pageRows) items.push(await toItem(row));
  return {
    items,
    nextCursor: rows.length > size && last !== undefined ? form.encode(keyOf(last)) : null,
  };
}

/** A page of rows sorted by a unique string, ascending (agents and MCP clients by id, users by email). */
export const readPageAfterId = <Row, Item>(page: PageRead<Row, Item, string>) =>
  readPage(page, '', keyCursor<string>('string'));

/** A page of rows sorted by a number, newest (highest) first (versions, audit entries). */
export const readPageBeforeNumber = <Row, Item>(page: PageRead<Row, Item, number>) =>
  readPage(page, Number.MAX_SAFE_INTEGER, keyCursor<number>('number'));

/**
 * A page of rows sorted by a time and an id (API keys newest first, invitations oldest first);
 * `first` is the position the first page starts from, past every row in the list's order.
 */
export const readPageByTimeId = <Row, Item>(page: PageRead<Row, Item, TimeIdKey> & { first: TimeIdKey }) =>
  readPage(page, page.first, timeIdCursor);

/**
 * One page of a list held in memory, sorted by a unique string key. `cursorPath` names the cursor
 * in a bad-cursor error (`query.cursor` when it came from a route's query string).
 */
export function pageOfSorted<Item>({
  items,
  keyOf,
  request: { limit, cursor } = {},
  cursorPath = 'cursor',
}: {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  request?: PageRequest;
  cursorPath?: string;
}): Page<Item> {
  const size = pageLimit(limit);
  const after = decodeCursor<string>(cursor, 'string', cursorPath);
  let start = after === undefined ? 0 : items.findIndex((item) => keyOf(item) > after);
  if (start === -1) start = items.length;
  const page = items.slice(start, start + size);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: start + size < items.length && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/**
 * Every item of a paged list, following its cursors: for the few places that must offer the whole
 * list at once (the agent editor's tool picker offers every saved MCP client and integration).
 */
export async function everyItem<Item>(
  readPage: (request: PageRequest) => Page<Item> | Promise<Page<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Item> = await readPage({ limit: maxPageLimit, cursor });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}
