/**
 * The zod schema of stored rules, used by the API, the editor's forms
 * and the snapshot schema alike. Everything that could make evaluation surprising is rejected
 * here, at save time, each problem at its own path.
 */
import { z } from 'zod';
import { checkJsonLogic, jsonLogicLimits, longestArray } from './json-logic-limits';
import { jsonValueSchema } from './json-value';
import { arrayValueOperators, conditionOperators, valuelessOperators } from './operators';
import { isRecord } from '../is-record';
import { selectSchema } from './select-schema';
import type { Condition, JsonLogicRule, RuleGroup, Rules } from './types';

export const maxRuleGroupLevels = 3;
export const maxConditionsPerGroup = 100;

const fieldPath = z
  .string()
  .max(256)
  .regex(/^[^.]+(\.[^.]+)*$/, 'The field is a dot path like "user.role" with no empty segments');

export const conditionSchema = z
  .object({
    field: fieldPath,
    operator: z.enum(conditionOperators, {
      error: `Unknown operator; use one of ${conditionOperators.join(', ')}`,
    }),
    value: jsonValueSchema.optional(),
  })
  .strict()
  .superRefine((condition, context) => {
    const hasValue = Object.hasOwn(condition, 'value') && condition.value !== undefined;
    if (!hasValue && !valuelessOperators.includes(condition.operator)) {
      context.addIssue({ code: 'custom', path: ['value'], message: `"${condition.operator}" needs a value` });
    }
    if (arrayValueOperators.includes(condition.operator) && hasValue && !Array.isArray(condition.value)) {
      context.addIssue({ code: 'custom', path: ['value'], message: `"${condition.operator}" needs an array value` });
    }
    if (hasValue && longestArray(condition.value) > jsonLogicLimits.maxArrayItems) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A list value holds at most ${jsonLogicLimits.maxArrayItems} items`,
      });
    }
  }) as z.ZodType<Condition>;

const groupOperators = ['AND', 'OR'] as const;

const baseRuleGroupSchema: z.ZodType<RuleGroup> = z
  .object({
    operator: z.enum(groupOperators),
    get conditions() {
      return z
        .array(
          z.discriminatedUnion('operator', [baseRuleGroupSchema as never, conditionSchema as never], {
            error: (issue) =>
              issue.code === 'invalid_union'
                ? `Unknown operator; a condition uses one of ${conditionOperators.join(', ')} and a group AND or OR`
                : undefined,
          }),
        )
        .max(maxConditionsPerGroup, `A rule group holds at most ${maxConditionsPerGroup} conditions and groups`);
    },
  })
  .strict()
  .meta({
    id: 'RuleGroup',
    description: 'AND/OR group of conditions and nested groups (at most 3 levels).',
  }) as z.ZodType<RuleGroup>;

function addDepthIssues(group: RuleGroup, level: number, path: Array<string | number>, context: z.RefinementCtx) {
  group.conditions.forEach((item, index) => {
    if (!item || typeof item !== 'object' || !('conditions' in item)) return;
    const itemPath = [...path, 'conditions', index];
    if (level + 1 > maxRuleGroupLevels) {
      context.addIssue({
        code: 'custom',
        path: itemPath,
        message: `Rule groups nest at most ${maxRuleGroupLevels} levels`,
      });
      return;
    }
    addDepthIssues(item as RuleGroup, level + 1, itemPath, context);
  });
}

/** A top-level rule group: the recursive shape plus the nesting limit. */
export const ruleGroupSchema: z.ZodType<RuleGroup> = baseRuleGroupSchema.superRefine((group, context) =>
  addDepthIssues(group, 1, [], context),
);

export const jsonLogicRuleSchema: z.ZodType<JsonLogicRule> = z
  .object({ jsonLogic: jsonValueSchema })
  .strict()
  .superRefine((rule, context) => {
    for (const problem of checkJsonLogic(rule.jsonLogic, ['jsonLogic'])) {
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  })
  .meta({
    id: 'JsonLogicRule',
    description:
      'A raw JSON Logic expression (allowed operations only; 8 KiB, 10 levels, 200 nodes; array operations nested at most 2 deep, literal arrays of at most 100 items).',
  }) as z.ZodType<JsonLogicRule>;

/** What a variant or prompt block stores under `rules`: a rule group or `{ jsonLogic }`. */
export const rulesSchema: z.ZodType<Rules> = selectSchema<Rules>({
  select: (value) => (isRecord(value) && 'jsonLogic' in value ? jsonLogicRuleSchema : ruleGroupSchema),
  meta: {
    id: 'Rules',
    description: 'A rule group { operator: "AND" | "OR", conditions } or a raw { jsonLogic } expression.',
    type: 'object',
  },
});

/** For the published JSON Schema: the same shape as a plain union. */
export const rulesDocumentationSchema = z.xor([baseRuleGroupSchema, jsonLogicRuleSchema]);
