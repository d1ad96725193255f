'use client';
import { useState } from 'react';
import type { LabelView, Page, VersionView } from '@/lib/editor';
import { fieldLabelsOf } from '@/lib/snapshots';
import { Time } from '../../../_components/format';
import { usePermissions } from '../../../_components/permissions';
import { Button } from '../../../_components/ui/button';
import { Note } from '../../../_components/ui/card';
import { TableHead } from '../../../_components/ui/table-head';
import { listVersions } from '../../actions';
import { Comparison } from './comparison';
import { LabelsPanel } from './labels-panel';
import { VersionViewDialog } from './version-view-dialog';
import type { SavedTabProps } from './tab-props';
import { actorWords } from '../../../_lib/actor-words';

export interface VersionActions {
  publish(versionNumber: number): Promise<void>;
  restore(versionNumber: number): Promise<void>;
  unpublish(): Promise<void>;
}

export function VersionsTab({
  agentId,
  versions,
  labels,
  publishMessages,
  activeVersionNumber,
  actions,
  announce,
  refresh,
  initialViewing = null,
}: Pick<SavedTabProps, 'agentId' | 'activeVersionNumber' | 'announce'> & {
  versions: Page<VersionView>;
  labels: LabelView[];
  /** The message each version was last published with, by version number. */
  publishMessages: Record<number, string>;
  actions: VersionActions;
  refresh: () => void;
  /** A version to open read-only at once (the editor opened at a version, e.g. from a run's page). */
  initialViewing?: number | null;
}) {
  const [older, setOlder] = useState<VersionView[]>([]);
  const [cursor, setCursor] = useState(versions.nextCursor);
  const [selected, setSelected] = useState<number[]>([]);
  const { edit } = usePermissions();
  const [viewing, setViewing] = useState<number | null>(initialViewing);
  const rows = [
    ...versions.items,
    ...older.filter((version) => !versions.items.some((item) => item.id === version.id)),
  ];

  async function loadOlder() {
    if (!cursor) return;
    announce('Loading older versions…');
    const result = await listVersions({ id: agentId, cursor });
    if (!result.ok) return announce(`Could not load older versions: ${result.error.message}`);
    setOlder((current) => [...current, ...result.value.items]);
    setCursor(result.value.nextCursor);
    announce(`Loaded ${result.value.items.length} older versions`);
  }

  const toggle = (versionNumber: number, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current.filter((number) => number !== versionNumber), versionNumber].slice(-2)
        : current.filter((number) => number !== versionNumber),
    );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">
          {activeVersionNumber === null ? 'No version is published.' : `Version ${activeVersionNumber} is published.`}
        </p>
        {edit && activeVersionNumber !== null ? (
          <Button size="sm" variant="danger" onClick={() => void actions.unpublish()}>
            Unpublish
          </Button>
        ) : null}
      </div>
      <Note>
        Tick two versions and choose Compare to see what changed between them. Restore saves an old version again as the
        newest draft; Publish makes a version the one applications load.
      </Note>
      <table className="w-full border-collapse rounded-lg border border-slate-200 bg-white text-sm">
        <TableHead columns={['Select', 'Version', 'Message and changes', 'Labels', 'Actions']} />
        <tbody>
          {rows.map((version) => (
            <tr key={version.id} className="border-b border-slate-100 align-top">
              <td className="p-2">
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label={`Select version ${version.versionNumber}`}
                  checked={selected.includes(version.versionNumber)}
                  onChange={(event) => toggle(version.versionNumber, event.target.checked)}
                />
              </td>
              <VersionCells version={version} publishMessage={publishMessages[version.versionNumber]} />
              <td className="p-2">
                <div className="flex flex-wrap gap-1">
                  <Button size="sm" onClick={() => setViewing(version.versionNumber)}>
                    View
                  </Button>
                  {edit ? (
                    <>
                      <Button size="sm" onClick={() => void actions.restore(version.versionNumber)}>
                        Restore
                      </Button>
                      <Button
                        size="sm"
                        variant="primary"
                        disabled={version.versionNumber === activeVersionNumber}
                        onClick={() => void actions.publish(version.versionNumber)}
                      >
                        Publish
                      </Button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {cursor ? (
        <div>
          <Button size="sm" onClick={loadOlder}>
            Load older versions
          </Button>
        </div>
      ) : null}
      <Comparison agentId={agentId} selected={selected} versions={rows} announce={announce} />
      <LabelsPanel agentId={agentId} labels={labels} versions={rows} announce={announce} refresh={refresh} />
      <VersionViewDialog agentId={agentId} versionNumber={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** A version's number, time and author, message and changed fields, and labels. */
function VersionCells({ version, publishMessage }: { version: VersionView; publishMessage?: string }) {
  return (
    <>
      <td className="p-2">
        <span className="font-semibold">Version {version.versionNumber}</span>
        <span className="block text-xs text-slate-600">
          <Time iso={version.createdAt} />
          {version.authorId ? ` by ${actorWords(version.authorId)}` : ''}
        </span>
      </td>
      <td className="p-2">
        <span className="block">{version.changeMessage ?? 'No message'}</span>
        <span className="block text-xs text-slate-600">
          {version.changedFields.length
            ? `Changed: ${fieldLabelsOf(version.changedFields).join(', ')}`
            : 'No field changed'}
        </span>
        {publishMessage ? <span className="block text-xs text-slate-700">Published: {publishMessage}</span> : null}
      </td>
      <td className="p-2">
        {version.labels.map((label) => (
          <span key={label} className="mr-1 inline-block rounded-full border border-slate-300 px-2 text-xs">
            {label}
          </span>
        ))}
      </td>
    </>
  );
}
