/**
 * Plain and conditional fields. A conditional field is a list of variants
 * walked in stored order; every variant without rules or whose rules pass is included, and included
 * values are shallow-merged: a later variant's entry replaces an earlier one under the same key,
 * whole. The result is an ordered list of entries, each remembering which variants named it.
 *
 * Two steps, so the second can be memoised: `matchVariants` evaluates rules against the request
 * context (per request); `mergeVariants` depends only on the stored value and the matched indices.
 */
import { isConditional } from '../agents/snapshot-types';
import { evaluateRules, isPlainObject, valueAtPath, type Rules } from '../rules';
import type { RequestContext } from '../tools';
import type { FieldExplanation, Inclusion, ResolutionField } from './types';

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
  if (!isPlainObject(value)) return [];
  return Object.entries(value).map(([key, entry]) => [key, isPlainObject(entry) ? entry : {}]);
}

/** Stored rules are validated at save time; anything that still fails to evaluate does not match. */
export function rulesPass({ rules, requestContext }: { rules: unknown; requestContext: RequestContext }): boolean {
  if (rules === undefined || rules === null) return true;
  if (!isPlainObject(rules)) return false;
  try {
    return evaluateRules({ rules: rules as unknown as Rules, context: requestContext });
  } catch {
    return false;
  }
}

function evaluateVariants(variants: unknown[], requestContext: RequestContext): number[] {
  const matched: number[] = [];
  variants.forEach((variant, variantIndex) => {
    if (isPlainObject(variant) && rulesPass({ rules: variant.rules, requestContext })) matched.push(variantIndex);
  });
  return matched;
}

/**
 * The dot paths a rule group reads, or `null` when it cannot be known (raw JSON Logic, or a shape
 * evaluation would reject anyway). A rule group's result depends only on the values at these paths.
 */
function rulePaths(rules: unknown, paths: Set<string>): boolean {
  if (rules === undefined || rules === null) return true;
  if (!isPlainObject(rules) || !Array.isArray(rules.conditions)) return false;
  for (const item of rules.conditions) {
    if (!isPlainObject(item)) return false;
    if ('conditions' in item) {
      if (!rulePaths(item, paths)) return false;
    } else if (typeof item.field === 'string') paths.add(item.field);
    else return false;
  }
  return true;
}

interface MatchMemo {
  paths: string[];
  results: Map<string, number[]>;
}

/**
 * Which variants match, memoised per frozen (stored, immutable) field value and per the context's
 * values at the paths its rules read: requests that agree on those values get the same answer
 * without evaluating the rules again. Fields with raw JSON Logic rules are always evaluated.
 */
const matchMemos = new WeakMap<object, MatchMemo | null>();
const maxMemoisedContexts = 256;

function memoFor(variants: unknown[]): MatchMemo | null {
  let memo = matchMemos.get(variants);
  if (memo === undefined) {
    const paths = new Set<string>();
    memo = variants.every((variant) => isPlainObject(variant) && rulePaths(variant.rules, paths))
      ? { paths: [...paths], results: new Map() }
      : null;
    matchMemos.set(variants, memo);
  }
  return memo;
}

/** `undefined` and `null` are different answers to `exists`, so they encode differently. */
function encodeValue(value: unknown): string {
  return value === undefined ? '~' : JSON.stringify(value);
}

/** The indices of the variants that apply, or `null` for a plain value. */
export function matchVariants({
  value,
  requestContext,
}: {
  value: unknown;
  requestContext: RequestContext;
}): number[] | null {
  if (!isConditional(value as never)) return null;
  const variants = value as unknown[];
  const memo = Object.isFrozen(variants) ? memoFor(variants) : null;
  if (!memo) return evaluateVariants(variants, requestContext);
  let key = '';
  try {
    for (const path of memo.paths) key += `${encodeValue(valueAtPath(requestContext, path))}\u0001`;
  } catch {
    // A value JSON cannot encode (a cycle, a BigInt): evaluate without the memo.
    return evaluateVariants(variants, requestContext);
  }
  let matched = memo.results.get(key);
  if (!matched) {
    matched = evaluateVariants(variants, requestContext);
    if (memo.results.size >= maxMemoisedContexts) memo.results.delete(memo.results.keys().next().value as string);
    memo.results.set(key, matched);
  }
  return matched;
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
  return mergeVariants({ field, value, matched: matchVariants({ value, requestContext }) });
}
