'use client';
import { useState } from 'react';
import type { VersionDiff, VersionView } from '@/lib/editor';
import { Button } from '../../../_components/ui/button';
import { Panel } from '../../../_components/ui/card';
import { compareVersions } from '../../actions';
import { useContextJson } from '../../../_components/context-form';
import { ContextInput } from './context-input';

const show = (value: unknown) => (value === undefined || value === null ? '(not set)' : JSON.stringify(value, null, 2));

/** Compare two selected versions: the field diff, and the resolved-tool diff for a request context. */
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
  const [diff, setDiff] = useState<VersionDiff | null>(null);

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
          {diff.diffs.length === 0 ? <p className="text-sm">The two versions have the same configuration.</p> : null}
          <dl className="flex flex-col gap-2 text-sm">
            {diff.diffs.map((change) => (
              <div key={change.field} className="rounded-md border border-slate-200 p-2">
                <dt className="font-semibold">{change.field}</dt>
                <dd className="grid gap-2 md:grid-cols-2">
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-red-50 p-2 font-mono text-xs">
                    {show(change.previous)}
                  </pre>
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-green-50 p-2 font-mono text-xs">
                    {show(change.current)}
                  </pre>
                </dd>
              </div>
            ))}
          </dl>
          {diff.tools ? (
            <div className="text-sm">
              <h4 className="font-semibold">Resolved tools for this request context</h4>
              <ul className="list-disc pl-5">
                <li>Added: {diff.tools.added.length ? diff.tools.added.join(', ') : 'none'}</li>
                <li>Removed: {diff.tools.removed.length ? diff.tools.removed.join(', ') : 'none'}</li>
                <li>
                  Changed:{' '}
                  {diff.tools.changed.length
                    ? diff.tools.changed.map((tool) => `${tool.name} (${tool.changes.join(', ')})`).join('; ')
                    : 'none'}
                </li>
              </ul>
            </div>
          ) : null}
        </Panel>
      ) : null}
    </div>
  );
}
