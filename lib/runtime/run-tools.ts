/**
 * The tool record of one run: the agent's resolved tools, then the run's toolsets, then its client
 * tools. The key is the name the model sees. A toolset or client tool whose name collides with a
 * tool already in the record is an error naming both. Other tool sources (built-in tools, and the
 * sub-agents and workflows of an `Agent` run on its own, which has no resolution) join here,
 * through `extraSources`, with the same collision rule.
 */
import { invalidInput } from '../errors';
import type { JsonSchema, Tool } from '../tools';
import type { ClientToolDefinition } from './run-types';
import { applyTransformPolicy, type AgentTransformPolicy } from './transform-policy';

export interface RunTools {
  /** Tools the run executes, by name. */
  executable: Record<string, Tool>;
  /** Tools the caller executes, by name (stored with the run). */
  client: Record<string, ClientToolDefinition>;
  /** Every name, in record order (what `activeTools` narrows). */
  names: string[];
  /** Where each tool came from, by name (recorded with its calls). */
  sources: Record<string, string>;
}

const emptyObjectSchema: JsonSchema = { type: 'object', properties: {} };

export function isTool(value: unknown): value is Tool {
  return typeof value === 'object' && value !== null && 'schemas' in value && 'inputJsonSchema' in value;
}

export function clientToolDefinition(value: Tool | ClientToolDefinition): ClientToolDefinition {
  if (isTool(value)) return { description: value.description, inputSchema: value.inputJsonSchema };
  return { description: value.description, inputSchema: value.inputSchema ?? emptyObjectSchema };
}

export function buildRunTools({
  agentTools,
  agentToolSources = {},
  toolsets = {},
  clientTools = {},
  extraSources = [],
  transformPolicy,
}: {
  agentTools: Record<string, Tool>;
  /** Where each of the agent's tools came from (default `code`). */
  agentToolSources?: Record<string, string>;
  toolsets?: Record<string, Record<string, Tool>>;
  clientTools?: Record<string, ClientToolDefinition>;
  /** Further executable sources, each with a label used in collision errors and the kind its calls are recorded with. */
  extraSources?: Array<{ label: string; kind: string; tools: Record<string, Tool> }>;
  /** The agent's transform policy, folded into every executable tool without its own transform. */
  transformPolicy?: AgentTransformPolicy;
}): RunTools {
  const executable: Record<string, Tool> = { ...agentTools };
  const owner = new Map<string, string>(Object.keys(agentTools).map((name) => [name, 'the agent']));
  const sources: Record<string, string> = Object.fromEntries(
    Object.keys(agentTools).map((name) => [name, agentToolSources[name] ?? 'code']),
  );
  const issues: Array<{ path: string; message: string }> = [];
  const add = (label: string, kind: string, path: string, name: string) => {
    const existing = owner.get(name);
    if (existing) {
      issues.push({ path, message: `The tool "${name}" of ${label} collides with the tool "${name}" of ${existing}.` });
      return false;
    }
    owner.set(name, label);
    sources[name] = kind;
    return true;
  };
  for (const source of extraSources) {
    for (const [name, tool] of Object.entries(source.tools))
      if (add(source.label, source.kind, source.label, name)) executable[name] = tool;
  }
  for (const [setName, tools] of Object.entries(toolsets)) {
    for (const [name, tool] of Object.entries(tools)) {
      if (add(`toolset "${setName}"`, 'toolset', `toolsets.${setName}.${name}`, name)) executable[name] = tool;
    }
  }
  const client: Record<string, ClientToolDefinition> = {};
  for (const [name, definition] of Object.entries(clientTools)) {
    if (add('the client tools', 'client', `clientTools.${name}`, name)) client[name] = definition;
  }
  if (issues.length > 0) throw invalidInput(issues);
  if (transformPolicy) {
    for (const [name, tool] of Object.entries(executable))
      executable[name] = applyTransformPolicy(tool, transformPolicy);
  }
  return { executable, client, names: [...owner.keys()], sources };
}
