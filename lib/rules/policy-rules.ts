/**
 * Rule groups of tool approval policies. They read the call, not only the request: a field is
 * `args.<path>` (the call's arguments) or `context.<path>` (the request context), and the rule is
 * evaluated against `{ args, context }` with the same operators as every other rule.
 */
import type { z } from 'zod';
import { ruleGroupSchema } from './schema';
import { isRuleGroup, type Condition, type RuleGroup } from './types';

/** The roots a policy field may start with. */
export const policyFieldRoots = ['args', 'context'] as const;

const policyFieldMessage =
  'A policy rule reads "args.<path>" (the call\'s arguments) or "context.<path>" (the request context)';

const isPolicyField = (field: string) => policyFieldRoots.some((root) => field.startsWith(`${root}.`));

function addFieldIssues(group: RuleGroup, path: Array<string | number>, context: z.RefinementCtx): void {
  group.conditions.forEach((item: Condition | RuleGroup, index) => {
    const itemPath = [...path, 'conditions', index];
    if (isRuleGroup(item)) addFieldIssues(item, itemPath, context);
    else if (!isPolicyField(item.field))
      context.addIssue({ code: 'custom', path: [...itemPath, 'field'], message: policyFieldMessage });
  });
}

/** A rule group (validated like every other) whose fields all start with `args.` or `context.`. */
export const policyRuleGroupSchema: z.ZodType<RuleGroup> = ruleGroupSchema.superRefine((group, context) =>
  addFieldIssues(group, [], context),
);

/** What a policy rule is evaluated against. */
export function policyRuleData({ args, context }: { args: unknown; context: unknown }): Record<string, unknown> {
  return { args: args ?? {}, context: context ?? {} };
}
