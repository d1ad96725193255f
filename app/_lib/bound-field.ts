import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessageAt } from './form-errors';

/**
 * What a TextField, TextAreaField or SelectField spreads to be bound to a react-hook-form field:
 * its registration, and the schema's message for it (which sets aria-invalid and
 * aria-describedby on the control).
 */
export function boundField<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'register' | 'formState'>,
  name: Path<Values>,
) {
  return { ...form.register(name), error: errorMessageAt(form.formState.errors, name) };
}
