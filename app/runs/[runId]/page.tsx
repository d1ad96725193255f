import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { studioErrorBody } from '@/lib/studio-handle';
import { SaveAsTestCase } from '../../_components/save-as-test-case';
import { idParam } from '../../_server/id-param';
import { RunConversation } from '../_components/run-conversation';
import { RunSummary } from '../_components/run-summary';
import { StepTimeline } from '../_components/step-timeline';
import { waitingWords } from '../_components/run-words';
import { getRun, type RunDetail } from '../_data/runs';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ runId: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Run ${idParam((await params).runId)}` };
}

async function loadRun(runId: string): Promise<RunDetail> {
  try {
    return await getRun(runId);
  } catch (error) {
    if (studioErrorBody(error)?.error.code === 'not_found') notFound();
    throw error;
  }
}

/** What a paused run waits for: each call, by tool name, and who can answer it. */
function Waiting({ run }: { run: RunDetail }) {
  if (run.status !== 'paused' || !run.pending?.length) return null;
  return (
    <section
      aria-labelledby="waiting-heading"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="waiting-heading" className="text-lg font-semibold">
        Waiting for an answer
      </h2>
      <ul className="flex flex-col gap-1">
        {run.pending.map((call) => (
          <li key={call.toolCallId}>
            <span className="font-mono font-semibold">{call.toolName}</span>: {waitingWords(call.kind)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        The run goes on once it is answered, from the Playground that started it or by the application through the API.
      </p>
    </section>
  );
}

/** One run: what it ran on and how it went, what was said, and its steps as a timeline. */
export default async function RunPage({ params }: Params) {
  const run = await loadRun(idParam((await params).runId));
  return (
    <section aria-labelledby="run-heading" className="flex flex-col gap-5" data-main-content>
      <p className="text-sm">
        <Link href="/runs">Runs</Link> /{' '}
        <Link href={`/runs?agentId=${encodeURIComponent(run.agentId)}`}>{run.agentId}</Link>
      </p>
      <h1 id="run-heading" className="text-2xl font-semibold break-all">
        Run {run.runId}
      </h1>
      <RunSummary run={run} />
      {run.status === 'finished' ? <SaveAsTestCase runId={run.runId} agentId={run.agentId} /> : null}
      <Waiting run={run} />
      <section aria-labelledby="conversation-heading" className="flex flex-col gap-2">
        <h2 id="conversation-heading" className="text-lg font-semibold">
          Conversation
        </h2>
        <RunConversation run={run} />
      </section>
      <section aria-labelledby="steps-heading" className="flex flex-col gap-2">
        <h2 id="steps-heading" className="text-lg font-semibold">
          Steps
        </h2>
        <StepTimeline steps={run.steps} />
      </section>
    </section>
  );
}
