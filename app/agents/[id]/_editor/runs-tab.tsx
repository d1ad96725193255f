'use client';
import Link from 'next/link';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../_components/ui/button';
import { RunFilterFields } from '../../../runs/_components/run-filter-fields';
import { RunsTable } from '../../../runs/_components/runs-table';
import { loadRuns } from '../../../runs/actions';
import { filterNames, filterProblems, hrefOf, queryOf, type RunFilters } from '../../../runs/_data/run-filters';
import type { RunListItem } from '../../../runs/_data/runs';

const noFilters = Object.fromEntries(filterNames.map((name) => [name, ''])) as RunFilters;
const pageSize = 50;

interface Loaded {
  runs: RunListItem[];
  nextCursor: string | null;
}

/** The agent's runs, loaded when the tab opens (so runs made in the Playground show), per filter and page. */
function useAgentRuns(agentId: string) {
  const [filters, setFilters] = useState<RunFilters>({ ...noFilters, agentId });
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (applied: RunFilters, cursor?: string) => {
    setLoading(true);
    const result = await loadRuns({ ...queryOf(applied), limit: pageSize, ...(cursor ? { cursor } : {}) });
    setLoading(false);
    if (!result.ok) return setError(result.error.message);
    setError(undefined);
    const { items, nextCursor } = result.value;
    setLoaded((previous) => ({ runs: cursor ? [...(previous?.runs ?? []), ...items] : items, nextCursor }));
  }, []);

  useEffect(() => {
    void load({ ...noFilters, agentId });
  }, [agentId, load]);

  return {
    filters,
    loaded,
    error,
    loading,
    apply(next: RunFilters) {
      setFilters(next);
      void load(next);
    },
    refresh: () => void load(filters),
    older: () => void load(filters, loaded?.nextCursor ?? undefined),
  };
}

/** The agent editor's Runs tab: the same table as the Runs page, of this agent's runs only. */
export function RunsTab({ agentId }: { agentId: string }) {
  const runs = useAgentRuns(agentId);
  const problems = filterProblems(runs.filters);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => String(data.get(name) ?? '').trim();
    runs.apply({
      ...noFilters,
      agentId,
      status: read('status'),
      versionNumber: read('versionNumber'),
      from: read('from'),
      to: read('to'),
    });
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={runs.loading}>
      <form
        aria-label="Filter runs"
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <RunFilterFields filters={runs.filters} showAgent={false} />
        <Button type="submit" variant="primary" disabled={runs.loading}>
          Filter
        </Button>
        <Button onClick={runs.refresh} disabled={runs.loading}>
          Refresh
        </Button>
        <Link href={hrefOf('/runs', runs.filters)} className={buttonClasses('ghost')}>
          Open on the Runs page
        </Link>
      </form>
      {problems.length > 0 ? <p className="text-sm text-danger">Not applied: {problems.join('; ')}.</p> : null}
      {runs.error ? (
        <p role="alert" className="text-sm text-danger">
          {runs.error}
        </p>
      ) : null}
      {runs.loaded === undefined ? (
        <p className="text-sm text-slate-700">Loading runs…</p>
      ) : runs.loaded.runs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          No run matches. Chat in the Playground to make one.
        </p>
      ) : (
        <RunsTable runs={runs.loaded.runs} showAgent={false} />
      )}
      {runs.loaded?.nextCursor ? (
        <Button onClick={runs.older} disabled={runs.loading} className="self-start">
          Older runs
        </Button>
      ) : null}
    </div>
  );
}
