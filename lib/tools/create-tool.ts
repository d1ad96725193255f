/**
 * `createTool(options)`: checks the options, normalises every schema once and returns the tool as
 * plain data. Definition mistakes throw a `ToolDefinitionError` here, never during a call.
 */
import { executeTool } from './execute-tool';
import { lifecycleHookNames } from './lifecycle-hooks';
import { normalizeSchema, type SchemaRole } from './normalize-schema';
import type { JsonSchema, NormalizedSchema, SchemaOutput, ToolSchema, ToolSchemas } from './schema-types';
import { ToolDefinitionError } from './tool-definition-error';
import { checkDataOptions } from './tool-option-checks';
import type { Tool, ToolExecution, ToolOptions } from './tool-types';

/** What the model sees for a tool without an input schema: an object with no declared fields. */
const emptyInputJsonSchema: JsonSchema = Object.freeze({ type: 'object', properties: {} });

const schemaRoles: Record<keyof ToolSchemas, SchemaRole> = {
  input: 'inputSchema',
  output: 'outputSchema',
  suspend: 'suspendSchema',
  resume: 'resumeSchema',
  requestContext: 'requestContextSchema',
};

const optionalFunctions = ['execute', 'toModelOutput', ...lifecycleHookNames] as const;

function checkOptions(options: ToolOptions<ToolSchema | undefined, unknown>) {
  const { id, description } = options as { id: unknown; description: unknown };
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ToolDefinitionError(`createTool needs a non-empty string id (got ${JSON.stringify(id) ?? String(id)}).`);
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ToolDefinitionError(
      `Tool ${id}: description must be a non-empty string; models read it to decide when to call the tool.`,
      {
        toolId: id,
      },
    );
  }
  for (const name of optionalFunctions) {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function') {
      throw new ToolDefinitionError(`Tool ${id}: ${name} must be a function.`, { toolId: id });
    }
  }
  const { requireApproval } = options;
  if (requireApproval !== undefined && typeof requireApproval !== 'boolean' && typeof requireApproval !== 'function') {
    throw new ToolDefinitionError(
      `Tool ${id}: requireApproval must be true, false or a function (input, { requestContext }) => boolean.`,
      {
        toolId: id,
      },
    );
  }
}

function normalizeSchemas(options: ToolOptions<ToolSchema | undefined, unknown>): ToolSchemas {
  const given: Record<keyof ToolSchemas, unknown> = {
    input: options.inputSchema,
    output: options.outputSchema,
    suspend: options.suspendSchema,
    resume: options.resumeSchema,
    requestContext: options.requestContextSchema,
  };
  const schemas: { -readonly [Key in keyof ToolSchemas]?: NormalizedSchema } = {};
  for (const key of Object.keys(schemaRoles) as Array<keyof ToolSchemas>) {
    if (given[key] === undefined) continue;
    schemas[key] = normalizeSchema({ schema: given[key], toolId: options.id, role: schemaRoles[key] });
  }
  return Object.freeze(schemas);
}

export function createTool<const TInputSchema extends ToolSchema | undefined = undefined, TOutput = unknown>(
  options: ToolOptions<TInputSchema, TOutput>,
): Tool<SchemaOutput<TInputSchema>, TOutput> {
  checkOptions(options as ToolOptions<ToolSchema | undefined, unknown>);
  const schemas = normalizeSchemas(options as ToolOptions<ToolSchema | undefined, unknown>);
  checkDataOptions(options.id, options, schemas.input);
  const { execute: _ownExecute, ...rest } = options;
  const tool: Tool<SchemaOutput<TInputSchema>, TOutput> = {
    ...(rest as Omit<Tool<SchemaOutput<TInputSchema>, TOutput>, 'execute'>),
    id: options.id,
    description: options.description,
    inputJsonSchema: schemas.input?.jsonSchema ?? emptyInputJsonSchema,
    outputJsonSchema: schemas.output?.jsonSchema,
    schemas,
    options: options as Tool<SchemaOutput<TInputSchema>, TOutput>['options'],
  };
  if (options.execute) {
    return {
      ...tool,
      execute: (input, context) => executeTool({ tool, input, context }) as Promise<ToolExecution<TOutput>>,
    };
  }
  return tool;
}
