import Link from 'next/link';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { AgentSearch } from './_components/agent-search';
import { StatusBadge } from './_components/status-badge';
import { buttonClasses } from './_components/ui/button';
import { TableHead } from './_components/ui/table-head';
import { formatTime } from './_components/format';

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
  let cursor = typeof params.cursor === 'string' ? params.cursor : undefined;
  let staleLink = false;
  let page;
  try {
    page = await studio.editor.agents.list({ limit: pageSize, cursor, search });
  } catch (error) {
    // A hand-edited or outdated page link: show the first page and say so, rather than an error page.
    if (studioErrorBody(error)?.error.code !== 'invalid_input' || cursor === undefined) throw error;
    staleLink = true;
    cursor = undefined;
    page = await studio.editor.agents.list({ limit: pageSize, search });
  }
  const { items, nextCursor } = page;
  const query = (next: string | null) =>
    `/?${new URLSearchParams({ ...(search ? { search } : {}), ...(next ? { cursor: next } : {}) })}`;
  return (
    <section aria-labelledby="agents-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h1 id="agents-heading" className="text-2xl font-semibold">
          Agents
        </h1>
        <Link href="/new-agent" className={buttonClasses('primary')}>
          New agent
        </Link>
      </div>
      <p className="text-slate-700">
        Configure agents, pick their tools, and publish versions that applications load at runtime.
      </p>
      <AgentSearch initial={search} shown={items.length} />
      {staleLink ? (
        <p className="text-sm text-slate-700">That page link was not valid any more: showing the first page.</p>
      ) : null}
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
                  {agent.updatedAt ? formatTime(agent.updatedAt) : '—'}
                  {agent.authorId ? <span className="text-slate-600"> by {agent.authorId}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor || nextCursor ? (
        <nav aria-label="Pages of agents" className="flex gap-3">
          {cursor ? (
            <Link href={query(null)} className={buttonClasses()}>
              First page
            </Link>
          ) : null}
          {nextCursor ? (
            <Link href={query(nextCursor)} className={buttonClasses()}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p className="text-sm text-slate-600">Version {studio.version}</p>
    </section>
  );
}
