/**
 * The registry of code tools (`createStudio({ tools })`, usually from `studio.config.ts`). Keys
 * must equal the tools' ids, so the id in an agent's saved configuration always finds its tool.
 */
import { ToolDefinitionError } from './tool-definition-error';
import type { Tool } from './tool-types';

export interface ToolRegistry {
  get(id: string): Tool | undefined;
  /** Every registered tool, sorted by id. */
  list(): Tool[];
}

function describeEntry(key: string, tool: Tool): string {
  return `tools[${JSON.stringify(key)}] (id ${JSON.stringify(tool.id)}: ${JSON.stringify(tool.description.slice(0, 60))})`;
}

function isTool(value: unknown): value is Tool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Tool).id === 'string' &&
    typeof (value as Tool).description === 'string' &&
    typeof (value as Tool).schemas === 'object'
  );
}

/** Throws a `ToolDefinitionError` at startup naming both definitions of a conflict. */
export function createToolRegistry({ tools = {} }: { tools?: Record<string, Tool> } = {}): ToolRegistry {
  const byId = new Map<string, { key: string; tool: Tool }>();
  for (const [key, tool] of Object.entries(tools)) {
    if (!isTool(tool)) {
      throw new ToolDefinitionError(
        `tools[${JSON.stringify(key)}] is not a tool: create it with createTool({ id, description, ... }).`,
      );
    }
    const existing = byId.get(tool.id);
    if (existing) {
      throw new ToolDefinitionError(
        `Two registered tools have the id ${JSON.stringify(tool.id)}: ${describeEntry(existing.key, existing.tool)} and ${describeEntry(key, tool)}. Tool ids must be unique.`,
        { toolId: tool.id },
      );
    }
    byId.set(tool.id, { key, tool });
  }
  for (const { key, tool } of byId.values()) {
    if (key !== tool.id) {
      const clash = byId.get(key);
      throw new ToolDefinitionError(
        `${describeEntry(key, tool)} is registered under a key that differs from its id` +
          (clash ? `, and the key is the id of ${describeEntry(clash.key, clash.tool)}` : '') +
          `. Register it as tools[${JSON.stringify(tool.id)}] (e.g. { [tool.id]: tool }).`,
        { toolId: tool.id },
      );
    }
  }
  const sorted = [...byId.values()]
    .map(({ tool }) => tool)
    .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return {
    get: (id) => byId.get(id)?.tool,
    list: () => [...sorted],
  };
}
