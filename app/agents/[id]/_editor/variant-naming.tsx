'use client';
/** A variant's name box and, in words, when it applies ("When plan is pro"). */
import type { Rules } from '@/lib/rules';
import { rulesWords } from '@/lib/rules';
import { controlClasses } from '../../../_components/ui/field';
import { variantNameId } from './focus-later';

/** A typed name, or `undefined` when it holds nothing but spaces (the variant goes back to its number). */
export const nameOf = (text: string) => (text.trim() === '' ? undefined : text);

/** The name people see: its own, else its position. */
export const variantTitle = (variant: { name?: string } | undefined, index: number) =>
  variant?.name ?? `Variant ${index + 1}`;

export function VariantNaming({
  field,
  index,
  name,
  rules,
  onName,
}: {
  field: string;
  index: number;
  name: string | undefined;
  rules: Rules | undefined;
  onName: (name: string | undefined) => void;
}) {
  const id = variantNameId(field, index);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Variant name
        </label>
        <input
          id={id}
          className={controlClasses}
          value={name ?? ''}
          maxLength={200}
          placeholder={`Variant ${index + 1}`}
          onChange={(event) => onName(nameOf(event.target.value))}
        />
      </div>
      <p className="text-sm font-medium text-indigo-900">When {rulesWords(rules)}</p>
    </div>
  );
}
