/**
 * The agent-level transform policy: `new Agent({ transform: { targets?, input?, output?, error? } })`
 * shapes what the UI stream and the transcript show for every tool that has no transform of its own
 * for that phase. The policy is folded into each tool's transform once per run, so the one rule of
 * `resolveTransform` applies everywhere (a throwing function gives the placeholder, never the raw
 * payload). Phases the policy leaves out show what they would show without it; a policy on `input`
 * also hides the argument deltas of tools that do not shape their own, so partial input never leaks.
 */
import type { AgentTransformPolicy } from './run-types';
import { rawPayloadOf, type Tool, type ToolTransform, type TransformPhase, type ToolTransformPhases } from '../tools';

export type { AgentTransformPolicy };

/** What a target without a transform shows: the raw payload of each phase. */
const rawPhases = rawPayloadOf as Required<ToolTransformPhases>;

const policyPhases = ['input', 'output', 'error'] as const satisfies ReadonlyArray<TransformPhase>;

function withPolicy(own: ToolTransformPhases | undefined, policy: AgentTransformPolicy): ToolTransformPhases {
  const phases: ToolTransformPhases = own ? { ...own } : { ...rawPhases };
  for (const phase of policyPhases) {
    const fill = policy[phase];
    if (fill && !own?.[phase]) (phases as Record<string, unknown>)[phase] = fill;
  }
  if (!own && policy.input) delete phases.inputDelta;
  return phases;
}

export function applyTransformPolicy(tool: Tool, policy: AgentTransformPolicy | undefined): Tool {
  if (!policy || !policyPhases.some((phase) => policy[phase])) return tool;
  const transform: ToolTransform = { ...tool.transform };
  for (const target of policy.targets ?? (['display', 'transcript'] as const)) {
    transform[target] = withPolicy(tool.transform?.[target], policy);
  }
  return { ...tool, transform };
}
