/**
 * PURE: registered code tools -> the `tools/list` entries of this app's MCP server. What a tool
 * declares in its `mcp` option goes out unchanged and nothing is added: an absent hint means the
 * MCP default to the client, and a value we injected would hide what the author actually said.
 */
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, Tool } from '../../tools';

export type McpServerToolWarning = { toolId: string; message: string };

export interface DescribedTools {
  /** The listing, sorted by id, with an `outputSchema` only where MCP can carry one. */
  tools: McpTool[];
  /** Ids of the listed tools whose results must carry `structuredContent`. */
  structuredToolIds: ReadonlySet<string>;
  /** Tools left out, or listed without their output schema, and why. */
  warnings: McpServerToolWarning[];
}

type ObjectSchema = McpTool['inputSchema'];

function declaredType(schema: JsonSchema): unknown {
  return schema.type;
}

/**
 * MCP arguments are always a JSON object, so `inputSchema.type` must be `"object"`. A schema
 * without a `type` (a union, a `$ref`) still describes those arguments: it gets `type: "object"`.
 * Any other type cannot be called over MCP at all.
 */
function toInputSchema(schema: JsonSchema): ObjectSchema | undefined {
  const type = declaredType(schema);
  if (type === 'object') return schema as ObjectSchema;
  if (type === undefined) return { ...schema, type: 'object' } as ObjectSchema;
  return undefined;
}

/** `structuredContent` is a JSON object in MCP, so only an object output schema can be declared. */
function toOutputSchema(schema: JsonSchema | undefined): ObjectSchema | undefined {
  return schema !== undefined && declaredType(schema) === 'object' ? (schema as ObjectSchema) : undefined;
}

function describeTool(tool: Tool, inputSchema: ObjectSchema, outputSchema: ObjectSchema | undefined): McpTool {
  const annotations = tool.mcp?.annotations;
  const meta = tool.mcp?._meta;
  const entry: McpTool = { name: tool.id, description: tool.description, inputSchema };
  // MCP has a top-level `title` (what clients show first) besides `annotations.title`; the one
  // title the tool declares serves as both.
  if (annotations?.title !== undefined) entry.title = annotations.title;
  if (outputSchema) entry.outputSchema = outputSchema;
  if (annotations !== undefined) entry.annotations = annotations;
  if (meta !== undefined) entry._meta = meta;
  return entry;
}

/**
 * Builds the listing once (the registry is fixed at startup). Client tools (no `execute`) are
 * left out: they run in the caller's application, so an MCP client could only ever get an error.
 */
export function describeToolsForMcp({ tools }: { tools: ReadonlyArray<Tool> }): DescribedTools {
  const listed: McpTool[] = [];
  const structuredToolIds = new Set<string>();
  const warnings: McpServerToolWarning[] = [];
  for (const tool of tools) {
    if (typeof tool.execute !== 'function') {
      warnings.push({
        toolId: tool.id,
        message: 'Not exposed over MCP: a client tool (no execute) runs in the calling application.',
      });
      continue;
    }
    const inputSchema = toInputSchema(tool.inputJsonSchema);
    if (!inputSchema) {
      warnings.push({
        toolId: tool.id,
        message: `Not exposed over MCP: its input schema has type ${JSON.stringify(declaredType(tool.inputJsonSchema))}, and MCP tool arguments are always an object.`,
      });
      continue;
    }
    const outputSchema = toOutputSchema(tool.outputJsonSchema);
    if (tool.outputJsonSchema !== undefined && !outputSchema) {
      warnings.push({
        toolId: tool.id,
        message:
          'Listed over MCP without its output schema: MCP structured content must be an object, so results are sent as text content only.',
      });
    }
    if (outputSchema) structuredToolIds.add(tool.id);
    listed.push(describeTool(tool, inputSchema, outputSchema));
  }
  return { tools: listed, structuredToolIds, warnings };
}
