/**
 * Checks of one group as a whole: an AND group that contradicts itself never matches, an OR group
 * holding a condition and its negation always matches. A group nested in one of the same operator
 * counts as part of it (an "all" inside an "all" adds its conditions to the outer one).
 */
import { isRuleGroup, type Condition, type RuleGroup, type Rules } from '../types';

const isCondition = (item: unknown): item is Condition =>
  typeof item === 'object' && item !== null && typeof (item as Condition).field === 'string';

const valueKey = (condition: Condition) => JSON.stringify(condition.value);

/** The conditions of a group and of the groups nested in it with the same operator. */
function joinedConditions(group: RuleGroup): Condition[] {
  return group.conditions.flatMap((item) => {
    if (isCondition(item)) return [item];
    return isRuleGroup(item) && item.operator === group.operator && Array.isArray(item.conditions)
      ? joinedConditions(item)
      : [];
  });
}

/** Why an AND group can never match, or undefined. */
export function contradiction(group: RuleGroup): string | undefined {
  const conditions = joinedConditions(group);
  // A contradiction takes two conditions.
  if (conditions.length < 2) return undefined;
  const equalsByField = new Map<string, Condition>();
  for (const condition of conditions) {
    if (condition.operator !== 'equals') continue;
    const earlier = equalsByField.get(condition.field);
    if (earlier && valueKey(earlier) !== valueKey(condition)) {
      return `"${condition.field}" cannot equal both ${valueKey(earlier)} and ${valueKey(condition)}`;
    }
    equalsByField.set(condition.field, condition);
  }
  const exists = new Set(conditions.filter((item) => item.operator === 'exists').map((item) => item.field));
  const absent = conditions.find((item) => item.operator === 'not_exists' && exists.has(item.field));
  if (absent) return `"${absent.field}" cannot both exist and not exist`;
  const negated = negatedCondition(conditions);
  return negated ? `it holds a rule on "${negated.field}" and its negation` : undefined;
}

const negations: Record<string, string> = {
  equals: 'not_equals',
  not_equals: 'equals',
  contains: 'not_contains',
  not_contains: 'contains',
  in: 'not_in',
  not_in: 'in',
  exists: 'not_exists',
  not_exists: 'exists',
};

/** A condition of an OR group whose negation is in the same group, or undefined. */
export function tautology(group: RuleGroup): Condition | undefined {
  return negatedCondition(joinedConditions(group));
}

/** A condition whose negation (same field and value, the opposite operator) is among `conditions`. */
function negatedCondition(conditions: Condition[]): Condition | undefined {
  if (conditions.length < 2) return undefined;
  const keyOf = (field: string, operator: string, value: string) => JSON.stringify([field, operator, value]);
  const present = new Set(conditions.map((item) => keyOf(item.field, item.operator, valueKey(item))));
  return conditions.find((item) => {
    const negation = negations[item.operator];
    return negation !== undefined && present.has(keyOf(item.field, negation, valueKey(item)));
  });
}

/**
 * Whether rules match every request context, as far as can be told from their shape: no rules, an
 * empty group, an AND of such, an OR holding one or a condition and its negation.
 */
export function alwaysMatches(rules: Rules | undefined): boolean {
  if (rules === undefined) return true;
  if (!('conditions' in rules) || !Array.isArray(rules.conditions)) return false;
  if (rules.conditions.length === 0) return true;
  const nestedAlways = (item: Condition | RuleGroup) => isRuleGroup(item) && alwaysMatches(item);
  if (rules.operator === 'AND') return rules.conditions.every(nestedAlways);
  return rules.conditions.some(nestedAlways) || tautology(rules) !== undefined;
}
