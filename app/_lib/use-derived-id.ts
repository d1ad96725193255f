'use client';
import { useState, type ChangeEvent } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { idFromName } from './id-from-name';

/**
 * The Name and Id fields of a create form: the id follows the name (`idFromName`) until someone
 * types in the Id field. Spread `name` and `id` on the two text fields.
 */
export function useDerivedId<Values extends FieldValues & { id: string; name: string }>(
  form: UseFormReturn<Values>,
  { idFixed }: { idFixed: boolean },
) {
  const [idEdited, setIdEdited] = useState(idFixed);
  const nameField = form.register('name' as Path<Values>);
  const idField = form.register('id' as Path<Values>);
  return {
    name: {
      ...nameField,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        void nameField.onChange(event);
        if (!idEdited)
          form.setValue('id' as Path<Values>, idFromName(event.target.value) as PathValue<Values, Path<Values>>);
      },
    },
    id: {
      ...idField,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setIdEdited(true);
        void idField.onChange(event);
      },
    },
  };
}
