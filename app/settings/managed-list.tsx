'use client';
/**
 * What Settings' API keys, users and stdio launch specs have in common: a list read from the API,
 * a way to add to it, a status line that says how the last change went, and the list as a table
 * named like the panel.
 */
import { useState, type Key, type ReactNode } from 'react';
import { Note } from '../_components/ui/card';
import { ListTable } from '../_components/list-table';
import type { OperationInput } from '@/lib/client';
import type { ApiAnswer, ListOperationId } from '../_lib/api-fetch';
import { useOperationList } from '../_lib/use-operation-list';

/**
 * The whole list an operation answers, every page of it (none read unless `enabled`), with the
 * status line of its changes.
 */
export function useManagedList<Id extends ListOperationId>(
  operationId: Id,
  input: OperationInput<Id>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const { items, error, reload } = useOperationList(operationId, input, { everyPage: true, enabled });
  const [status, setStatus] = useState('');
  /** Says in the status line how a change went (`refused`: what did not happen), then reads the list again. */
  async function change(answer: Promise<ApiAnswer<unknown>>, done: string, refused: string) {
    const sent = await answer;
    setStatus(sent.ok ? done : `${refused}: ${sent.message}`);
    await reload();
  }
  return { items, error, status, reload, change };
}

export interface ManagedListState<Item> {
  items: Item[] | undefined;
  error: string | undefined;
  status: string;
}

export function ManagedList<Item>({
  label,
  note,
  adder,
  list: { items, error, status },
  empty,
  columns,
  keyOf,
  cells,
}: {
  /** Names the panel and its table. */
  label: string;
  note?: ReactNode;
  /** What adds to the list. */
  adder: ReactNode;
  list: ManagedListState<Item>;
  /** Said in place of an empty table; without it an empty table shows. */
  empty?: string;
  columns: string[];
  keyOf: (item: Item) => Key;
  cells: (item: Item) => ReactNode;
}) {
  const shown = items && (items.length > 0 || empty === undefined) ? items : undefined;
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      {note ? <Note>{note}</Note> : null}
      {adder}
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      {items && items.length === 0 && empty !== undefined ? <p className="text-sm">{empty}</p> : null}
      {shown ? <ListTable aria-label={label} columns={columns} items={shown} keyOf={keyOf} cells={cells} /> : null}
    </section>
  );
}
