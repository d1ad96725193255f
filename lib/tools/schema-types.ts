/**
 * Schema vocabulary of the tools module. A tool schema is any Standard JSON Schema value (Zod 4,
 * Valibot wrapped with `toStandardJsonSchema`, ArkType, ...) or a plain JSON Schema object; both are
 * normalised once to `{ jsonSchema, validate }` so nothing downstream cares which library made it.
 */
import type { StandardJSONSchemaV1, StandardTypedV1 } from '@standard-schema/spec';

/** A JSON Schema document (draft 2020-12 from the converters; plain objects are kept as given). */
export type JsonSchema = Record<string, unknown>;

export type ToolSchema = StandardJSONSchemaV1 | JsonSchema;

/** One validation problem; `path` holds raw segments (`['items', 0, 'tags']`), empty for the root. */
export interface SchemaIssue {
  path: ReadonlyArray<string | number>;
  message: string;
}

export type SchemaValidationResult<TValue = unknown> =
  { success: true; value: TValue } | { success: false; issues: SchemaIssue[] };

export interface NormalizedSchema<TValue = unknown> {
  /** What models, MCP clients and the API see. */
  readonly jsonSchema: JsonSchema;
  /** Synchronous; the value on success is the schema's output (defaults and transforms applied). */
  validate(value: unknown): SchemaValidationResult<TValue>;
}

/** The normalised schemas of one tool; a missing option is `undefined`. */
export interface ToolSchemas {
  readonly input?: NormalizedSchema;
  readonly output?: NormalizedSchema;
  readonly suspend?: NormalizedSchema;
  readonly resume?: NormalizedSchema;
  readonly requestContext?: NormalizedSchema;
}

// Plain JSON Schema carries no static type, so its values are `any` rather than forcing a cast at
// every destructuring in `execute`.
/* eslint-disable @typescript-eslint/no-explicit-any */
/** The value a schema produces after validation (what `execute` receives). */
export type SchemaOutput<TSchema> = [TSchema] extends [undefined]
  ? unknown
  : TSchema extends StandardTypedV1
    ? StandardTypedV1.InferOutput<TSchema>
    : any;

/** The value a schema accepts (what `execute` may return for an `outputSchema`). */
export type SchemaInput<TSchema> = [TSchema] extends [undefined]
  ? unknown
  : TSchema extends StandardTypedV1
    ? StandardTypedV1.InferInput<TSchema>
    : any;
/* eslint-enable @typescript-eslint/no-explicit-any */
