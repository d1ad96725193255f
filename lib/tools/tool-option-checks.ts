/**
 * The plain-data options of `createTool` (`strict`, `mcp`, `providerOptions`, `inputExamples`,
 * `background`, `transform`), checked when the tool is defined: a mistake there would otherwise
 * reach MCP clients as it is (a `readOnlyHint` of "x") or be ignored at run time.
 */
import { z } from 'zod';
import type { NormalizedSchema } from './schema-types';
import { ToolDefinitionError } from './tool-definition-error';
import { rawPayloadOf } from './transform';

const aFunction = z.custom<(argument: never) => unknown>((value) => typeof value === 'function', 'must be a function');
const phaseFunctions = z.strictObject(
  Object.fromEntries(Object.keys(rawPayloadOf).map((phase) => [phase, aFunction.optional()])),
);

const dataOptions = z.object({
  strict: z.boolean().optional(),
  mcp: z
    .strictObject({
      annotations: z
        .strictObject({
          title: z.string().optional(),
          readOnlyHint: z.boolean().optional(),
          destructiveHint: z.boolean().optional(),
          idempotentHint: z.boolean().optional(),
          openWorldHint: z.boolean().optional(),
        })
        .optional(),
      _meta: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  inputExamples: z
    .array(z.strictObject({ input: z.custom((value) => value !== undefined, 'is missing: each example is { input }') }))
    .optional(),
  background: z
    .strictObject({
      enabled: z.boolean(),
      timeoutMs: z.number().int().positive().optional(),
      maxRetries: z.number().int().nonnegative().optional(),
    })
    .optional(),
  transform: z.strictObject({ display: phaseFunctions.optional(), transcript: phaseFunctions.optional() }).optional(),
});

/** Throws a `ToolDefinitionError` naming each option that is not what `createTool` takes. */
export function checkDataOptions(toolId: string, options: unknown, input: NormalizedSchema | undefined): void {
  const checked = dataOptions.safeParse(options);
  const problems = checked.success
    ? []
    : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (checked.success && input) {
    checked.data.inputExamples?.forEach((example, index) => {
      const result = input.validate(example.input);
      if (!result.success)
        problems.push(
          ...result.issues.map(
            (issue) =>
              `inputExamples.${index}.input${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`,
          ),
        );
    });
  }
  if (problems.length > 0) throw new ToolDefinitionError(`Tool ${toolId}: ${problems.join('; ')}.`, { toolId });
}
