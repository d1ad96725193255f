'use client';
import { useCallback, useEffect, useState } from 'react';
import type { OperationInput } from '@/lib/client';
import { readListOperation, type ListItem, type ListOperationId } from './api-fetch';

/**
 * A list a panel reads from the API by its operation, with a way to read it again after a change:
 * the first page, or with `everyPage` every page. Nothing is read while `enabled` is false.
 */
export function useOperationList<Id extends ListOperationId>(
  operationId: Id,
  input: OperationInput<Id>,
  { everyPage = false, enabled = true }: { everyPage?: boolean; enabled?: boolean } = {},
) {
  const [items, setItems] = useState<Array<ListItem<Id>>>();
  const [error, setError] = useState<string>();
  // The input's JSON stands for it: a literal written in the render is a new object each time.
  const inputText = JSON.stringify(input);
  const reload = useCallback(async () => {
    if (!enabled) return;
    const read = await readListOperation(operationId, JSON.parse(inputText) as OperationInput<Id>, { everyPage });
    if (read.ok) {
      setItems(read.value);
      setError(undefined);
    } else setError(read.message);
  }, [operationId, inputText, everyPage, enabled]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}
