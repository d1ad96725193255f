'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateAgentBodySchema } from '@/lib/schemas';
import { fieldLabelsOf } from '@/lib/snapshots';
import { Time } from '../../../_components/format';
import { Button } from '../../../_components/ui/button';
import { AlertDialog, AlertDialogContent, Dialog, DialogContent, DialogFooter } from '../../../_components/ui/dialog';
import { TextField } from '../../../_components/ui/field';
import { boundField } from '../../../_lib/bound-field';
import { actorWords } from '../../../_lib/actor-words';

/** The change message is validated by the save route's own schema. */
const saveFormSchema = updateAgentBodySchema.pick({ changeMessage: true });
type SaveFormValues = z.input<typeof saveFormSchema>;

export function SaveDialog({
  open,
  onOpenChange,
  changedFields,
  onSave,
  afterSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changedFields: string[];
  onSave: (changeMessage: string) => Promise<void>;
  /** Called instead of returning focus to Save when the dialog closes after saving (focus goes to the outcome). */
  afterSave?: () => void;
}) {
  const form = useForm<SaveFormValues>({ resolver: zodResolver(saveFormSchema), defaultValues: { changeMessage: '' } });
  const saved = useRef(false);
  const submit = form.handleSubmit(async ({ changeMessage }) => {
    saved.current = true;
    await onSave(changeMessage ?? '');
    form.reset({ changeMessage: '' });
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Save version"
        description={`Changed: ${changedFields.join(', ') || 'nothing'}.`}
        onCloseAutoFocus={(event) => {
          if (!saved.current || !afterSave) return;
          saved.current = false;
          event.preventDefault();
          afterSave();
        }}
      >
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <TextField
            label="Change message"
            placeholder="What changed and why (optional)"
            autoComplete="off"
            {...boundField(form, 'changeMessage')}
          />
          <DialogFooter>
            <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
              Save version
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export interface ConflictInfo {
  latestVersionNumber: number;
  newer: Array<{
    versionNumber: number;
    authorId: string | null;
    changeMessage: string | null;
    changedFields: string[];
    createdAt: string;
  }>;
  /** Fields both this person and the newer saves changed: Overwrite keeps this person's value for them. */
  colliding: string[];
}

/** Someone saved first: what they changed, and the two ways on. */
export function ConflictDialog({
  conflict,
  onReload,
  onOverwrite,
}: {
  conflict: ConflictInfo | null;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <AlertDialog open={conflict !== null}>
      {conflict ? (
        <AlertDialogContent
          title="Someone saved this agent first"
          description={
            <div className="flex flex-col gap-2">
              <p>Version {conflict.latestVersionNumber} is now the newest. Saved since you opened the agent:</p>
              <ul className="list-disc pl-5">
                {conflict.newer.map((version) => (
                  <li key={version.versionNumber}>
                    Version {version.versionNumber} by {version.authorId ? actorWords(version.authorId) : 'someone'} (
                    <Time iso={version.createdAt} />
                    ): {version.changeMessage ?? 'no message'}; changed{' '}
                    {fieldLabelsOf(version.changedFields).join(', ') || 'nothing'}
                  </li>
                ))}
              </ul>
              <p>
                Reload discards your changes and shows the newest version. Overwrite saves only the fields you changed
                on top of it
                {conflict.colliding.length
                  ? `, replacing their ${fieldLabelsOf(conflict.colliding).join(', ')} with yours`
                  : '; their changes are kept'}
                .
              </p>
            </div>
          }
        >
          <div className="flex justify-end gap-2">
            <Button onClick={onReload}>Reload</Button>
            <Button variant="danger" onClick={onOverwrite}>
              Overwrite
            </Button>
          </div>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
