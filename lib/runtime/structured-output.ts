/**
 * Structured output (`output`): a JSON Schema (or, in code, a Standard Schema) the run's final
 * answer must satisfy. The run keeps its JSON Schema form (so a paused run continues with it); the
 * SDK gets it as `Output.object`, which asks providers for JSON in that shape; and the finished
 * run's last text is parsed and validated here, giving `object`. An answer that is not such an
 * object fails the run with 502 `model_error` naming what is wrong: the model, not the caller or
 * the server, went wrong.
 */
import { jsonSchema, NoObjectGeneratedError, Output } from 'ai';
import { invalidInput, StudioError } from '../errors';
import { normalizeSchema, ToolDefinitionError, type JsonSchema, type SchemaValidationResult } from '../tools';

/** The JSON Schema form of a run's `output`; a schema that cannot be used is a 400 at `output`. */
export function outputJsonSchema(output: unknown): JsonSchema {
  try {
    return normalizeSchema({ schema: output, toolId: 'output', role: 'outputSchema' }).jsonSchema;
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    throw invalidInput([
      { path: 'output', message: error.message.replace(/^Tool output: outputSchema /, 'The output schema ') },
    ]);
  }
}

function validate(schema: JsonSchema, value: unknown): SchemaValidationResult {
  return normalizeSchema({ schema, toolId: 'output', role: 'outputSchema' }).validate(value);
}

function mismatch(reason: string, details?: Record<string, unknown>, cause?: unknown): StudioError {
  return new StudioError(
    'model_error',
    `The model's answer is not an object of the requested output schema: ${reason}`,
    details,
    { cause },
  );
}

/**
 * The SDK's `output` option for a run's schema: providers are asked for JSON of that shape. The SDK
 * only parses it (a generated run fails on text that is not JSON); validation is `structuredObject`'s.
 */
export function sdkOutputOf(schema: JsonSchema | undefined) {
  if (schema === undefined) return undefined;
  return Output.object({ schema: jsonSchema(schema as Parameters<typeof jsonSchema>[0]) });
}

/** The finished run's object: its last text parsed as JSON and validated. */
export function structuredObject(text: string, schema: JsonSchema): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw mismatch('it is not JSON.', undefined, error);
  }
  const result = validate(schema, value);
  if (result.success) return result.value;
  const issues = result.issues.map((issue) => ({
    path: issue.path.length === 0 ? 'root' : issue.path.join('.'),
    message: issue.message,
  }));
  const first = issues[0]!;
  throw mismatch(`${first.path}: ${first.message}.`, { issues });
}

/** The SDK's own finding (a generated run checks its last step) as the same failure. */
export function structuredOutputFailureOf(error: unknown): StudioError | undefined {
  if (!NoObjectGeneratedError.isInstance(error)) return undefined;
  return mismatch('it is not JSON.', undefined, error);
}
