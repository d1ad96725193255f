'use client';
/**
 * The agent editor's Tests tab: the publish gate, "Run tests" against a version with its progress
 * and results, the earlier test runs, and a row per test case with its expectations edited with
 * controls. Mounted when opened, so each visit reads the cases saved since (from the Playground too).
 */
import { useCallback, useMemo, useState } from 'react';
import type { VersionView } from '@/lib/editor';
import { usePermissions } from '../../../../_components/permissions';
import { useOperationList } from '../../../../_lib/use-operation-list';
import type { CodeAgentFacts } from '../types';
import { PastEvaluations } from './past-evaluations';
import { PublishGatePanel } from './publish-gate-panel';
import { RunTests } from './run-tests';
import { TestCaseCard } from './test-case-card';
import { toolNamesOf } from './tool-names';
import { useEvaluation } from './use-evaluation';

/** How many earlier test runs the tab lists. */
const pastCount = 5;

export function TestsTab({
  agentId,
  latest,
  versionNumbers,
  activeVersionNumber,
  codeAgent,
}: {
  agentId: string;
  /** The latest saved version: the draft a test run takes by default, and whose tools the pickers offer. */
  latest: VersionView;
  versionNumbers: number[];
  activeVersionNumber: number | null;
  codeAgent: CodeAgentFacts | null;
}) {
  const { edit } = usePermissions();
  const cases = useOperationList(
    'listTestCases',
    { params: { id: agentId }, query: { limit: 100 } },
    { everyPage: true },
  );
  const past = useOperationList('listEvaluations', { params: { id: agentId }, query: { limit: pastCount } });
  const reloadPast = past.reload;
  const onFinished = useCallback(() => void reloadPast(), [reloadPast]);
  const evaluation = useEvaluation(agentId, { onFinished });
  const [announcement, setAnnouncement] = useState('');
  const tools = useMemo(() => toolNamesOf(latest, codeAgent), [latest, codeAgent]);
  const caseNames = useMemo(
    () => new Map((cases.items ?? []).map((testCase) => [testCase.id, testCase.name] as const)),
    [cases.items],
  );

  const changed = (text: string) => {
    setAnnouncement(text);
    void cases.reload();
  };

  return (
    <div className="flex flex-col gap-4">
      <RunTests
        evaluation={evaluation}
        versionNumbers={versionNumbers}
        latestVersionNumber={latest.versionNumber}
        activeVersionNumber={activeVersionNumber}
        caseNames={caseNames}
        canRun={edit}
      />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <PastEvaluations
          evaluations={past.items}
          error={past.error}
          shown={evaluation.evaluation?.evaluationId}
          onShow={evaluation.show}
        />
        <PublishGatePanel agentId={agentId} />
      </div>
      <section aria-labelledby="test-cases-heading" className="flex flex-col gap-3">
        <h2 id="test-cases-heading" className="text-lg font-semibold">
          Test cases
        </h2>
        <p role="status" className="text-sm">
          {announcement}
        </p>
        {cases.error ? (
          <p role="alert" className="text-sm text-danger">
            Could not read the test cases: {cases.error}
          </p>
        ) : null}
        {cases.items === undefined && !cases.error ? <p className="text-sm">Reading the test cases…</p> : null}
        {cases.items?.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm">
            No test case yet. Chat in the Playground, then use &ldquo;Save as test case&rdquo; under a finished run.
          </p>
        ) : null}
        <ul aria-label="Test cases" className="flex flex-col gap-3">
          {(cases.items ?? []).map((testCase) => (
            <li key={testCase.id}>
              <TestCaseCard agentId={agentId} testCase={testCase} tools={tools} onChanged={changed} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
