/**
 * Lists are paginated with `limit` (default 20, max 100) and an opaque cursor: base64url JSON of
 * the last key seen. Clients must not build cursors; a malformed one is a 400 at `cursor`.
 */
import { z } from 'zod';
import { invalidInput } from '../errors';

export const defaultPageLimit = 20;
export const maxPageLimit = 100;

export const pageLimitSchema = z.coerce.number().int().min(1).max(maxPageLimit);

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit?: number;
  cursor?: string | null;
}

export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return defaultPageLimit;
  const parsed = pageLimitSchema.safeParse(limit);
  if (!parsed.success) throw invalidInput([{ path: 'limit', message: `Use a whole number from 1 to ${maxPageLimit}` }]);
  return parsed.data;
}

export function encodeCursor(after: string | number): string {
  return Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url');
}

export function decodeCursor<T extends string | number>(
  cursor: string | null | undefined,
  kind: 'string' | 'number',
): T | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  try {
    const value = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof value === kind) return value as T;
  } catch {
    // Falls through to the error below.
  }
  throw invalidInput([{ path: 'cursor', message: 'The cursor is not one this API returned' }]);
}

/** Builds a page from `limit + 1` fetched rows. */
export function toPage<Row, Item>({
  rows,
  limit,
  keyOf,
  toItem,
}: {
  rows: Row[];
  limit: number;
  keyOf: (row: Row) => string | number;
  toItem: (row: Row) => Item;
}): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
