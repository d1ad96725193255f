/**
 * An evaluation's results, a row per test case: "Passed" or "Failed", and for a failure the
 * expectations that failed in words and what the replay did differently from the recording.
 */
import Link from 'next/link';
import type { CaseResult } from '@/lib/evaluation';
import { cn } from '../../../../_components/ui/cn';
import { ReplayDifferences } from './replay-differences';

function CaseRow({ result, name }: { result: CaseResult; name: string }) {
  const failed = result.expectations.filter((expectation) => !expectation.passed);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-semibold',
            result.passed ? 'border-green-300 bg-green-50 text-green-800' : 'border-red-300 bg-red-50 text-red-800',
          )}
        >
          {result.passed ? 'Passed' : 'Failed'}
        </span>
        <span className="font-medium">{name}</span>
        {result.runId ? (
          <Link href={`/runs/${encodeURIComponent(result.runId)}`} className="text-sm">
            Open the replay of {name}
          </Link>
        ) : null}
      </p>
      {failed.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">What failed:</p>
          <ul className="list-disc pl-5">
            {failed.map((expectation, index) => (
              <li key={index}>{expectation.detail}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.passed ? null : <ReplayDifferences diff={result.diff} />}
    </li>
  );
}

export function EvaluationResults({ results, caseNames }: { results: CaseResult[]; caseNames: Map<string, string> }) {
  if (results.length === 0) return null;
  return (
    <ul aria-label="Test results" className="flex flex-col gap-2">
      {results.map((result) => (
        <CaseRow
          key={result.testCaseId}
          result={result}
          name={caseNames.get(result.testCaseId) ?? 'A test case deleted since'}
        />
      ))}
    </ul>
  );
}
