/** A table's header row: one column header per name. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-left text-slate-700">
        {columns.map((column) => (
          <th key={column} scope="col" className="p-2.5 font-semibold">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
