'use client';
/**
 * "Run tests": every test case replayed against the version chosen in "Version to test" (a saved
 * version, or "Draft", the latest saved one), its progress while it runs, then a row per case.
 */
import { useState, type FormEvent } from 'react';
import type { EvaluationView } from '@/lib/evaluation';
import { plural } from '@/lib/plural';
import { Button } from '../../../../_components/ui/button';
import { Panel } from '../../../../_components/ui/card';
import { SelectField } from '../../../../_components/ui/field';
import { EvaluationResults } from './evaluation-results';
import type { EvaluationTarget, useEvaluation } from './use-evaluation';

/** Where an evaluation stands, in a sentence read out as it changes. */
export function progressWords(evaluation: EvaluationView, caseCount: number): string {
  const done = evaluation.results.length;
  if (evaluation.status === 'running')
    return `Testing version ${evaluation.versionNumber}: ${done} of ${plural(Math.max(caseCount, done), 'case')} done.`;
  if (evaluation.status === 'failed') return `The test run stopped: ${evaluation.error ?? 'no reason was given'}.`;
  const total = evaluation.passed + evaluation.failed;
  return `Version ${evaluation.versionNumber}: ${evaluation.passed} of ${plural(total, 'test case')} passed.`;
}

function VersionChoice({
  versionNumbers,
  latestVersionNumber,
  activeVersionNumber,
  value,
  onChange,
}: {
  versionNumbers: number[];
  latestVersionNumber: number;
  activeVersionNumber: number | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const numbers = [...new Set([latestVersionNumber, ...versionNumbers])].sort((a, b) => b - a);
  return (
    <SelectField
      label="Version to test"
      className="w-72"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="draft">Draft (latest saved, version {latestVersionNumber})</option>
      {numbers.map((number) => (
        <option key={number} value={String(number)}>
          Version {number}
          {number === activeVersionNumber ? ' (published)' : ''}
        </option>
      ))}
    </SelectField>
  );
}

export function RunTests({
  evaluation: state,
  versionNumbers,
  latestVersionNumber,
  activeVersionNumber,
  caseNames,
  canRun,
}: {
  evaluation: ReturnType<typeof useEvaluation>;
  versionNumbers: number[];
  latestVersionNumber: number;
  activeVersionNumber: number | null;
  /** The agent's test cases by id (their count is what a run replays). */
  caseNames: Map<string, string>;
  canRun: boolean;
}) {
  const [choice, setChoice] = useState('draft');
  const { evaluation, error, running } = state;
  const target: EvaluationTarget = choice === 'draft' ? { draft: true } : { versionNumber: Number(choice) };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!running) void state.start(target);
  }

  return (
    <Panel headingId="test-runs-heading" title="Test runs">
      {canRun ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <VersionChoice
            versionNumbers={versionNumbers}
            latestVersionNumber={latestVersionNumber}
            activeVersionNumber={activeVersionNumber}
            value={choice}
            onChange={setChoice}
          />
          <Button type="submit" variant="primary" disabled={running || caseNames.size === 0}>
            Run tests
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">Your role can read the tests and their results, not run them.</p>
      )}
      {caseNames.size === 0 ? (
        <p className="text-sm text-slate-700">
          No test case yet: save a finished run as one (in the Playground or on a run&apos;s page).
        </p>
      ) : null}
      <p role="status" className="text-sm font-medium">
        {evaluation ? progressWords(evaluation, caseNames.size) : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {evaluation ? <EvaluationResults results={evaluation.results} caseNames={caseNames} /> : null}
    </Panel>
  );
}
