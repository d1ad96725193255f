/**
 * `loadOpenApiDocument(document)`: validates an OpenAPI 3.0 / 3.1 document with the OpenAPI
 * library and dereferences it, or answers every problem with its path. Only the document itself
 * is read: external `$ref`s are refused before the library sees it, and the library is never given
 * a string (it would read it as a file path or URL).
 */
import type { validate } from '@readme/openapi-parser';
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { type CheckResult, errorMessage, formatPath, type Issue } from '../../errors';
import {
  findPatternIssues,
  findReferenceIssues,
  findStructuralIssues,
  issuesFromLibraryMessages,
} from './document-issues';
import { isRecord } from '../../is-record';
import { findReferenceBoundIssues } from './reference-bounds';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

export type LoadDocumentResult = CheckResult<OpenApiDocument>;

const supportedVersion = /^3\.[01]\.\d+(-.+)?$/;

const parserOptions = {
  resolve: { external: false, file: false },
  validate: { errors: { colorize: false } },
} as const;

/**
 * `prefix` is prepended to every issue path (the API passes `['document']`, so problems read
 * `document.info.version`).
 */
export async function loadOpenApiDocument({
  document,
  prefix = [],
}: {
  document: unknown;
  prefix?: ReadonlyArray<string | number>;
}): Promise<LoadDocumentResult> {
  const at = (path: ReadonlyArray<string | number>, message: string): Issue => ({
    path: formatPath([...prefix, ...path]),
    message,
  });
  if (!isRecord(document))
    return { ok: false, issues: [at([], 'must be an OpenAPI 3.0 or 3.1 document (a JSON object)')] };
  if (typeof document.openapi !== 'string' || !supportedVersion.test(document.openapi)) {
    const message =
      document.swagger !== undefined
        ? 'Swagger 2.0 documents are not supported: convert the document to OpenAPI 3.0 or 3.1 first'
        : 'must be an OpenAPI version 3.0.x or 3.1.x';
    return { ok: false, issues: [at(['openapi'], message)] };
  }
  const referenceIssues = findReferenceIssues(document, prefix);
  if (referenceIssues.length > 0) return { ok: false, issues: referenceIssues };
  const boundIssues = findReferenceBoundIssues(document, prefix);
  if (boundIssues.length > 0) return { ok: false, issues: boundIssues };
  const patternIssues = findPatternIssues(document, prefix);
  if (patternIssues.length > 0) return { ok: false, issues: patternIssues };

  // The library writes into the object it is given; the caller's document stays untouched.
  const candidate = structuredClone(document) as unknown as OpenApiDocument;
  // Loaded on first use: the parser is large and most deployments register no OpenAPI document.
  const { dereference, validate: validateDocument } = await import('@readme/openapi-parser');
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validateDocument(structuredClone(candidate), parserOptions);
  } catch (error) {
    return { ok: false, issues: [at([], `The OpenAPI document cannot be read: ${errorMessage(error)}`)] };
  }
  if (!result.valid) {
    const structural = await findStructuralIssues(document, prefix);
    const issues =
      structural.length > 0
        ? structural
        : issuesFromLibraryMessages(
            document,
            result.errors.map((error) => error.message),
            prefix,
          );
    if (result.additionalErrors > 0) issues.push(at([], `and ${result.additionalErrors} more problems`));
    return { ok: false, issues };
  }
  try {
    // Recursive schemas keep their `$ref` (a plain object graph with cycles cannot become JSON);
    // the schema conversion turns those into `$defs`.
    const dereferenced = await dereference(candidate, { ...parserOptions, dereference: { circular: 'ignore' } });
    return { ok: true, value: dereferenced as OpenApiDocument };
  } catch (error) {
    return { ok: false, issues: [at([], `The OpenAPI document cannot be dereferenced: ${errorMessage(error)}`)] };
  }
}
