'use client';
/** An integration's catalogue: its tools (one per operation) with search, and the operations it left out. */
import { useState } from 'react';
import { Button } from '../../_components/ui/button';
import { SearchField } from '../../_components/ui/field';
import { Panel } from '../../_components/ui/card';
import { matchesSearch } from '../../_components/tool-row';

/** A document can describe hundreds of operations; the list shows them a page at a time. */
const pageSize = 100;

export function Catalogue({
  tools,
  skipped,
}: {
  tools: Array<{ slug: string; description: string }>;
  skipped: Array<{ method: string; pathTemplate: string; reason: string }>;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const matching = tools.filter((tool) => matchesSearch(search, tool.slug, tool.description));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <Panel headingId="catalogue-heading" title="Operations">
      <SearchField
        label="Search operations"
        value={search}
        placeholder="Name or description"
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(0);
        }}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        {matching.length} of {tools.length} {tools.length === 1 ? 'operation' : 'operations'}
        {pages > 1 ? `, page ${current + 1} of ${pages}` : ''}
      </p>
      <ul aria-label="Operations" className="flex flex-col gap-2">
        {shown.map((tool) => (
          <li key={tool.slug} className="rounded-md border border-slate-200 p-2 text-sm">
            <span className="font-mono font-semibold">{tool.slug}</span>
            <p className="text-slate-700">{tool.description || 'No description.'}</p>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="Pages of operations" className="flex gap-3">
          <Button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous page
          </Button>
          <Button type="button" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            Next page
          </Button>
        </nav>
      ) : null}
      {skipped.length ? (
        <>
          <h3 className="font-semibold">Left out</h3>
          <ul aria-label="Operations left out" className="list-disc pl-5 text-sm">
            {skipped.map((operation) => (
              <li key={`${operation.method} ${operation.pathTemplate}`}>
                <span className="font-mono">
                  {operation.method.toUpperCase()} {operation.pathTemplate}
                </span>
                : {operation.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}
