import { cn } from './cn';

/** A table's header row: one column header per name; `compact` for tables set inside a card. */
export function TableHead({ columns, compact = false }: { columns: string[]; compact?: boolean }) {
  return (
    <thead>
      <tr className={cn('border-b border-slate-200 text-left', !compact && 'text-slate-700')}>
        {columns.map((column) => (
          <th key={column} scope="col" className={cn(compact ? 'p-1.5' : 'p-2.5', 'font-semibold')}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
