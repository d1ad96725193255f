'use client';
import { useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { issuesOf } from '../../../_lib/action-result';
import { saveAgent, versionsAfter } from '../../actions';
import { changesToSend } from './editor-form';
import type { ConflictInfo } from './save-dialogs';
import { editedFields, type EditedField, type EditorValues } from './types';

/**
 * Saving the changed fields from the Save dialog: the new version, "nothing to save", the
 * problems beside their fields, or a version conflict with the newer versions and which of this
 * person's fields collide (Overwrite saves again on top of the newest).
 */
export function useSaveAgent({
  form,
  agentId,
  changed,
  announce,
  refresh,
}: {
  form: UseFormReturn<EditorValues>;
  agentId: string;
  changed: EditedField[];
  announce: (text: string) => void;
  refresh: () => void;
}) {
  const [saveOpen, setSaveOpen] = useState(false);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const conflictMessage = useRef('');

  async function save(changeMessage: string, baseVersionNumber: number) {
    announce('Saving…');
    const result = await saveAgent({
      id: agentId,
      baseVersionNumber,
      ...(changeMessage ? { changeMessage } : {}),
      ...changesToSend(form.getValues(), changed),
    });
    setSaveOpen(false);
    if (result.ok) {
      setConflict(null);
      if (result.value.created) announce(`Version ${result.value.versionNumber} saved`);
      else {
        form.reset(form.getValues());
        announce('Nothing saved: these fields already match the latest version.');
      }
      refresh();
      return;
    }
    if (result.error.code === 'version_conflict') {
      const details = result.error.details as { latestVersionNumber: number; changedFields: string[] };
      const newer = await versionsAfter({ id: agentId, after: baseVersionNumber });
      conflictMessage.current = changeMessage;
      setConflict({
        latestVersionNumber: details.latestVersionNumber,
        newer: newer.ok ? newer.value : [],
        colliding: changed.filter((field) => details.changedFields.includes(field)),
      });
      announce('Not saved: someone saved a newer version first.');
      return;
    }
    for (const issue of issuesOf(result.error)) {
      const field = issue.path.split('.')[0] as EditedField;
      if (editedFields.includes(field))
        form.setError(issue.path as FieldPath<EditorValues>, { message: issue.message });
    }
    announce(`Not saved: ${result.error.message}`);
  }

  return { saveOpen, setSaveOpen, conflict, setConflict, conflictMessage, save };
}
