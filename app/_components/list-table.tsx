import Link from 'next/link';
import type { ComponentProps, Key, ReactNode } from 'react';
import { Time } from './format';
import { cn } from './ui/cn';
import { TableHead } from './ui/table-head';
import { actorWords } from '../_lib/actor-words';

/**
 * A bordered table of records, one row each: the list pages and version histories share it so
 * their rows look and read alike. `cells` gives a record's `<td>`s in the order of `columns`.
 */
export function ListTable<Item>({
  columns,
  items,
  keyOf,
  cells,
  className,
  ...tableProps
}: {
  columns: string[];
  items: Item[];
  keyOf: (item: Item) => Key;
  cells: (item: Item) => ReactNode;
} & Omit<ComponentProps<'table'>, 'children'>) {
  return (
    <table
      className={cn('w-full border-collapse rounded-lg border border-slate-200 bg-white text-sm', className)}
      {...tableProps}
    >
      <TableHead columns={columns} />
      <tbody>
        {items.map((item) => (
          <tr key={keyOf(item)} className="border-b border-slate-100 align-top last:border-0">
            {cells(item)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A record's first cell: its name (or its id) linking to its page, its id below, and its description when it has one. */
export function RecordCell({
  href,
  record: { id, name, description },
}: {
  href: string;
  record: { id: string; name?: string | null; description?: string | null };
}) {
  return (
    <td className="p-2.5">
      <Link href={href} className="block font-semibold">
        {name ?? id}
      </Link>
      <span className="font-mono text-xs text-slate-600">{id}</span>
      {description ? <p className="text-slate-700">{description}</p> : null}
    </td>
  );
}

/** When a record was last written and, when known, by whom. */
export function EditedCell({ iso, authorId }: { iso: string | null | undefined; authorId: string | null | undefined }) {
  return (
    <td className="p-2.5">
      {iso ? <Time iso={iso} /> : '—'}
      {authorId ? <span className="text-slate-600"> by {actorWords(authorId)}</span> : null}
    </td>
  );
}
