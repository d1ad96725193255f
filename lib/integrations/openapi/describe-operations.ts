/**
 * A dereferenced OpenAPI document -> one description per operation: slug, description, input
 * JSON Schema and the binding that says where each input property goes in the HTTP request.
 * Pure: the HTTP call (perform-request.ts) only reads the binding.
 *
 * The input is one flat object, the shape models fill in most reliably: every path, query and
 * header parameter is a property under its own name, and the JSON request body is `body`.
 * A name that is taken (a query `id` beside a path `id`, a parameter called `body`) becomes
 * `<in>_<name>`; names outside `[a-zA-Z0-9_.-]` are cleaned. Cookie parameters are not supported.
 */
import { definedFields } from '../../defined-fields';
import type { JsonSchema, ToolAnnotations } from '../../tools';
import { createSchemaConverter } from './convert-schema';
import type { OpenApiDocument } from './load-document';
import { operationSlug, sanitizePropertyKey } from './tool-slug';
import { isRecord } from '../../is-record';

type JsonObject = Record<string, unknown>;

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type ParameterLocation = 'path' | 'query' | 'header';

export interface ParameterBinding {
  /** The input property. */
  key: string;
  /** The name in the HTTP request. */
  name: string;
  in: ParameterLocation;
  style?: string;
  explode?: boolean;
}

export interface BodyBinding {
  key: 'body';
  mediaType: string;
  encoding: 'json' | 'form' | 'text';
}

export interface OperationDescription {
  slug: string;
  method: HttpMethod;
  pathTemplate: string;
  description: string;
  inputSchema: JsonSchema;
  parameters: ParameterBinding[];
  body?: BodyBinding;
  /** The operation's server (operation, path item, then document `servers[0]`), variables filled in. */
  serverUrl?: string;
  annotations: ToolAnnotations;
}

export interface SkippedOperation {
  method: HttpMethod;
  pathTemplate: string;
  reason: string;
}

// The OpenAPI specification says these header parameters are ignored (the HTTP layer owns them).
const ignoredHeaders = new Set(['accept', 'content-type', 'authorization']);

function serverUrlOf(servers: unknown): string | undefined {
  if (!Array.isArray(servers) || !isRecord(servers[0]) || typeof servers[0].url !== 'string') return undefined;
  const variables = isRecord(servers[0].variables) ? servers[0].variables : {};
  return servers[0].url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const variable = variables[name];
    return isRecord(variable) && variable.default !== undefined ? String(variable.default) : match;
  });
}

/** The first JSON media type, else form, else text: what this integration knows how to send. */
function chooseBody(content: JsonObject): { binding: BodyBinding; schema: unknown } | undefined {
  const types = Object.keys(content);
  const schemaOf = (type: string) => (isRecord(content[type]) ? (content[type] as JsonObject).schema : undefined);
  const json = types.find((type) => /^application\/(.+\+)?json\b/i.test(type) || type === '*/*');
  if (json) {
    const mediaType = json === '*/*' ? 'application/json' : json;
    return { binding: { key: 'body', mediaType, encoding: 'json' }, schema: schemaOf(json) };
  }
  const form = types.find((type) => /^application\/x-www-form-urlencoded\b/i.test(type));
  if (form) return { binding: { key: 'body', mediaType: form, encoding: 'form' }, schema: schemaOf(form) };
  const text = types.find((type) => /^text\//i.test(type));
  if (text)
    return {
      binding: { key: 'body', mediaType: text, encoding: 'text' },
      schema: schemaOf(text) ?? { type: 'string' },
    };
  return undefined;
}

function describeText(operation: JsonObject, method: string, pathTemplate: string): string {
  const summary = typeof operation.summary === 'string' ? operation.summary.trim() : '';
  const details = typeof operation.description === 'string' ? operation.description.trim() : '';
  const text = [summary, details].filter(Boolean).join('\n\n');
  return text || `${method.toUpperCase()} ${pathTemplate}`;
}

/** Path-level parameters apply to every operation of the path; the operation's own win. */
function mergedParameters(pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  const byKey = new Map<string, JsonObject>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) if (isRecord(parameter)) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  const order: Record<string, number> = { path: 0, query: 1, header: 2 };
  return [...byKey.values()]
    .filter((parameter) => String(parameter.in) in order)
    .sort((a, b) => order[String(a.in)]! - order[String(b.in)]!);
}

