/**
 * `createStep(options)`: a workflow step with its schemas normalised once, like a tool's (any
 * Standard JSON Schema value or plain JSON Schema). Definition mistakes throw here.
 */
import {
  normalizeSchema,
  ToolDefinitionError,
  type NormalizedSchema,
  type SchemaOutput,
  type SchemaRole,
  type ToolSchema,
} from '../tools';
import { definedFields } from '../defined-fields';
import type { Step, StepOptions } from './workflow-types';

function normalized(step: string, role: SchemaRole, schema: ToolSchema | undefined): NormalizedSchema | undefined {
  return schema === undefined ? undefined : normalizeSchema({ schema, toolId: `step ${step}`, role });
}

/** `inputData` is typed from `inputSchema` (the schema's output type). */
export function createStep<const TInputSchema extends ToolSchema, TOutput = unknown>(
  options: StepOptions<TInputSchema, TOutput>,
): Step<SchemaOutput<TInputSchema>, TOutput> {
  const { id, execute } = options as Partial<StepOptions<TInputSchema, TOutput>>;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ToolDefinitionError(`createStep needs a non-empty string id (got ${JSON.stringify(id) ?? String(id)}).`);
  }
  if (typeof execute !== 'function') throw new ToolDefinitionError(`Step ${id}: execute must be a function.`);
  for (const role of ['inputSchema', 'outputSchema'] as const) {
    if (options[role] === undefined) throw new ToolDefinitionError(`Step ${id}: ${role} is required.`);
  }
  const suspend = normalized(id, 'suspendSchema', options.suspendSchema);
  const resume = normalized(id, 'resumeSchema', options.resumeSchema);
  return Object.freeze(
    definedFields({
      id,
      description: options.description,
      schemas: definedFields({
        input: normalized(id, 'inputSchema', options.inputSchema)!,
        output: normalized(id, 'outputSchema', options.outputSchema)!,
        suspend,
        resume,
      }),
      execute: execute as Step<SchemaOutput<TInputSchema>, TOutput>['execute'],
    }),
  );
}
