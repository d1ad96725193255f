'use client';
import { useRef, useState } from 'react';
import type { ActionError } from '../../../_lib/action-result';
import { publishVersion, restoreVersion, unpublishAgent } from '../../actions';

/**
 * Publish (through its dialog: `publish` opens it, `confirmPublish` publishes), restore and
 * unpublish, each announced; restore refuses while there are unsaved changes.
 */
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
  const [publishing, setPublishing] = useState<number | null>(null);
  // The control that opened the dialog gets focus back when it closes (the editor re-renders under it).
  const opener = useRef<HTMLElement | null>(null);
  const closePublish = () => {
    setPublishing(null);
    const target = opener.current;
    setTimeout(() => target?.focus(), 0);
  };

  async function publish(versionNumber: number) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPublishing(versionNumber);
  }

  /**
   * Answers the refusal (the dialog stays open to show it), or `null` once published; `override`
   * publishes without the evaluation the publish gate asks for (admins only).
   */
  async function confirmPublish(
    versionNumber: number,
    message: string,
    override?: { reason: string },
  ): Promise<ActionError | null> {
    announce(`Publishing version ${versionNumber}…`);
    const result = await publishVersion({
      id: agentId,
      versionNumber,
      ...(message ? { message } : {}),
      ...(override ? { override } : {}),
    });
    if (!result.ok) {
      announce(`Not published: ${result.error.message}`);
      return result.error;
    }
    closePublish();
    announce(`Version ${versionNumber} published`);
    refresh();
    return null;
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

  return {
    publish,
    restore,
    unpublish,
    publishDialog: { versionNumber: publishing, onClose: closePublish, onPublish: confirmPublish },
  };
}
