'use client';
import { useCallback, useEffect, useState } from 'react';
import { sendJson } from './send-json';

/**
 * A list the panel reads from the API (`{ items }`), with a way to read it again after a change;
 * nothing is read while `path` is undefined.
 */
export function useJsonList<Item>(path: string | undefined) {
  const [items, setItems] = useState<Item[] | undefined>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    if (path === undefined) return;
    const answer = await sendJson<{ items: Item[] }>('GET', path);
    if (answer.ok) {
      setItems(answer.value.items);
      setError(undefined);
    } else setError(answer.message);
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}
