import type { ConditionOperator } from './operators';

/** `{ field: 'user.role', operator: 'equals', value: 'admin' }`; `value` is absent for exists/not_exists. */
export interface Condition {
  field: string;
  operator: ConditionOperator;
  value?: unknown;
}

export interface RuleGroup {
  operator: 'AND' | 'OR';
  conditions: Array<Condition | RuleGroup>;
}

/** A raw JSON Logic expression stored instead of a rule group (advanced users). */
export interface JsonLogicRule {
  jsonLogic: unknown;
}

/** What a variant or a prompt block stores under `rules`. */
export type Rules = RuleGroup | JsonLogicRule;

export const isRuleGroup = (item: Condition | RuleGroup): item is RuleGroup =>
  item.operator === 'AND' || item.operator === 'OR';

export const isJsonLogicRule = (rules: Rules): rules is JsonLogicRule => 'jsonLogic' in rules;
