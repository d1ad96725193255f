/**
 * Listed MCP tools with only the schema patterns RE2 can run. A server writes its tools' schemas,
 * and a pattern with a look-around or back-reference would need JavaScript's backtracking engine,
 * which one crafted pattern can hold for minutes. Such a pattern is left out of that tool's schema
 * (the tool stays usable; its input is checked without it) and reported, so it can be logged.
 */
import { definedFields } from '../defined-fields';
import { formatPatternPath, withoutUnsupportedPatterns } from '../tools';
import type { McpListedTool } from './types';

export interface DroppedPattern {
  tool: string;
  schema: 'inputSchema' | 'outputSchema';
  /** Where in that schema, e.g. `properties.code.pattern`. */
  path: string;
  pattern: string;
  reason: string;
}

export function withRunnablePatterns(tools: McpListedTool[]): { tools: McpListedTool[]; dropped: DroppedPattern[] } {
  const dropped: DroppedPattern[] = [];
  const runnable = (tool: McpListedTool, schema: 'inputSchema' | 'outputSchema') => {
    const result = withoutUnsupportedPatterns(tool[schema]);
    for (const { path, pattern, reason } of result.dropped)
      dropped.push({ tool: tool.name, schema, path: formatPatternPath(path), pattern, reason });
    return result.schema;
  };
  const kept = tools.map((tool) => {
    const inputSchema = runnable(tool, 'inputSchema')!;
    const outputSchema = tool.outputSchema === undefined ? undefined : runnable(tool, 'outputSchema');
    return definedFields({ ...tool, inputSchema, outputSchema });
  });
  return { tools: dropped.length === 0 ? tools : kept, dropped };
}
