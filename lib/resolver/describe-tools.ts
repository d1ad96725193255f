/**
 * The HTTP view of resolved tools (an array sorted by name, without the executable part) and the
 * `resolvedToolsHash`: hex sha256 of the canonical JSON of `[{ name, description, inputSchema,
 * outputSchema, source }]` sorted by name. Runs record the hash, so any answer can be traced to the
 * exact tool set the model saw.
 */
import { definedFields } from '../defined-fields';
import { configHash } from '../versions';
import type { ResolvedTool } from './types';

export type ResolvedToolDescription = Pick<
  ResolvedTool,
  'name' | 'description' | 'inputSchema' | 'outputSchema' | 'source' | 'origin' | 'annotations'
>;

const byName = (left: { name: string }, right: { name: string }) =>
  left.name < right.name ? -1 : left.name > right.name ? 1 : 0;

export function describeResolvedTools(tools: Readonly<Record<string, ResolvedTool>>): ResolvedToolDescription[] {
  return Object.values(tools)
    .map((tool) =>
      definedFields({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        source: tool.source,
        origin: tool.origin,
        annotations: tool.annotations,
      }),
    )
    .sort(byName);
}

/**
 * sha256 of the canonical JSON of `[{ name, description, inputSchema, outputSchema, source }]`
 * sorted by name. Computed from the tools every time: the runtime's resolution memo keeps the hash
 * beside the tools it was computed from, so a repeated resolution does not hash again.
 */
export function resolvedToolsHash(tools: Readonly<Record<string, ResolvedTool>>): string {
  const hashed = Object.values(tools)
    .sort(byName)
    .map(({ name, description, inputSchema, outputSchema, source }) => ({
      name,
      description,
      inputSchema,
      outputSchema,
      source,
    }));
  return configHash(hashed);
}
