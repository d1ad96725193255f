/**
 * The one place that looks at what kind of schema a tool was given. A Standard Schema value
 * (object or function, e.g. ArkType) is validated through `~standard.validate` and converted through
 * `~standard.jsonSchema.input`; a plain object without `~standard` is JSON Schema, validated by ajv.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createJsonSchemaValidator } from './json-schema-validator';
import type { JsonSchema, NormalizedSchema, SchemaIssue, SchemaValidationResult } from './schema-types';
import { ToolDefinitionError } from './tool-definition-error';
import { isThenable } from './thenable';
import { errorMessage } from '../errors';
import { isPlainRecord } from '../is-record';

export type SchemaRole = 'inputSchema' | 'outputSchema' | 'suspendSchema' | 'resumeSchema' | 'requestContextSchema';

interface StandardProps {
  vendor?: unknown;
  validate?: unknown;
  jsonSchema?: { input?: unknown };
}

const jsonSchemaTarget = 'draft-2020-12';

function standardPropsOf(value: unknown): StandardProps | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  if (!('~standard' in value)) return undefined;
  const props = (value as { '~standard': unknown })['~standard'];
  return typeof props === 'object' && props !== null ? (props as StandardProps) : undefined;
}

function toPathSegment(segment: PropertyKey | StandardSchemaV1.PathSegment): string | number {
  const key = typeof segment === 'object' ? segment.key : segment;
  return typeof key === 'number' ? key : String(key);
}

function asyncValidatorError(label: string, toolId: string) {
  return new ToolDefinitionError(
    `${label} validates asynchronously (an async refinement or an async schema). Tool schemas must validate ` +
      'synchronously: move asynchronous checks into execute and return an error value from there.',
    { toolId },
  );
}

function fromStandardSchema({
  props,
  label,
  toolId,
}: {
  props: StandardProps;
  label: string;
  toolId: string;
}): NormalizedSchema {
  const convert = props.jsonSchema?.input;
  if (typeof convert !== 'function') {
    const vendor = typeof props.vendor === 'string' ? ` from "${props.vendor}"` : '';
    throw new ToolDefinitionError(
      `${label} is a Standard Schema${vendor} without a JSON Schema converter, so it cannot be shown to models. ` +
        "Wrap it in a Standard JSON Schema (for Valibot: toStandardJsonSchema(schema) from '@valibot/to-json-schema'), " +
        'or use Zod 4, ArkType or a plain JSON Schema object.',
      { toolId },
    );
  }
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = convert.call(props.jsonSchema, { target: jsonSchemaTarget }) as JsonSchema;
  } catch (error) {
    throw new ToolDefinitionError(
      `${label} cannot be converted to JSON Schema (${errorMessage(error)}). ` +
        'Describe the accepted value without transforms or custom types, or pass a JSON Schema object.',
      { toolId, cause: error },
    );
  }
  const standardValidate = props.validate;
  // A Standard JSON Schema is not required to validate; its own JSON Schema can then do it.
  if (typeof standardValidate !== 'function')
    return { jsonSchema, validate: jsonSchemaValidator(jsonSchema, label, toolId) };
  if (standardValidate.constructor.name === 'AsyncFunction') throw asyncValidatorError(label, toolId);

  const run = (value: unknown): SchemaValidationResult => {
    const result = standardValidate.call(props, value) as StandardSchemaV1.Result<unknown> | PromiseLike<unknown>;
    if (isThenable(result)) {
      // Only some values reach an async refinement, so this can also surface at call time.
      Promise.resolve(result).catch(() => undefined);
      throw asyncValidatorError(label, toolId);
    }
    if (result.issues) {
      const issues: SchemaIssue[] = result.issues.map((issue) => ({
        // Array.from, not .map: a library's path may be an Array subclass whose constructor
        // misreads the length `.map` passes it (ArkType's ReadonlyPath does).
        path: Array.from(issue.path ?? [], toPathSegment),
        message: issue.message,
      }));
      return { success: false, issues };
    }
    return { success: true, value: result.value };
  };
  // Async schemas (e.g. Valibot's *Async) answer every value with a promise: one probe finds them.
  try {
    run(undefined);
  } catch (error) {
    if (error instanceof ToolDefinitionError) throw error;
    // A schema that throws on `undefined` is the library's business; only asynchrony matters here.
  }
  return { jsonSchema, validate: run };
}

/**
 * Normalises one schema option of a tool to `{ jsonSchema, validate }`. Throws a
 * `ToolDefinitionError` naming the tool and the option for anything it cannot use.
 */
export function normalizeSchema({
  schema,
  toolId,
  role,
}: {
  schema: unknown;
  toolId: string;
  role: SchemaRole;
}): NormalizedSchema {
  const label = `Tool ${toolId}: ${role}`;
  const props = standardPropsOf(schema);
  if (props) return fromStandardSchema({ props, label, toolId });
  if (!isPlainRecord(schema)) {
    throw new ToolDefinitionError(
      `${label} must be a Standard JSON Schema (Zod 4, Valibot wrapped with toStandardJsonSchema, ArkType) ` +
        `or a JSON Schema object; got ${Array.isArray(schema) ? 'an array' : typeof schema}.`,
      { toolId },
    );
  }
  return { jsonSchema: schema, validate: jsonSchemaValidator(schema, label, toolId) };
}

/**
 * ajv's validator of a plain JSON Schema; a schema ajv refuses, or with a pattern RE2 cannot run,
 * is a definition error naming the tool (so a code tool with one fails at start-up).
 */
function jsonSchemaValidator(schema: JsonSchema, label: string, toolId: string) {
  try {
    return createJsonSchemaValidator(schema);
  } catch (error) {
    throw new ToolDefinitionError(`${label} is not a valid JSON Schema: ${errorMessage(error)}`, {
      toolId,
      cause: error,
    });
  }
}
