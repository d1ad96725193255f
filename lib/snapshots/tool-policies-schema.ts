/**
 * The snapshot's `toolPolicies`: approval policies keyed by the tool name the model sees. A name is
 * checked for shape only; which tools a version offers depends on its variants and on what MCP
 * servers and providers list at run time, so a policy naming no resolved tool is kept and reported
 * as a resolution warning (`tool_policy_unused`) instead of refused.
 */
import { z } from 'zod';
import { atMostKeys, policyRuleGroupSchema, ruleGroupSchema, selectSchema, sizeCaps } from '../rules';
import { isRecord } from '../is-record';
/** As in `snapshot-fields.ts`: precise validation, or unions for the published JSON Schema. */
type SchemaMode = 'validate' | 'document';

const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
const toolNameMessage =
  'A tool policy is keyed by the tool name the model sees (letters, digits, "_" and "-", at most 64 characters)';

/** Keys are checked here, not by the record's key schema, so the message names the key's own path. */
function addToolNameIssues(policies: Record<string, unknown>, context: z.RefinementCtx): void {
  for (const name of Object.keys(policies)) {
    if (!toolNamePattern.test(name)) context.addIssue({ code: 'custom', path: [name], message: toolNameMessage });
  }
}

const requireApprovalMessage = 'requireApproval is true or a rule group { operator: "AND" | "OR", conditions }';

function requireApprovalSchema(mode: SchemaMode) {
  if (mode === 'document')
    return z.union([z.literal(true), ruleGroupSchema]).meta({
      description:
        'true: every call asks for approval; a rule group on args.<path> and context.<path>: calls it matches do',
    });
  return selectSchema<true | z.infer<typeof policyRuleGroupSchema>>({
    select: (value) => {
      if (!isRecord(value)) return z.literal(true, { error: requireApprovalMessage });
      if ('jsonLogic' in value) return z.never({ error: 'A tool policy takes a rule group, not raw JSON Logic' });
      return policyRuleGroupSchema;
    },
    meta: { anyOf: [{ const: true }, { type: 'object' }] },
  });
}

export function toolPoliciesSchema(mode: SchemaMode) {
  return z
    .record(z.string(), z.object({ requireApproval: requireApprovalSchema(mode) }).strict())
    .superRefine(atMostKeys(sizeCaps.toolsPerAgent, 'tool policies per agent'))
    .superRefine(addToolNameIssues)
    .meta({ description: 'Approval policies by tool name' });
}
