import Link from 'next/link';
import { Time } from '../../_components/format';
import { ListTable } from '../../_components/list-table';
import type { RunListItem } from '../_data/runs';
import { durationWords, statusWords, tokenWords, versionWords } from './run-words';

const statusClasses: Record<RunListItem['status'], string> = {
  running: 'text-slate-800',
  paused: 'font-medium text-amber-800',
  finished: 'text-emerald-800',
  failed: 'font-medium text-danger',
};

/**
 * Runs, one row each, newest first: when it started (linking to the run's page), its agent (unless
 * the table is one agent's), version, status, duration, tokens and tool calls. Renders on the
 * server (the Runs page) and in the browser (the agent editor's Runs tab) alike.
 */
export function RunsTable({ runs, showAgent }: { runs: RunListItem[]; showAgent: boolean }) {
  const columns = ['Started', ...(showAgent ? ['Agent'] : []), 'Version', 'Status', 'Duration', 'Tokens', 'Tool calls'];
  return (
    <ListTable
      aria-label="Runs"
      columns={columns}
      items={runs}
      keyOf={(run) => run.runId}
      cells={(run) => (
        <>
          <td className="p-2.5">
            <Link href={`/runs/${encodeURIComponent(run.runId)}`} className="font-semibold">
              <Time iso={run.startedAt} />
            </Link>
            <span className="block font-mono text-xs text-slate-600" data-volatile="id">
              {run.runId}
            </span>
          </td>
          {showAgent ? (
            <td className="p-2.5">
              <Link href={`/agents/${encodeURIComponent(run.agentId)}`} className="font-mono">
                {run.agentId}
              </Link>
            </td>
          ) : null}
          <td className="p-2.5">{versionWords(run)}</td>
          <td className={`p-2.5 ${statusClasses[run.status]}`}>
            {statusWords[run.status]}
            {run.error ? <span className="block text-xs text-danger">{run.error.message}</span> : null}
          </td>
          <td className="p-2.5">{durationWords(run.durationMs)}</td>
          <td className="p-2.5">{tokenWords(run.usage)}</td>
          <td className="p-2.5">{run.toolCallCount}</td>
        </>
      )}
    />
  );
}

/** Newest runs / Older runs links of a paged run list (opaque cursors in the address). */
export function RunsPager({
  cursor,
  nextCursor,
  hrefOf,
}: {
  cursor: string | undefined;
  nextCursor: string | null;
  hrefOf: (cursor: string | null) => string;
}) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav aria-label="Pages of runs" className="flex gap-3">
      {cursor ? (
        <Link href={hrefOf(null)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          Newest runs
        </Link>
      ) : null}
      {nextCursor ? (
        <Link href={hrefOf(nextCursor)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          Older runs
        </Link>
      ) : null}
    </nav>
  );
}
