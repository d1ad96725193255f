import Link from 'next/link';
import { currentStudio } from '@/lib/studio-handle';
import { loadPage, staleLinkText } from './_server/load-page';
import { AgentSearch } from './_components/agent-search';
import { StatusBadge } from './_components/status-badge';
import { ListHeading } from './_components/list-heading';
import { TableHead } from './_components/ui/table-head';
import { Time } from './_components/format';
import { cursorParam, Pager } from './_components/pager';

export const dynamic = 'force-dynamic';

const pageSize = 50;

export default async function AgentsPage({
  searchParams,
}: {
  searchParams: Promise<{ search?: string | string[]; cursor?: string | string[] }>;
}) {
  const params = await searchParams;
  const search = typeof params.search === 'string' ? params.search.slice(0, 200) : '';
  const studio = currentStudio();
  const { page, cursor, staleLink } = await loadPage(
    (from) => studio.editor.agents.list({ limit: pageSize, cursor: from, search }),
    cursorParam(params.cursor),
  );
  const { items, nextCursor } = page;
  const query = (next: string | null) =>
    `/?${new URLSearchParams({ ...(search ? { search } : {}), ...(next ? { cursor: next } : {}) })}`;
  return (
    <section aria-labelledby="agents-heading" className="flex flex-col gap-4">
      <ListHeading id="agents-heading" title="Agents" newHref="/new-agent" newLabel="New agent" />
      <p className="text-slate-700">
        Configure agents, pick their tools, and publish versions that applications load at runtime.
      </p>
      <AgentSearch initial={search} shown={items.length} />
      {staleLink ? <p className="text-sm text-slate-700">{staleLinkText}</p> : null}
      {items.length === 0 ? (
        <p data-main-content className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          {search ? `No agent's name or id contains "${search}".` : 'No agents yet. Create one with New agent.'}
        </p>
      ) : (
        <table
          data-main-content
          className="w-full border-collapse overflow-hidden rounded-lg border border-slate-200 bg-white text-sm"
        >
          <TableHead columns={['Name', 'Kind', 'Status', 'Published version', 'Last edit']} />
          <tbody>
            {items.map((agent) => (
              <tr key={agent.id} className="border-b border-slate-100 align-top last:border-0">
                <td className="p-2.5">
                  <Link href={`/agents/${agent.id}`} className="block font-semibold">
                    {agent.name ?? agent.id}
                  </Link>
                  <span className="font-mono text-xs text-slate-600">{agent.id}</span>
                </td>
                <td className="p-2.5">{agent.source === 'code' ? 'Code' : 'Stored'}</td>
                <td className="p-2.5">
                  <StatusBadge status={agent.status} hasUnpublishedChanges={agent.hasUnpublishedChanges} />
                </td>
                <td className="p-2.5">{agent.activeVersionNumber === null ? '—' : `v${agent.activeVersionNumber}`}</td>
                <td className="p-2.5">
                  {agent.updatedAt ? <Time iso={agent.updatedAt} /> : '—'}
                  {agent.authorId ? <span className="text-slate-600"> by {agent.authorId}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Pages of agents" cursor={cursor} nextCursor={nextCursor} hrefOf={query} />
      <p className="text-sm text-slate-600">Version {studio.version}</p>
    </section>
  );
}
