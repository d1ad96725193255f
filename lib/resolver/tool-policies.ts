/**
 * A version's approval policies (`toolPolicies`) over its resolved tools, pure: each policy is put
 * beside the tool it names (on the resolved tool for the runtime, in the explanation with a line of
 * text for people), a policy naming no resolved tool becomes a warning, and a call is checked
 * against its policy with the rule evaluator.
 */
import { policyRuleData, ruleGroupText, ruleOutcome, type RuleGroup } from '../rules';
import type { ToolPolicies } from '../snapshots';
import { setOwnProperty } from '../tools';
import type { MergedTools, ResolvedTool, ToolExplanation } from './types';

export type ApprovalRequirement = true | RuleGroup;

/** How a policy reads in the explanation and the Preview ("needs approval when args.amount > 100"). */
export function approvalSummary(requirement: ApprovalRequirement): string {
  // An empty group matches every call: it reads like `true`.
  if (requirement === true || requirement.conditions.length === 0) return 'needs approval';
  return `needs approval when ${ruleGroupText(requirement)}`;
}

/**
 * Whether a call asks for approval under the policy: always for `true`, else when the rule group
 * matches `{ args, context }`. A rule stopped by the work budget asks (failing closed).
 */
export function policyAsksApproval({
  requirement,
  args,
  context,
}: {
  requirement: ApprovalRequirement | undefined;
  args: unknown;
  context: unknown;
}): boolean {
  if (requirement === undefined) return false;
  if (requirement === true) return true;
  return ruleOutcome({ rules: requirement, context: policyRuleData({ args, context }) }) !== 'not_matched';
}

function withApproval(merged: MergedTools, name: string, requirement: ApprovalRequirement) {
  const tool: ResolvedTool = { ...merged.tools[name]!, approval: requirement };
  const explanation: ToolExplanation = {
    ...merged.explanation.tools[name]!,
    approval: { requireApproval: requirement, summary: approvalSummary(requirement) },
  };
  return { tool, explanation };
}

/** The merged tools with the version's policies attached; the input is never changed. */
export function applyToolPolicies(merged: MergedTools, policies: ToolPolicies | undefined): MergedTools {
  if (!policies || Object.keys(policies).length === 0) return merged;
  const tools = { ...merged.tools };
  const explanations = { ...merged.explanation.tools };
  const warnings = [...merged.warnings];
  for (const [name, policy] of Object.entries(policies)) {
    if (!Object.hasOwn(merged.tools, name)) {
      warnings.push({
        code: 'tool_policy_unused',
        message: `The approval policy for "${name}" names no tool offered for this request; it applies whenever such a tool is offered`,
        source: 'rules',
        ref: `toolPolicies.${name}`,
      });
      continue;
    }
    const attached = withApproval(merged, name, policy.requireApproval);
    setOwnProperty(tools, name, attached.tool);
    setOwnProperty(explanations, name, attached.explanation);
  }
  return { tools, explanation: { ...merged.explanation, tools: explanations }, warnings };
}