function parameterSchema(parameter: JsonObject): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  const content = isRecord(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  return isRecord(content) ? content.schema : undefined;
}

/** One operation of a document, with where it sits and the slug it gets. */
interface OperationInDocument {
  document: JsonObject;
  version: '3.0' | '3.1';
  method: HttpMethod;
  pathTemplate: string;
  pathItem: JsonObject;
  operation: JsonObject;
  slug: string;
}

function describeOperation(target: OperationInDocument): OperationDescription | SkippedOperation {
  const { document, version, method, pathTemplate, pathItem, operation, slug } = target;
  const converter = createSchemaConverter({ document, version, direction: 'request' });
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parameters: ParameterBinding[] = [];
  const requestBody = isRecord(operation.requestBody) ? operation.requestBody : undefined;
  const chosen = requestBody && isRecord(requestBody.content) ? chooseBody(requestBody.content) : undefined;
  const body = chosen?.binding;
  if (requestBody?.required === true && !body) {
    const types = isRecord(requestBody.content) ? Object.keys(requestBody.content).join(', ') : 'none';
    return {
      method,
      pathTemplate,
      reason: `its required request body has no JSON, form or text media type (${types})`,
    };
  }
  const taken = new Set<string>(body ? ['body'] : []);
  for (const parameter of mergedParameters(pathItem, operation)) {
    const name = String(parameter.name);
    const location = parameter.in as ParameterLocation;
    if (location === 'header' && ignoredHeaders.has(name.toLowerCase())) continue;
    let key = sanitizePropertyKey(name);
    if (taken.has(key)) key = sanitizePropertyKey(`${location}_${name}`);
    for (let suffix = 2; taken.has(key); suffix += 1) key = sanitizePropertyKey(`${location}_${name}_${suffix}`);
    taken.add(key);
    const schema = converter.convert(parameterSchema(parameter));
    const description = typeof parameter.description === 'string' ? parameter.description : undefined;
    properties[key] =
      description && typeof schema === 'object' && schema.description === undefined
        ? { ...schema, description }
        : schema;
    if (location === 'path' || parameter.required === true) required.push(key);
    parameters.push({
      key,
      name,
      in: location,
      style: typeof parameter.style === 'string' ? parameter.style : undefined,
      explode: typeof parameter.explode === 'boolean' ? parameter.explode : undefined,
    });
  }
  if (chosen && requestBody) {
    const schema = converter.convert(chosen.schema);
    const description = typeof requestBody.description === 'string' ? requestBody.description : undefined;
    properties.body = description && schema.description === undefined ? { ...schema, description } : schema;
    if (requestBody.required === true) required.push('body');
  }
  const readOnly = method === 'get' || method === 'head' || method === 'options';
  const summary = typeof operation.summary === 'string' ? operation.summary : undefined;
  const root: JsonSchema = definedFields({
    type: 'object',
    properties,
    required: required.length > 0 ? required : undefined,
    additionalProperties: false,
  });
  const serverUrl = serverUrlOf(operation.servers) ?? serverUrlOf(pathItem.servers) ?? serverUrlOf(document.servers);
  return {
    slug,
    method,
    pathTemplate,
    description: describeText(operation, method, pathTemplate),
    inputSchema: converter.finish(root),
    parameters,
    body,
    serverUrl: serverUrl || undefined,
    annotations: definedFields({
      title: summary || undefined,
      readOnlyHint: readOnly,
      idempotentHint: readOnly || method === 'put' || method === 'delete',
    }),
  };
}

/** Every operation of a validated, dereferenced document, in document order. */
export function describeOperations(document: OpenApiDocument): {
  operations: OperationDescription[];
  skipped: SkippedOperation[];
} {
  const source = document as unknown as JsonObject;
  const inDocument = { document: source, version: String(source.openapi).startsWith('3.1') ? '3.1' : '3.0' } as const;
  const operations: OperationDescription[] = [];
  const skipped: SkippedOperation[] = [];
  const taken = new Set<string>();
  const paths = isRecord(source.paths) ? source.paths : {};
  for (const [pathTemplate, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      const slug = operationSlug({ operationId, method, path: pathTemplate, taken });
      const described = describeOperation({ ...inDocument, method, pathTemplate, pathItem, operation, slug });
      if ('slug' in described) {
        taken.add(slug);
        operations.push(described);
      } else skipped.push(described);
    }
  }
  return { operations, skipped };
}
