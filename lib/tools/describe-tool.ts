/**
 * A registered tool as the API and the editor's pages show it: its schemas as JSON Schema, its
 * annotations, whether it asks for approval, and whether the server can execute it.
 */
import { effectiveToolAnnotations, type EffectiveToolAnnotations } from './annotations';
import type { JsonSchema } from './schema-types';
import type { Tool, ToolAnnotations } from './tool-types';

export interface ToolDescription {
  id: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema | null;
  requestContextSchema: JsonSchema | null;
  annotations: ToolAnnotations;
  effectiveAnnotations: EffectiveToolAnnotations;
  requireApproval: boolean | 'conditional';
  executable: boolean;
}

export function describeTool(tool: Tool): ToolDescription {
  return {
    id: tool.id,
    description: tool.description,
    inputSchema: tool.inputJsonSchema,
    outputSchema: tool.outputJsonSchema ?? null,
    requestContextSchema: tool.schemas.requestContext?.jsonSchema ?? null,
    annotations: tool.mcp?.annotations ?? {},
    effectiveAnnotations: effectiveToolAnnotations(tool),
    requireApproval: typeof tool.requireApproval === 'function' ? 'conditional' : (tool.requireApproval ?? false),
    executable: typeof tool.execute === 'function',
  };
}
