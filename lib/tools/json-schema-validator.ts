/**
 * Validation of plain JSON Schema objects with ajv. A schema is checked against its meta-schema when
 * its tool is created (so a broken schema is still a definition error), but compiled only on its
 * first validation, and kept by that tool's validator: compiling costs hundreds of microseconds,
 * and many tools (a provider's, built per request) are never called.
 */
import AjvDraft07, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { linearRegExp, PatternTooCostlyError } from './linear-regexp';
import { findUnsupportedPatterns, formatPatternPath } from './schema-patterns';
import type { JsonSchema, SchemaIssue, SchemaValidationResult } from './schema-types';

// `strict: false` because tool schemas come from elsewhere (MCP servers, OpenAPI documents) and
// often carry keywords ajv does not know; `useDefaults` fills `default` values, as Zod does.
// Their `pattern`s run on a linear-time engine, so none can stall the server. The two compilers
// are shared by every tool but keep nothing between compilations (see compileWith).
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

/** Throws naming the first pattern RE2 cannot run: such a schema is never compiled. */
function refuseUnsupportedPatterns(schema: JsonSchema): void {
  const [unsupported] = findUnsupportedPatterns(schema);
  if (unsupported === undefined) return;
  throw new Error(
    `the pattern ${JSON.stringify(unsupported.pattern)} at ${formatPatternPath(unsupported.path)} cannot run on RE2, ` +
      `the linear-time engine schema patterns use (look-arounds and back-references are not supported): ${unsupported.reason}`,
  );
}

/** Every `$ref` and `$id` string in a schema, at any depth. */
function referencesOf(value: unknown, found: { refs: string[]; ids: Set<string> }, depth = 0) {
  if (depth > 64 || value === null || typeof value !== 'object') return found;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') found.refs.push(item);
    else if (key === '$id' && typeof item === 'string') found.ids.add(item);
    else referencesOf(item, found, depth + 1);
  }
  return found;
}

/**
 * Refuses a `$ref` that points outside the schema (`http://example.com/a.json`, `other.json#/x`):
 * nothing is ever fetched to resolve one, so every call would fail to compile the schema. A
 * reference into the schema itself (`#/$defs/x`) or to an `$id` it declares is fine.
 */
function refuseOutsideReferences(schema: JsonSchema, text: string): void {
  if (!text.includes('"$ref"')) return;
  const { refs, ids } = referencesOf(schema, { refs: [], ids: new Set() });
  const outside = refs.find((ref) => !ref.startsWith('#') && !ids.has(ref.split('#')[0]!));
  if (outside !== undefined)
    throw new Error(`the $ref ${JSON.stringify(outside)} points outside the schema, which is never fetched`);
}

/**
 * Checks a JSON Schema against its meta-schema, its patterns against RE2 and its `$ref`s (throws
 * the reason when one fails) and returns a validator that compiles it on first use.
 */
export function createJsonSchemaValidator(schema: JsonSchema): (value: unknown) => SchemaValidationResult {
  const { ajv, schema: compiledSchema } = dialectOf(schema);
  if (!ajv.validateSchema(compiledSchema)) {
    throw new Error(ajv.errorsText(ajv.errors, { dataVar: 'schema' }));
  }
  refuseUnsupportedPatterns(compiledSchema);
  // The schema's text, written once for the two questions only a look at every key answers.
  const text = JSON.stringify(compiledSchema);
  refuseOutsideReferences(compiledSchema, text);
  let validate: ValidateFunction | undefined;
  const copy = text.includes('"default"') ? copyForDefaults : (value: unknown) => value;
  return (value) => {
    validate ??= compileWith(ajv, compiledSchema);
    const candidate = copy(value);
    try {
      if (validate(candidate)) return { success: true, value: candidate };
    } catch (error) {
      if (!(error instanceof PatternTooCostlyError)) throw error;
      return { success: false, issues: [{ path: [], message: error.message }] };
    }
    return { success: false, issues: (validate.errors ?? []).map(toIssue) };
  };
}
