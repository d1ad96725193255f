import { TableHead } from '../../_components/ui/table-head';
import { propertyRows } from '@/lib/schema-form';

const columns = ['Property', 'Type', 'Required', 'Description'];

/** A JSON Schema as a table people can read: each property with its type, whether it is required, and what it means. */
export function PropertyTable({ schema, label }: { schema: Record<string, unknown>; label: string }) {
  const rows = propertyRows(schema);
  if (rows.length === 0) return <p className="text-sm text-slate-700">No properties.</p>;
  return (
    <table aria-label={label} className="w-full border-collapse text-sm">
      <TableHead columns={columns} compact />
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} className="border-b border-slate-100 align-top last:border-0">
            <td className="p-1.5 font-mono">{row.path}</td>
            <td className="p-1.5">{row.summary}</td>
            <td className="p-1.5">{row.required ? 'yes' : 'no'}</td>
            <td className="p-1.5 text-slate-700">
              {row.description}
              {row.default !== undefined ? (
                <span className="block text-xs text-slate-600">Default: {row.default}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
