'use client';
/** The MCP client form's own fields (name, id while creating, description) and its save bar. */
import type { UseFormReturn } from 'react-hook-form';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { TextField } from '../../_components/ui/field';
import { NameAndIdFields } from '../../_components/name-and-id-fields';
import type { McpClientFormValues } from './form-values';
import { boundField } from '../../_lib/bound-field';

type Form = UseFormReturn<McpClientFormValues>;

export function ClientFields({
  form,
  clientId,
  versionNumber,
}: {
  form: Form;
  /** The saved client's id and version when editing; absent when creating. */
  clientId?: string;
  versionNumber?: number;
}) {
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
      <NameAndIdFields
        form={form}
        idFixed={clientId !== undefined}
        idHint="Derived from the name; agents refer to the client by it and it cannot change later."
        fixedId={
          <p className="text-sm text-slate-700">
            Id <span className="font-mono">{clientId}</span> · version {versionNumber}
          </p>
        }
      />
      <TextField label="Description" autoComplete="off" {...boundField(form, 'description')} />
    </div>
  );
}

export function SaveBar({ form, onDiscard }: { form: Form; onDiscard?: () => void }) {
  const { edit } = usePermissions();
  if (!edit) return null;
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <TextField
        label="Change message"
        className="min-w-80 flex-1"
        autoComplete="off"
        placeholder="What changed and why (optional)"
        {...boundField(form, 'changeMessage')}
      />
      <Button type="submit" variant="primary" disabled={form.formState.isSubmitting} className="mb-0.5">
        Save
      </Button>
      {onDiscard ? (
        <Button variant="ghost" className="mb-0.5" onClick={onDiscard}>
          Discard changes
        </Button>
      ) : null}
    </div>
  );
}
