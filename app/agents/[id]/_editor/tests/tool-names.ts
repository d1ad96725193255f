/**
 * The tool names a test case's pickers offer: the tools the latest saved version selects in any
 * variant (registered and built-in tools, integration and provider tools), and a code agent's own.
 * Tools of MCP clients are named by their servers at run time; a case's recording names those.
 */
import { isConditional, type Variant } from '@/lib/snapshots';
import type { VersionView } from '@/lib/editor';
import type { CodeAgentFacts } from '../types';

type Field = VersionView['tools'] | VersionView['integrationTools'] | VersionView['toolProviders'];

/** The values of a field, plain or conditional (every variant's). */
function valuesOf(field: Field): unknown[] {
  if (field === undefined) return [];
  return isConditional(field as never) ? (field as Array<Variant<unknown>>).map((variant) => variant.value) : [field];
}

const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'object' && value !== null
      ? Object.keys(value)
      : [];

/** Integration and provider fields hold `{ <source id>: { tools: { <name>: {...} } } }`. */
const sourceToolNames = (value: unknown): string[] =>
  typeof value === 'object' && value !== null
    ? Object.values(value as Record<string, { tools?: unknown }>).flatMap((source) => keysOf(source?.tools))
    : [];

export function toolNamesOf(version: VersionView, codeAgent: CodeAgentFacts | null): string[] {
  const names = [
    ...valuesOf(version.tools).flatMap(keysOf),
    ...valuesOf(version.integrationTools).flatMap(sourceToolNames),
    ...valuesOf(version.toolProviders).flatMap(sourceToolNames),
    ...(codeAgent?.tools ?? []).map((tool) => tool.name),
  ];
  return [...new Set(names)].sort();
}
