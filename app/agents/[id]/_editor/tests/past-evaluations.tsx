/** The agent's latest test runs, newest first, each with its version, how many cases passed and when. */
import type { EvaluationView } from '@/lib/evaluation';
import { Time } from '../../../../_components/format';
import { Button } from '../../../../_components/ui/button';
import { Panel } from '../../../../_components/ui/card';

function summary(evaluation: EvaluationView): string {
  if (evaluation.status === 'running') return 'still running';
  if (evaluation.status === 'failed') return 'stopped before it finished';
  return `${evaluation.passed} of ${evaluation.passed + evaluation.failed} passed`;
}

export function PastEvaluations({
  evaluations,
  error,
  shown,
  onShow,
}: {
  evaluations: EvaluationView[] | undefined;
  error: string | undefined;
  /** The one whose results are shown now. */
  shown: string | undefined;
  onShow: (evaluation: EvaluationView) => void;
}) {
  return (
    <Panel headingId="past-test-runs-heading" title="Earlier test runs" level={3}>
      {error ? <p className="text-sm text-danger">Could not read them: {error}</p> : null}
      {evaluations?.length === 0 ? <p className="text-sm text-slate-700">None yet.</p> : null}
      {evaluations?.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {evaluations.map((evaluation) => (
            <li key={evaluation.evaluationId} className="flex flex-wrap items-center gap-2">
              <span>
                Version {evaluation.versionNumber}: {summary(evaluation)}, <Time iso={evaluation.startedAt} />
              </span>
              {evaluation.evaluationId === shown ? (
                <span className="text-slate-700">(shown above)</span>
              ) : (
                <Button size="sm" onClick={() => onShow(evaluation)}>
                  Show results
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
