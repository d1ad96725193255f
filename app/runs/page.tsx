import type { Metadata } from 'next';
import { AddressFilterForm } from '../_components/address-filter-form';
import { StaleLinkNote } from '../_components/pager';
import { SimplePage } from '../_components/simple-page';
import { cursorParam, loadPage } from '../_server/load-page';
import { RunFilterFields } from './_components/run-filter-fields';
import { RunsPager, RunsTable } from './_components/runs-table';
import { filterProblems, filtersOf, hrefOf, queryOf, type SearchParams } from './_data/run-filters';
import { listRuns } from './_data/runs';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Runs' };

const pageSize = 50;

/** Every agent's runs, newest first, filtered by agent, status, version, days and thread (the filters are in the address). */
export default async function RunsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const filters = filtersOf(params);
  const problems = filterProblems(filters);
  const { page, cursor, staleLink } = await loadPage(
    (from) => listRuns({ ...queryOf(filters), limit: pageSize, ...(from ? { cursor: from } : {}) }),
    cursorParam(params.cursor),
  );
  const filtered = Object.values(filters).some(Boolean);
  return (
    <SimplePage
      title="Runs"
      mainContent={false}
      lead="Every run of every agent, newest first: from the Playground, the API and applications. Open one to see its conversation and its steps. Times are UTC."
    >
      <AddressFilterForm action="/runs" inForce={hrefOf('/runs', filters)} filtered={filtered} label="Filter runs">
        <RunFilterFields filters={filters} showAgent />
      </AddressFilterForm>
      {problems.length > 0 ? <p className="text-sm text-danger">Not applied: {problems.join('; ')}.</p> : null}
      <StaleLinkNote staleLink={staleLink} />
      {page.items.length === 0 ? (
        <p data-main-content className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          {filtered
            ? 'No run matches these filters.'
            : 'No runs yet. Chat with an agent in its Playground to make one.'}
        </p>
      ) : (
        <div data-main-content>
          <RunsTable runs={page.items} showAgent={!filters.agentId} />
        </div>
      )}
      <RunsPager cursor={cursor} nextCursor={page.nextCursor} hrefOf={(next) => hrefOf('/runs', filters, next)} />
    </SimplePage>
  );
}
