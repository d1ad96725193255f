'use client';
import { publishVersion, restoreVersion, unpublishAgent } from '../../actions';

/** Publish, restore and unpublish, each announced; restore refuses while there are unsaved changes. */
export function useVersionActions({
  agentId,
  dirty,
  announce,
  refresh,
}: {
  agentId: string;
  dirty: boolean;
  announce: (text: string) => void;
  refresh: () => void;
}) {
  async function publish(versionNumber: number) {
    announce(`Publishing version ${versionNumber}…`);
    const result = await publishVersion({ id: agentId, versionNumber });
    if (!result.ok) return announce(`Not published: ${result.error.message}`);
    announce(`Version ${versionNumber} published`);
    refresh();
  }

  async function restore(versionNumber: number) {
    if (dirty) return announce('Save or discard your changes first: restoring replaces what the editor shows.');
    announce(`Restoring version ${versionNumber}…`);
    const result = await restoreVersion({ id: agentId, versionNumber });
    if (!result.ok) return announce(`Not restored: ${result.error.message}`);
    announce(`Version ${result.value.versionNumber} saved`);
    refresh();
  }

  async function unpublish() {
    announce('Unpublishing…');
    const result = await unpublishAgent({ id: agentId });
    if (!result.ok) return announce(`Not unpublished: ${result.error.message}`);
    announce('Unpublished: applications now get no published version of this agent.');
    refresh();
  }

  return { publish, restore, unpublish };
}
