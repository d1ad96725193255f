/**
 * The version selector, one convention everywhere: at most one of `versionId`,
 * `versionNumber`, `label`, `status`. No key means the caller's default (latest for management,
 * published for the runtime). Label names are checked by the reader, which answers
 * `invalid_version_label` rather than a generic 400.
 */
import { z } from 'zod';
import { labelPattern } from './labels';

export const selectorKeys = ['versionId', 'versionNumber', 'label', 'status'] as const;

export const versionSelectorFields = {
  versionId: z.string().min(1).max(100),
  versionNumber: z.number().int().min(1),
  // The length and pattern are documentation: a malformed name is answered by the label check
  // (invalid_version_label).
  label: z.string().min(1).meta({ pattern: labelPattern.source, maxLength: 64 }),
  status: z.enum(['published', 'draft']),
};

/** Adds the "at most one key" rule to a selector-shaped object schema. */
export function atMostOneSelectorKey(value: Record<string, unknown>, context: z.RefinementCtx): void {
  const given = selectorKeys.filter((key) => value[key] !== undefined);
  if (given.length > 1) {
    context.addIssue({
      code: 'custom',
      path: [given[1]!],
      message: `Give at most one of versionId, versionNumber, label, status (got ${given.join(', ')}).`,
    });
  }
}

export const versionSelectorSchema = z
  .object({
    versionId: versionSelectorFields.versionId.optional(),
    versionNumber: versionSelectorFields.versionNumber.optional(),
    label: versionSelectorFields.label.optional(),
    status: versionSelectorFields.status.optional(),
  })
  .strict()
  .superRefine(atMostOneSelectorKey)
  .meta({ id: 'VersionSelector', maxProperties: 1 });

export type VersionSelector =
  { versionId: string } | { versionNumber: number } | { label: string } | { status: 'published' | 'draft' };

/** Narrows a parsed selector object (at most one key set) to the union, or `undefined` for none. */
export function toVersionSelector(value: z.output<typeof versionSelectorSchema>): VersionSelector | undefined {
  if (value.versionId !== undefined) return { versionId: value.versionId };
  if (value.versionNumber !== undefined) return { versionNumber: value.versionNumber };
  if (value.label !== undefined) return { label: value.label };
  if (value.status !== undefined) return { status: value.status };
  return undefined;
}
