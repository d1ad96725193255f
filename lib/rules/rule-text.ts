/**
 * A rule group as one line of text, for explanations and previews ("args.amount > 100 and
 * context.role equals \"intern\""). Pure; the stored rule stays the source of truth.
 */
import type { ConditionOperator } from './operators';
import { isRuleGroup, type Condition, type RuleGroup } from './types';

const words: Record<ConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  greater_than: '>',
  less_than: '<',
  greater_than_or_equal: '>=',
  less_than_or_equal: '<=',
  in: 'is one of',
  not_in: 'is not one of',
  exists: 'exists',
  not_exists: 'does not exist',
};

function conditionText({ field, operator, value }: Condition): string {
  const verb = words[operator];
  return value === undefined ? `${field} ${verb}` : `${field} ${verb} ${JSON.stringify(value)}`;
}

/** Nested groups are parenthesised; an empty group reads "always" (it matches every time). */
export function ruleGroupText(group: RuleGroup): string {
  if (group.conditions.length === 0) return 'always';
  const joiner = group.operator === 'AND' ? ' and ' : ' or ';
  return group.conditions
    .map((item) => (isRuleGroup(item) ? `(${ruleGroupText(item)})` : conditionText(item)))
    .join(joiner);
}
