import Link from 'next/link';
import type { ReactNode } from 'react';
import { Time } from '../../_components/format';
import type { RunDetail } from '../_data/runs';
import { durationWords, finishReasonWords, statusWords, tokenWords, versionWords, waitingWords } from './run-words';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A paused run says what it waits for; the others their status. */
function statusOf(run: RunDetail): string {
  const kinds = [...new Set((run.pending ?? []).map((call) => call.kind))];
  if (run.status !== 'paused' || kinds.length === 0) return statusWords[run.status];
  return kinds.map(waitingWords).join('; ');
}

/** What the run ran on (agent, version with a link to it, thread) and how it went. */
export function RunSummary({ run }: { run: RunDetail }) {
  const agent = encodeURIComponent(run.agentId);
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm md:grid-cols-4">
      <Fact term="Status">
        <span className={run.status === 'failed' ? 'font-medium text-danger' : 'font-medium'}>{statusOf(run)}</span>
      </Fact>
      <Fact term="Agent">
        <Link href={`/agents/${agent}`} className="font-mono">
          {run.agentId}
        </Link>
      </Fact>
      <Fact term="Version">
        {run.versionNumber === null ? (
          versionWords(run)
        ) : (
          <Link href={`/agents/${agent}?version=${run.versionNumber}`}>{versionWords(run)}</Link>
        )}
      </Fact>
      <Fact term="Thread">
        {run.threadId ? (
          <Link
            href={`/runs?threadId=${encodeURIComponent(run.threadId)}`}
            aria-label={`Runs of thread ${run.threadId}`}
          >
            <span className="font-mono">{run.threadId}</span>
          </Link>
        ) : (
          'none'
        )}
      </Fact>
      <Fact term="Started">
        <Time iso={run.startedAt} />
      </Fact>
      <Fact term="Finished">{run.finishedAt ? <Time iso={run.finishedAt} /> : 'not yet'}</Fact>
      <Fact term="Duration">{durationWords(run.durationMs)}</Fact>
      <Fact term="Tokens">{tokenWords(run.usage)}</Fact>
      <Fact term="Tool calls">{run.toolCallCount}</Fact>
      <Fact term="The model last">{finishReasonWords(run.finishReason)}</Fact>
      {run.resourceId ? (
        <Fact term="For">
          <span className="font-mono">{run.resourceId}</span>
        </Fact>
      ) : null}
      {run.error ? (
        <Fact term="Error">
          <span className="text-danger">{run.error.message}</span>
        </Fact>
      ) : null}
    </dl>
  );
}
