'use client';
import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { useDerivedId } from '../_lib/use-derived-id';
import { TextField } from './ui/field';

/**
 * The Name and Id fields of a form for a saved record: while creating, the id follows the name
 * until someone types in the Id field; once saved the id cannot change, so `fixedId` (or nothing)
 * takes the Id field's place.
 */
export function NameAndIdFields<Values extends FieldValues & { id: string; name: string }>({
  form,
  idFixed,
  nameHint,
  idHint,
  fixedId,
}: {
  form: UseFormReturn<Values>;
  idFixed: boolean;
  nameHint?: string;
  idHint: string;
  fixedId?: ReactNode;
}) {
  const ids = useDerivedId(form, { idFixed });
  const errors = form.formState.errors as FieldErrors<{ id: string; name: string }>;
  return (
    <>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} hint={nameHint} {...ids.name} />
      {idFixed ? (
        fixedId
      ) : (
        <TextField
          label="Id"
          autoComplete="off"
          className="font-mono"
          hint={idHint}
          error={errors.id?.message}
          {...ids.id}
        />
      )}
    </>
  );
}
