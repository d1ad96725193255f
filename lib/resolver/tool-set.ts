/**
 * The growing set of resolved tools during a merge: names made valid for models, later tools
 * replacing earlier same-named ones whole (remembered as shadowed, with a warning), and each tool's
 * explanation. Tools are never mutated: a description override is a copy.
 */
import { setOwnProperty, toModelToolName, type JsonSchema, type Tool, type ToolAnnotations } from '../tools';
import type {
  DescriptionSource,
  Inclusion,
  MergedTools,
  ResolutionWarning,
  ResolvedTool,
  ToolExplanation,
  ToolOrigin,
  ToolSource,
} from './types';

/** The tool with another description; the registered object is never changed. */
export function withDescription(tool: Tool, description: string): Tool {
  return tool.description === description ? tool : Object.freeze({ ...tool, description });
}

/** A non-empty description, or `undefined` (an empty override keeps the original). */
export function nonEmptyDescription(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The description a tool is resolved with: the agent's override when it is non-empty, else the tool's own. */
export function resolvedDescription(
  tool: Tool,
  override: unknown,
): { description: string; descriptionSource: DescriptionSource } {
  const description = nonEmptyDescription(override);
  return description === undefined
    ? { description: tool.description, descriptionSource: 'original' }
    : { description, descriptionSource: 'agent' };
}

export interface ToolAddition {
  /** The name before it is made valid for models. */
  name: string;
  tool: Tool;
  description: string;
  descriptionSource: DescriptionSource;
  source: ToolSource;
  origin: ToolOrigin;
  includedBy: Inclusion[];
  /** Only when it differs from the tool's own (MCP output schemas are not validated by the tool). */
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
}

export interface ToolSet {
  add(addition: ToolAddition): void;
  has(name: string): boolean;
  warn(warning: ResolutionWarning): void;
  result(fields: MergedTools['explanation']['fields']): MergedTools;
}

export function createToolSet(): ToolSet {
  // Plain records, filled in place (a replaced name keeps its first position, as the model sees it).
  const tools: Record<string, ResolvedTool> = {};
  const explanations: Record<string, ToolExplanation> = {};
  const warnings: ResolutionWarning[] = [];
  return {
    add(addition) {
      const name = toModelToolName(addition.name);
      if (name !== addition.name) {
        warnings.push({
          code: 'name_invalid',
          message: `Tool name "${addition.name}" is not valid for models (letters, digits, "_" and "-", at most 64); it is exposed as "${name}"`,
          source: addition.source,
          ref: addition.name,
        });
      }
      const previous = Object.hasOwn(explanations, name) ? explanations[name] : undefined;
      if (previous) {
        warnings.push({
          code: 'name_shadowed',
          message: `Tool "${name}" from ${addition.source} replaces the one from ${previous.source}`,
          source: addition.source,
          ref: name,
        });
      }
      const executable = withDescription(addition.tool, addition.description);
      const outputSchema = addition.outputSchema ?? executable.outputJsonSchema;
      const annotations = addition.annotations ?? executable.mcp?.annotations;
      // Written out field by field: optional fields are left off, never present as undefined.
      const resolved: { -readonly [Key in keyof ResolvedTool]: ResolvedTool[Key] } = {
        name,
        description: addition.description,
        inputSchema: executable.inputJsonSchema,
      } as ResolvedTool;
      if (outputSchema !== undefined) resolved.outputSchema = outputSchema;
      if (annotations !== undefined) resolved.annotations = annotations;
      resolved.source = addition.source;
      resolved.origin = addition.origin;
      resolved.tool = executable;
      if (executable.execute) resolved.execute = executable.execute;
      setOwnProperty(tools, name, resolved);
      const explanation: ToolExplanation = {
        source: addition.source,
        origin: addition.origin,
        includedBy: addition.includedBy,
        description: addition.descriptionSource,
        shadowed: previous ? [...previous.shadowed, { source: previous.source, origin: previous.origin }] : [],
      };
      if (name !== addition.name) explanation.originalName = addition.name;
      setOwnProperty(explanations, name, explanation);
    },
    has: (name) => Object.hasOwn(tools, toModelToolName(name)),
    warn(warning) {
      warnings.push(warning);
    },
    result(fields) {
      return { tools, explanation: { tools: explanations, fields }, warnings };
    },
  };
}
