/**
 * The linter over one set of rules: a rule group walked condition by condition and group by group,
 * or a raw JSON Logic expression checked against the work bounds.
 */
import { isJsonLogicRule, isRuleGroup, type Condition, type RuleGroup, type Rules } from '../types';
import { lintCondition } from './condition-checks';
import { childPath, type Diagnostic } from './diagnostic';
import { fieldSchemaOf, type FieldSchema } from './field-schema';
import { contradiction, tautology } from './group-checks';
import { lintJsonLogicBudget } from './json-logic-budget';
import { isRecord } from '../../is-record';

/**
 * Every finding in a rule group and the groups nested in it. `path` is where the group lives
 * (e.g. `tools[2].rules`); `fieldSchema` says what each `field` refers to. A group nested in one of
 * the same operator is checked as a whole with it, once, at the outer group (`joined`).
 */
export function lintRuleGroup({
  group,
  path,
  fieldSchema,
  joined = false,
}: {
  group: RuleGroup;
  path: string;
  fieldSchema: FieldSchema;
  joined?: boolean;
}): Diagnostic[] {
  if (!isRecord(group) || !Array.isArray(group.conditions)) return [];
  const diagnostics: Diagnostic[] = [];
  group.conditions.forEach((item, index) => {
    if (!isRecord(item)) return;
    const itemPath = childPath(childPath(path, 'conditions'), index);
    diagnostics.push(
      ...(isRuleGroup(item)
        ? lintRuleGroup({ group: item, path: itemPath, fieldSchema, joined: item.operator === group.operator })
        : lintCondition({ condition: item as Condition, path: itemPath, fieldSchema })),
    );
  });
  if (joined) return diagnostics;
  if (group.operator === 'AND') {
    const reason = contradiction(group);
    if (reason)
      diagnostics.push({ severity: 'error', code: 'never_matches', path, message: `Never matches: ${reason}` });
  } else {
    const condition = tautology(group);
    if (condition) {
      diagnostics.push({
        severity: 'warning',
        code: 'always_matches',
        path,
        message: `Always matches: this "any" group holds a rule on "${condition.field}" and its negation`,
      });
    }
  }
  return diagnostics;
}

/** `lintRuleGroup` for what a variant or prompt block stores under `rules`, with an optional schema. */
export function lintRules({
  rules,
  path,
  requestContextSchema,
  fieldSchema = fieldSchemaOf(requestContextSchema),
}: {
  rules: Rules;
  path: string;
  requestContextSchema?: unknown;
  fieldSchema?: FieldSchema;
}): Diagnostic[] {
  if (!isRecord(rules)) return [];
  if (isJsonLogicRule(rules)) return lintJsonLogicBudget({ expression: rules.jsonLogic, path });
  return lintRuleGroup({ group: rules, path, fieldSchema });
}
