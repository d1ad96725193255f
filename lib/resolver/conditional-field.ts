/**
 * Plain and conditional fields. A conditional field is a list of variants
 * walked in stored order; every variant without rules or whose rules pass is included, and included
 * values are shallow-merged: a later variant's entry replaces an earlier one under the same key,
 * whole. The result is an ordered list of entries, each remembering which variants named it.
 *
 * Two steps: `matchVariants` evaluates rules against the request context; `mergeVariants` depends
 * only on the stored value and the matched indices (which the plan's signature names).
 */
import { isConditional } from '../snapshots';
import { createRuleBudget, ruleOutcome, type RuleBudget, type Rules } from '../rules';
import type { RequestContext } from '../tools';
import type { FieldExplanation, Inclusion, ResolutionField } from './types';
import { isRecord } from '../is-record';

export interface FieldEntry {
  key: string;
  /** The winning entry (from the last included variant that named the key); always an object. */
  entry: Record<string, unknown>;
  includedBy: Inclusion[];
}

export interface ResolvedField {
  explanation: FieldExplanation;
  entries: FieldEntry[];
}

/**
 * A plain value as `[key, entry]` pairs. Objects give their entries; a legacy array of ids (only
 * meaningful for `tools`) means `{ id: {} }` for each; anything else is empty. Entries that are not
 * objects count as `{}`, so stored data the schema would reject cannot make resolution throw.
 */
function plainEntries(value: unknown): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    return value.filter((item): item is string => typeof item === 'string').map((id) => [id, {}]);
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([key, entry]) => [key, isRecord(entry) ? entry : {}]);
}

/**
 * Stored rules are validated at save time; anything that still fails to evaluate does not match.
 * A rule the request's `budget` stops does not match either, and its `ref` joins `budget.stopped`.
 */
export function rulesPass({
  rules,
  requestContext,
  budget = createRuleBudget(),
  ref = 'rules',
}: {
  rules: unknown;
  requestContext: RequestContext;
  budget?: RuleBudget;
  /** Where the rules live in the version, for the warning when the budget stops them. */
  ref?: string;
}): boolean {
  if (rules === undefined || rules === null) return true;
  if (!isRecord(rules)) return false;
  const outcome = ruleOutcome({ rules: rules as unknown as Rules, context: requestContext, budget });
  if (outcome === 'budget_exceeded') budget.stopped.push(ref);
  return outcome === 'matched';
}

function evaluateVariants({
  field,
  variants,
  requestContext,
  budget,
}: {
  field: ResolutionField;
  variants: unknown[];
  requestContext: RequestContext;
  budget: RuleBudget;
}): number[] {
  const matched: number[] = [];
  variants.forEach((variant, variantIndex) => {
    const ref = `${field}[${variantIndex}].rules`;
    if (isRecord(variant) && rulesPass({ rules: variant.rules, requestContext, budget, ref }))
      matched.push(variantIndex);
  });
  return matched;
}

/** The indices of the variants that apply, or `null` for a plain value. */
export function matchVariants({
  field,
  value,
  requestContext,
  budget = createRuleBudget(),
}: {
  field: ResolutionField;
  value: unknown;
  requestContext: RequestContext;
  /** The request's rule budget, shared by every rule evaluated for it. */
  budget?: RuleBudget;
}): number[] | null {
  if (!isConditional(value as never)) return null;
  return evaluateVariants({ field, variants: value as unknown[], requestContext, budget });
}

export function mergeVariants({
  field,
  value,
  matched,
}: {
  field: ResolutionField;
  value: unknown;
  matched: number[] | null;
}): ResolvedField {
  const merged = new Map<string, FieldEntry>();
  if (matched === null) {
    for (const [key, entry] of plainEntries(value)) {
      // Later duplicates (a legacy array may repeat an id) overwrite earlier ones in place.
      merged.set(key, { key, entry, includedBy: [{ field, variantIndex: null }] });
    }
    return { explanation: { conditional: false, matched: [] }, entries: [...merged.values()] };
  }
  const variants = value as Array<Record<string, unknown>>;
  for (const variantIndex of matched) {
    for (const [key, entry] of plainEntries(variants[variantIndex]!.value)) {
      const includedBy = [...(merged.get(key)?.includedBy ?? []), { field, variantIndex }];
      // Map keeps the first insertion position, exactly like spreading objects in order.
      merged.set(key, { key, entry, includedBy });
    }
  }
  return { explanation: { conditional: true, matched }, entries: [...merged.values()] };
}

export function resolveField({
  field,
  value,
  requestContext,
}: {
  field: ResolutionField;
  value: unknown;
  requestContext: RequestContext;
}): ResolvedField {
  return mergeVariants({ field, value, matched: matchVariants({ field, value, requestContext }) });
}
