/**
 * What a run runs with: the version's identity, rendered instructions, model and tools. Built from a
 * resolution for studio agents and from the agent itself for an `Agent` used on its own; rebuilt
 * from the pinned version when a paused run continues.
 */
import type { AgentHooks } from './run-types';
import type { ApprovalRequirement } from '../resolver';
import type { DefaultOptions } from '../snapshots';
import type { Tool } from '../tools';
import type { LanguageModelObject } from './model-registry';
import type { AgentTransformPolicy } from './transform-policy';
import type { RunIdentity } from './run-types';

/** Tools that join the run's record beside the agent's own (sub-agents, workflows, built-in tools). */
export interface ToolSource {
  /** Named in collision errors. */
  label: string;
  /** The source kind its calls are recorded with (`sub-agent`, `workflow`, `builtin`). */
  kind: string;
  tools: Record<string, Tool>;
}

export interface RunEnvironment extends Omit<RunIdentity, 'runId'> {
  instructions: string;
  model: LanguageModelObject;
  /** The agent's tools by the name the model sees. */
  tools: Record<string, Tool>;
  /** Where each of the agent's tools came from, as the resolution names sources (default `code`). */
  toolSources?: Record<string, string>;
  /** Tools beside the agent's own (sub-agents, workflows, built-in tools), after them in the record. */
  extraSources?: ToolSource[];
  /** Read before every model step; what it gives is added to the instructions for that step. */
  stepNote?: (run: { threadId?: string }) => Promise<string | undefined>;
  /** The agent's transform policy for tools without a transform of their own. */
  transformPolicy?: AgentTransformPolicy;
  hooks?: AgentHooks;
  defaultOptions?: DefaultOptions;
  /** The version's approval policies by tool name (see `toolPolicies`), beside each tool's own. */
  toolApprovals?: Readonly<Record<string, ApprovalRequirement>>;
}

const noHooks: AgentHooks = Object.freeze({});

/** Agent hooks overridden per key by the run's: passing only `beforeToolCall` keeps the agent's `afterToolCall`. */
export function mergeHooks(agentHooks: AgentHooks | undefined, runHooks: AgentHooks | undefined): AgentHooks {
  if (!agentHooks && !runHooks) return noHooks;
  const merged: AgentHooks = { ...agentHooks };
  if (runHooks?.beforeToolCall) merged.beforeToolCall = runHooks.beforeToolCall;
  if (runHooks?.afterToolCall) merged.afterToolCall = runHooks.afterToolCall;
  return merged;
}

export const defaultMaxSteps = 5;
