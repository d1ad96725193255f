/**
 * The fix the editor offers for per-tool `rules` (docs/resolution.md, "Per-tool rules"): each tool
 * entry carrying rules becomes a variant of its own with those rules, beside one unconditioned
 * variant holding the other entries. Only a plain `tools` record is converted.
 */
import type { Rules } from '../types';
import { isRecord } from '../../is-record';

export interface ToolVariant {
  value: Record<string, Record<string, unknown>>;
  rules?: Rules;
}

/** The variants that replace a plain `tools` record, or undefined when no entry carries rules. */
export function toolRulesAsVariants(tools: unknown): ToolVariant[] | undefined {
  if (!isRecord(tools)) return undefined;
  const always: Record<string, Record<string, unknown>> = {};
  const conditional: ToolVariant[] = [];
  for (const [id, entry] of Object.entries(tools)) {
    const { rules, ...rest } = isRecord(entry) ? entry : {};
    if (isRecord(rules)) conditional.push({ value: { [id]: rest }, rules: rules as unknown as Rules });
    else always[id] = isRecord(entry) ? entry : {};
  }
  if (conditional.length === 0) return undefined;
  return Object.keys(always).length > 0 ? [{ value: always }, ...conditional] : conditional;
}
