/**
 * A rule group as one line of text, for explanations and previews ("args.amount > 100 and
 * context.role equals \"intern\""), and in plain words for people in the editor ("plan is pro").
 * Pure; the stored rule stays the source of truth.
 */
import type { ConditionOperator } from './operators';
import { isJsonLogicRule, isRuleGroup, type Condition, type RuleGroup, type Rules } from './types';
import { listInWords } from '../list-in-words';

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

const plainWords: Record<ConditionOperator, string> = {
  ...words,
  equals: 'is',
  not_equals: 'is not',
  greater_than: 'is more than',
  less_than: 'is less than',
  greater_than_or_equal: 'is at least',
  less_than_or_equal: 'is at most',
};

type Spell = (condition: Condition) => string;

function conditionText({ field, operator, value }: Condition): string {
  const verb = words[operator];
  return value === undefined ? `${field} ${verb}` : `${field} ${verb} ${JSON.stringify(value)}`;
}

/** A value as people read it: text unquoted unless it is empty, lists as "a, b or c". */
function valueWords(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map(valueWords);
    return items.length === 0 ? 'nothing' : listInWords(items, 'or');
  }
  if (typeof value === 'string') return value.trim() === '' ? '""' : value;
  return JSON.stringify(value);
}

function conditionWords({ field, operator, value }: Condition): string {
  const verb = plainWords[operator];
  return value === undefined ? `${field} ${verb}` : `${field} ${verb} ${valueWords(value)}`;
}

function groupText(group: RuleGroup, spell: Spell): string {
  if (group.conditions.length === 0) return 'always';
  const joiner = group.operator === 'AND' ? ' and ' : ' or ';
  return group.conditions.map((item) => (isRuleGroup(item) ? `(${groupText(item, spell)})` : spell(item))).join(joiner);
}

/** Nested groups are parenthesised; an empty group reads "always" (it matches every time). */
export function ruleGroupText(group: RuleGroup): string {
  return groupText(group, conditionText);
}

/** The same in plain words: "plan is pro and seats is more than 5", "region is one of eu or uk". */
export function ruleGroupWords(group: RuleGroup): string {
  return groupText(group, conditionWords);
}

/** Whether any condition of the group still lacks its field (a rule being written). */
function unfinished(group: RuleGroup): boolean {
  return group.conditions.some((item) => (isRuleGroup(item) ? unfinished(item) : item.field.trim() === ''));
}

/**
 * When a variant or prompt block applies, in words: "plan is pro", "any request (no condition)",
 * "its JSON Logic rule matches", "its rules match, once every rule has a field" while a field is empty.
 */
export function rulesWords(rules: Rules | undefined): string {
  if (rules === undefined) return 'any request (no condition)';
  if (isJsonLogicRule(rules)) return 'its JSON Logic rule matches';
  if (unfinished(rules)) return 'its rules match, once every rule has a field';
  return ruleGroupWords(rules);
}
