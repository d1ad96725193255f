'use client';
/** The version history of a saved MCP client: each save with its message and changes; Restore saves an old one again. */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { McpClientVersionView, Page } from '@/lib/editor';
import { EditedCell, ListTable } from '../../_components/list-table';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { listMcpClientVersions, restoreMcpClient } from '../actions';

export function McpClientVersions({
  version,
  versions,
  announce,
}: {
  version: McpClientVersionView;
  versions: Page<McpClientVersionView>;
  announce: (text: string) => void;
}) {
  const router = useRouter();
  const [older, setOlder] = useState<McpClientVersionView[]>([]);
  const [cursor, setCursor] = useState(versions.nextCursor);
  const { edit } = usePermissions();
  const rows = [...versions.items, ...older.filter((row) => !versions.items.some((item) => item.id === row.id))];

  async function restore(versionNumber: number) {
    announce(`Restoring version ${versionNumber}…`);
    const result = await restoreMcpClient({ id: version.clientId, versionNumber });
    if (!result.ok) return announce(`Not restored: ${result.error.message}`);
    announce(`Version ${result.value.versionNumber} saved`);
    router.refresh();
  }

  async function loadOlder() {
    if (!cursor) return;
    const result = await listMcpClientVersions({ id: version.clientId, cursor });
    if (!result.ok) return announce(`Could not load older versions: ${result.error.message}`);
    setOlder((current) => [...current, ...result.value.items]);
    setCursor(result.value.nextCursor);
  }

  return (
    <section aria-labelledby="versions-heading" className="flex flex-col gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Versions
      </h2>
      <ListTable
        columns={['Version', 'Message and changes', 'Saved', 'Actions']}
        items={rows}
        keyOf={(row) => row.id}
        cells={(row) => (
          <>
            <td className="p-2.5 font-semibold">Version {row.versionNumber}</td>
            <td className="p-2.5">
              {row.changeMessage}
              <span className="block text-xs text-slate-600">Changed: {row.changedFields.join(', ') || 'nothing'}</span>
            </td>
            <EditedCell iso={row.createdAt} authorId={row.authorId} />
            <td className="p-2.5">
              {row.versionNumber === version.versionNumber ? (
                <span className="text-slate-600">Latest</span>
              ) : !edit ? null : (
                <Button
                  size="sm"
                  aria-label={`Restore version ${row.versionNumber}`}
                  onClick={() => void restore(row.versionNumber)}
                >
                  Restore
                </Button>
              )}
            </td>
          </>
        )}
      />
      {cursor ? (
        <div>
          <Button size="sm" onClick={() => void loadOlder()}>
            Load older versions
          </Button>
        </div>
      ) : null}
    </section>
  );
}
