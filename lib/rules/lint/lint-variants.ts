/**
 * Findings about the variants of one conditional field as a list: a variant that can never change
 * the result because later variants that always match replace every entry it names
 * (`shadowed_variant`), and two variants with equal rules (`duplicate_variant`).
 */
import type { Rules } from '../types';
import { childPath, type Diagnostic } from './diagnostic';
import { alwaysMatches } from './group-checks';
import { canonicalJson } from '../../canonical-json';

export interface StoredVariant {
  value: unknown;
  rules?: Rules;
}

/**
 * Whether a stored field value is a list of variants: a non-empty array whose first item is an
 * object with a `value` key (docs/resolution.md, "Plain and conditional fields").
 */
export function isVariantList(value: unknown): value is StoredVariant[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  return typeof first === 'object' && first !== null && !Array.isArray(first) && 'value' in first;
}

/** The top-level keys a variant's value names (a legacy list of tool ids names each id). */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value !== 'object' || value === null) return [];
  return Object.keys(value);
}

function shadowedVariants(variants: StoredVariant[], field: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const replacedLater = new Set<string>();
  for (let index = variants.length - 1; index >= 0; index -= 1) {
    const variant = variants[index]!;
    const keys = keysOf(variant.value);
    if (keys.length > 0 && keys.every((key) => replacedLater.has(key))) {
      diagnostics.unshift({
        severity: 'warning',
        code: 'shadowed_variant',
        path: childPath(field, index),
        message: `Variant ${index + 1} never changes the result: later variants that always match replace every entry it names (${keys.join(', ')})`,
      });
    }
    if (alwaysMatches(variant.rules)) keys.forEach((key) => replacedLater.add(key));
  }
  return diagnostics;
}

function duplicateVariants(variants: StoredVariant[], field: string): Diagnostic[] {
  // A duplicate takes two variants with rules.
  if (variants.filter((variant) => variant.rules !== undefined).length < 2) return [];
  const firstWith = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  variants.forEach((variant, index) => {
    if (variant.rules === undefined) return;
    const key = canonicalJson(variant.rules);
    const earlier = firstWith.get(key);
    if (earlier === undefined) {
      firstWith.set(key, index);
      return;
    }
    diagnostics.push({
      severity: 'warning',
      code: 'duplicate_variant',
      path: childPath(childPath(field, index), 'rules'),
      message: `Variant ${index + 1} has the same rules as variant ${earlier + 1}; merge their values into one variant`,
    });
  });
  return diagnostics;
}

/** The list-level findings of one conditional field (`field` is its name, e.g. `tools`). */
export function lintVariantList({ variants, field }: { variants: StoredVariant[]; field: string }): Diagnostic[] {
  const objects = variants.filter((variant) => typeof variant === 'object' && variant !== null);
  if (objects.length !== variants.length) return [];
  return [...shadowedVariants(variants, field), ...duplicateVariants(variants, field)];
}
