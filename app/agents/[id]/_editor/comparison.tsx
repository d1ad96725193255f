'use client';
import { useState } from 'react';
import type { VersionDiff, VersionView } from '@/lib/editor';
import type { FieldChangeSummary } from '@/lib/versions';
import { Button } from '../../../_components/ui/button';
import { Panel } from '../../../_components/ui/card';
import { compareVersions } from '../../actions';
import { useContextJson } from '../../../_components/context-form';
import { ContextInput } from './context-input';
import { VersionChanges } from './version-changes';

/** Compare two selected versions: the changes in words, and the resolved-tool diff for a request context. */
export function Comparison({
  agentId,
  selected,
  versions,
  announce,
}: {
  agentId: string;
  selected: number[];
  /** The versions listed, newest first: the selected ones' fields get a control and their rules are checked. */
  versions: VersionView[];
  announce: (text: string) => void;
}) {
  const compared = versions.filter((version) => selected.includes(version.versionNumber));
  const schema = (compared[0] ?? versions[0])?.requestContextSchema;
  const requestContext = useContextJson();
  const [diff, setDiff] = useState<(VersionDiff & { changes: FieldChangeSummary[] }) | null>(null);

  async function compare() {
    const context = requestContext.read();
    if (!context) return;
    const [from, to] = [...selected].sort((left, right) => left - right) as [number, number];
    announce(`Comparing version ${from} with version ${to}…`);
    const result = await compareVersions({ id: agentId, from, to, requestContext: context });
    if (!result.ok) return announce(`Could not compare: ${result.error.message}`);
    setDiff(result.value);
    announce(`Compared version ${from} with version ${to}`);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid items-end gap-3 md:grid-cols-[1fr_auto]">
        <ContextInput
          requestContext={requestContext}
          schema={schema}
          versions={compared}
          label="Request context for the tool comparison"
          rows={3}
        />
        <Button variant="primary" disabled={selected.length !== 2} onClick={compare}>
          Compare
        </Button>
      </div>
      {selected.length !== 2 ? <p className="text-sm text-slate-700">Select two versions to compare them.</p> : null}
      {diff ? (
        <Panel headingId="comparison-heading" title="Comparison" level={3}>
          <p className="text-sm">
            Version {diff.from} → version {diff.to}
          </p>
          <VersionChanges between={diff} empty="The two versions have the same configuration." />
        </Panel>
      ) : null}
    </div>
  );
}
