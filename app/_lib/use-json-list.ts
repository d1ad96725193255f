'use client';
import { useCallback, useEffect, useState } from 'react';
import { sendJson, type JsonAnswer } from './send-json';

type ListRead<Item> = { ok: true; items: Item[] } | { ok: false; message: string };

/** `path` with `cursor` set in its query (a path of this site, with or without a query already). */
function withCursor(path: string, cursor: string): string {
  const url = new URL(path, 'http://studio.invalid');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

/** The list at `path`: its first page, or with `everyPage` every page, following `nextCursor`. */
async function readList<Item>(path: string, everyPage: boolean): Promise<ListRead<Item>> {
  const items: Item[] = [];
  let next: string | undefined = path;
  while (next !== undefined) {
    const answer: JsonAnswer<{ items: Item[]; nextCursor?: string | null }> = await sendJson('GET', next);
    if (!answer.ok) return { ok: false, message: answer.message };
    items.push(...answer.value.items);
    const cursor: string | null | undefined = answer.value.nextCursor;
    next = everyPage && typeof cursor === 'string' ? withCursor(path, cursor) : undefined;
  }
  return { ok: true, items };
}

/**
 * A list the panel reads from the API (`{ items }`), with a way to read it again after a change;
 * nothing is read while `path` is undefined. With `everyPage` a paged list is read to its end.
 */
export function useJsonList<Item>(path: string | undefined, { everyPage = false }: { everyPage?: boolean } = {}) {
  const [items, setItems] = useState<Item[] | undefined>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    if (path === undefined) return;
    const read = await readList<Item>(path, everyPage);
    if (read.ok) {
      setItems(read.items);
      setError(undefined);
    } else setError(read.message);
  }, [path, everyPage]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}
