import { agentIdPattern } from '@/lib/schemas';
import { currentStudio } from '@/lib/studio-handle';
import { cursorParam, listPageSize, loadPage } from './_server/load-page';
import { AgentSearch } from './_components/agent-search';
import { StatusBadge } from './_components/status-badge';
import { ListHeading } from './_components/list-heading';
import { EditedCell, RecordCell } from './_components/list-table';
import { PagedList } from './_components/paged-list';

export const dynamic = 'force-dynamic';

export default async function AgentsPage({
  searchParams,
}: {
  searchParams: Promise<{ search?: string | string[]; cursor?: string | string[]; deleted?: string | string[] }>;
}) {
  const params = await searchParams;
  // Set by the editor after deleting an agent; only an agent id is ever shown.
  const deleted = typeof params.deleted === 'string' && agentIdPattern.test(params.deleted) ? params.deleted : null;
  const search = typeof params.search === 'string' ? params.search.slice(0, 200) : '';
  const studio = currentStudio();
  const loaded = await loadPage(
    (from) => studio.editor.agents.list({ limit: listPageSize, cursor: from, search }),
    cursorParam(params.cursor),
  );
  const query = (next: string | null) =>
    `/?${new URLSearchParams({ ...(search ? { search } : {}), ...(next ? { cursor: next } : {}) })}`;
  return (
    <section aria-labelledby="agents-heading" className="flex flex-col gap-4">
      <ListHeading id="agents-heading" title="Agents" newHref="/new-agent" newLabel="New agent" />
      {deleted ? (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 p-2 text-sm font-medium">
          Agent {deleted} deleted.
        </p>
      ) : null}
      <p className="text-slate-700">
        Configure agents, pick their tools, and publish versions that applications load at runtime.
      </p>
      <AgentSearch initial={search} shown={loaded.page.items.length} />
      <PagedList
        loaded={loaded}
        pagerLabel="Pages of agents"
        hrefOf={query}
        empty={search ? `No agent's name or id contains "${search}".` : 'No agents yet. Create one with New agent.'}
        columns={['Name', 'Kind', 'Status', 'Published version', 'Last edit']}
        className="overflow-hidden"
        cells={(agent) => (
          <>
            <RecordCell href={`/agents/${agent.id}`} record={{ id: agent.id, name: agent.name }} />
            <td className="p-2.5">{agent.source === 'code' ? 'Code' : 'Stored'}</td>
            <td className="p-2.5">
              <StatusBadge status={agent.status} hasUnpublishedChanges={agent.hasUnpublishedChanges} />
            </td>
            <td className="p-2.5">{agent.activeVersionNumber === null ? '—' : `v${agent.activeVersionNumber}`}</td>
            <EditedCell iso={agent.updatedAt} authorId={agent.authorId} />
          </>
        )}
      />
      <p className="text-sm text-slate-600">Version {studio.version}</p>
    </section>
  );
}
