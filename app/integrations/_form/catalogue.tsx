'use client';
/** An integration's catalogue: its tools (one per operation) with search, and the operations it left out. */
import { useState } from 'react';
import { SearchField } from '../../_components/ui/field';
import { matchesSearch } from '../../agents/[id]/_editor/tool-row';

export function Catalogue({
  tools,
  skipped,
}: {
  tools: Array<{ slug: string; description: string }>;
  skipped: Array<{ method: string; pathTemplate: string; reason: string }>;
}) {
  const [search, setSearch] = useState('');
  const shown = tools.filter((tool) => matchesSearch(search, tool.slug, tool.description));
  return (
    <section
      aria-labelledby="catalogue-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="catalogue-heading" className="text-lg font-semibold">
        Operations
      </h2>
      <SearchField
        label="Search operations"
        value={search}
        placeholder="Name or description"
        onChange={(event) => setSearch(event.target.value)}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        {shown.length} of {tools.length} {tools.length === 1 ? 'operation' : 'operations'}
      </p>
      <ul aria-label="Operations" className="flex flex-col gap-2">
        {shown.map((tool) => (
          <li key={tool.slug} className="rounded-md border border-slate-200 p-2 text-sm">
            <span className="font-mono font-semibold">{tool.slug}</span>
            <p className="text-slate-700">{tool.description || 'No description.'}</p>
          </li>
        ))}
      </ul>
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
    </section>
  );
}
