/**
 * Rule group -> JSON Logic. Built-in operations where they already mean what our operators
 * mean (`and`, `or`, `===`, `!==`; see operators.ts), our `studio_*` operations elsewhere. An empty group compiles to
 * `true` (JSON Logic's empty `and` would be falsy).
 */
import type { ConditionOperator } from './operators';
import { isJsonLogicRule, isRuleGroup, type Condition, type RuleGroup, type Rules } from './types';

export type JsonLogicExpression = unknown;

const operationFor: Record<ConditionOperator, string> = {
  equals: '===',
  not_equals: '!==',
  contains: 'studio_contains',
  not_contains: 'studio_not_contains',
  greater_than: 'studio_greater_than',
  less_than: 'studio_less_than',
  greater_than_or_equal: 'studio_greater_than_or_equal',
  less_than_or_equal: 'studio_less_than_or_equal',
  in: 'studio_in',
  not_in: 'studio_not_in',
  exists: 'studio_exists',
  not_exists: 'studio_not_exists',
};

/** Primitives are literals in JSON Logic; objects and arrays would be evaluated, so they travel as JSON text. */
function literal(value: unknown): JsonLogicExpression {
  if (value === null || typeof value !== 'object') return value ?? null;
  return { studio_literal: [JSON.stringify(value)] };
}

function compileCondition(condition: Condition): JsonLogicExpression {
  const field = { studio_get: [condition.field] };
  const operation = operationFor[condition.operator];
  if (condition.operator === 'exists' || condition.operator === 'not_exists') return { [operation]: [field] };
  return { [operation]: [field, literal(condition.value)] };
}

export function compileRuleGroup(group: RuleGroup): JsonLogicExpression {
  if (group.conditions.length === 0) return true;
  const compiled = group.conditions.map((item) =>
    isRuleGroup(item) ? compileRuleGroup(item) : compileCondition(item as Condition),
  );
  return { [group.operator === 'AND' ? 'and' : 'or']: compiled };
}

export function compileRules(rules: Rules): JsonLogicExpression {
  return isJsonLogicRule(rules) ? rules.jsonLogic : compileRuleGroup(rules);
}
