/**
 * Validation of plain JSON Schema objects with ajv. A schema is checked against its meta-schema when
 * its tool is created (so a broken schema is still a definition error), but compiled only on its
 * first validation, and compiled functions are shared between equal schemas: providers and MCP
 * servers hand out fresh but identical schema objects on every request, and compiling costs
 * hundreds of microseconds where checking costs a few.
 */
import AjvDraft07, { type ErrorObject, type ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { linearRegExp } from './linear-regexp';
import type { JsonSchema, SchemaIssue, SchemaValidationResult } from './schema-types';

// `strict: false` because tool schemas come from elsewhere (MCP servers, OpenAPI documents) and
// often carry keywords ajv does not know; `useDefaults` fills `default` values, as Zod does.
// Their `pattern`s run on a linear-time engine, so none can stall the server.
const ajvOptions = { allErrors: true, useDefaults: true, strict: false, code: { regExp: linearRegExp } } as const;

const ajv2020 = new Ajv2020(ajvOptions);
const ajvDraft07 = new AjvDraft07(ajvOptions);
addFormats(ajv2020);
addFormats(ajvDraft07);

const draft07Uris = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;
const draft2020Uris = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** Which ajv compiles a schema, and the schema as that ajv should see it. */
function dialectOf(schema: JsonSchema): { ajv: AjvDraft07 | Ajv2020; schema: JsonSchema } {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : undefined;
  if (declared !== undefined && draft07Uris.test(declared)) return { ajv: ajvDraft07, schema };
  if (declared === undefined || draft2020Uris.test(declared)) return { ajv: ajv2020, schema };
  // Other drafts (e.g. draft-04 from older generators) are close enough for argument checking;
  // ajv refuses a `$schema` it has no meta-schema for, so the declaration is dropped for compiling.
  const { $schema: _ignored, ...rest } = schema;
  return { ajv: ajv2020, schema: rest };
}

/** Compiled validators by the schema's JSON text, bounded so long-lived servers do not grow. */
const compiled = new LRUCache<string, ValidateFunction>({ max: 2_000 });
/**
 * An object standing for one schema text: equal texts share it while the entry lives, so equal
 * schemas handed out as fresh objects on every request can be recognised without serialising or
 * hashing them again (the resolved-tools hash keeps its canonical text by it).
 */
export type SchemaIdentity = Readonly<{ schemaText: string }>;

/** Schemas already checked against their meta-schema, by the same key, with their identity. */
const checked = new LRUCache<string, SchemaIdentity>({ max: 2_000 });

function compile(dialect: { ajv: AjvDraft07 | Ajv2020; schema: JsonSchema }, key: string): ValidateFunction {
  const cached = compiled.get(key);
  if (cached) return cached;
  const validate = compileWith(dialect.ajv, dialect.schema);
  compiled.set(key, validate);
  return validate;
}

function compileWith(ajv: AjvDraft07 | Ajv2020, schema: JsonSchema): ValidateFunction {
  const validate = ajv.compile(schema);
  // The compiled function stays usable; removing the schema keeps ajv's cache from growing with
  // every MCP tool list and lets two tools declare the same `$id`.
  ajv.removeSchema(schema);
  return validate;
}

/** The segments of a JSON Pointer (`/items/0/a~1b` -> `items`, `0`, `a/b`), as ajv reports paths. */
export function decodeJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function toIssue(error: ErrorObject): SchemaIssue {
  const path: Array<string | number> = decodeJsonPointer(error.instancePath);
  // ajv reports a missing or extra property at its parent; pointing at the property itself gives
  // the same paths as the Standard Schema libraries.
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return { path, message: error.message ?? `failed the ${error.keyword} check` };
}

function copyForDefaults(value: unknown): unknown {
  // ajv writes defaults into the data it validates; the caller's value must stay untouched.
  if (value === null || typeof value !== 'object') return value;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

// ajv writes into the validated value only where the schema declares a `default` (`useDefaults`):
// without one the per-call copy, the most expensive part of validating a small input, is skipped.

const schemaIdentities = new WeakMap<object, SchemaIdentity>();

/** The identity of a schema `createTool` was given (equal texts, the same object), if it was. */
export function knownSchemaIdentity(schema: object): SchemaIdentity | undefined {
  return schemaIdentities.get(schema);
}

/**
 * Checks a JSON Schema against its meta-schema (throws ajv's reason when the schema is invalid) and
 * returns a validator that compiles it on first use.
 */
export function createJsonSchemaValidator(schema: JsonSchema): (value: unknown) => SchemaValidationResult {
  const dialect = dialectOf(schema);
  const key = JSON.stringify(dialect.schema);
  let identity = checked.get(key);
  if (identity === undefined) {
    if (!dialect.ajv.validateSchema(dialect.schema)) {
      throw new Error(dialect.ajv.errorsText(dialect.ajv.errors, { dataVar: 'schema' }));
    }
    identity = Object.freeze({ schemaText: key });
    checked.set(key, identity);
  }
  if (dialect.schema === schema) schemaIdentities.set(schema, identity);
  let validate: ValidateFunction | undefined;
  const copy = key.includes('"default"') ? copyForDefaults : (value: unknown) => value;
  return (value) => {
    validate ??= compile(dialect, key);
    const candidate = copy(value);
    if (validate(candidate)) return { success: true, value: candidate };
    return { success: false, issues: (validate.errors ?? []).map(toIssue) };
  };
}
