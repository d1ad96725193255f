/**
 * An OpenAPI 3.1 document as the API reference page shows it: operations grouped by tag (in the
 * document's tag order), each with its method, path, operationId, summary, description, the scope
 * its `security` asks for, its parameters, its request body and its responses as schema trees.
 * The bodies of non-success answers that only name a component (every refusal is an `Error`) are
 * linked to that component, described once among the shared schemas, instead of repeated under
 * every operation. Pure: takes the document, reads nothing else.
 */
import { componentName, schemaTree, type SchemaComponents, type SchemaNode } from './schema-tree';

export interface ParameterRow {
  name: string;
  /** Where it goes: path, query, header or cookie. */
  in: string;
  required: boolean;
  /** The value described like a property (type, allowed values, limits). */
  value: SchemaNode;
  description?: string;
}

export interface BodyView {
  /** The media type (`application/json`, `text/event-stream`). */
  contentType: string;
  schema?: SchemaNode;
  /** A shared schema the body is, linked instead of described here. */
  sharedSchema?: string;
}

export interface ResponseView {
  status: string;
  description: string;
  body?: BodyView;
  headers: Array<{ name: string; value: SchemaNode; description?: string }>;
}

export interface OperationView {
  operationId: string;
  /** The element id of its section: `op-<operationId>`. */
  anchor: string;
  /** Upper case: GET, POST, ... */
  method: string;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  deprecated: boolean;
  /** What `security` asks for: `public` (`security: []`), the scopes, or nothing said. */
  access: { kind: 'public' } | { kind: 'scopes'; scopes: string[] } | { kind: 'unstated' };
  parameters: ParameterRow[];
  requestBody?: BodyView & { required: boolean; description?: string };
  responses: ResponseView[];
}

export interface TagView {
  name: string;
  /** The element id of its section: `tag-<name>`. */
  anchor: string;
  description?: string;
  operations: OperationView[];
}

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  tags: TagView[];
  /** The components linked from answers, each described once: `schema-<name>`. */
  sharedSchemas: Array<{ name: string; anchor: string; schema: SchemaNode }>;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const methods = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'] as const;
const untagged = 'other';

/** Element ids: `op-resolveAgent`, `tag-mcp-clients`, `schema-Error` (anything but letters, digits, `_` and `-` as `-`). */
const anchorOf = (prefix: string) => (name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
export const operationAnchor = anchorOf('op');
export const tagAnchor = anchorOf('tag');
export const schemaAnchor = anchorOf('schema');

/** Follows a `$ref` into `components.<section>` (parameters, headers, responses, requestBodies). */
function resolved(value: unknown, document: Json): Json {
  if (!isJson(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/'))
    return isJson(value) ? value : {};
  let target: unknown = document;
  for (const segment of value.$ref.slice(2).split('/'))
    target = isJson(target) ? target[decodeURIComponent(segment)] : undefined;
  return isJson(target) ? target : {};
}

/** The media type shown: JSON when the body offers it, else the first one. */
function pickContent(content: unknown): [string, Json] | undefined {
  if (!isJson(content)) return undefined;
  const entries = Object.entries(content).filter((entry): entry is [string, Json] => isJson(entry[1]));
  return entries.find(([type]) => type === 'application/json') ?? entries[0];
}

interface Context {
  document: Json;
  components: SchemaComponents;
  /** Filled while reading: the components answers link to. */
  shared: Set<string>;
}

function bodyOf(content: unknown, context: Context, { share }: { share: boolean }): BodyView | undefined {
  const picked = pickContent(content);
  if (!picked) return undefined;
  const [contentType, media] = picked;
  if (media.schema === undefined) return { contentType };
  const name = componentName(media.schema);
  if (share && name !== undefined && Object.keys(media.schema as Json).length === 1) {
    context.shared.add(name);
    return { contentType, sharedSchema: name };
  }
  return { contentType, schema: schemaTree(media.schema, context.components) };
}

function parametersOf(pathItem: Json, operation: Json, context: Context): ParameterRow[] {
  const all = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ].map((parameter) => resolved(parameter, context.document));
  // An operation's parameter replaces the path item's of the same name and place.
  const byKey = new Map(all.map((parameter) => [`${String(parameter.in)}:${String(parameter.name)}`, parameter]));
  return [...byKey.values()].map((parameter) => {
    const value = schemaTree(parameter.schema, context.components, { required: parameter.required === true });
    const description = text(parameter.description) ?? value.description;
    return {
      name: String(parameter.name),
      in: String(parameter.in),
      required: parameter.required === true,
      value,
      ...(description ? { description } : {}),
    };
  });
}

function responsesOf(operation: Json, context: Context): ResponseView[] {
  if (!isJson(operation.responses)) return [];
  return Object.entries(operation.responses).map(([status, value]) => {
    const response = resolved(value, context.document);
    const body = bodyOf(response.content, context, { share: !status.startsWith('2') });
    const headers = Object.entries(isJson(response.headers) ? response.headers : {}).map(([name, header]) => {
      const declared = resolved(header, context.document);
      const description = text(declared.description);
      return {
        name,
        value: schemaTree(declared.schema, context.components),
        ...(description ? { description } : {}),
      };
    });
    return { status, description: text(response.description) ?? '', ...(body ? { body } : {}), headers };
  });
}

function accessOf(operation: Json): OperationView['access'] {
  if (!Array.isArray(operation.security)) return { kind: 'unstated' };
  if (operation.security.length === 0) return { kind: 'public' };
  const scopes = operation.security.flatMap((requirement) =>
    isJson(requirement)
      ? Object.values(requirement).flatMap((list) => (Array.isArray(list) ? list.map(String) : []))
      : [],
  );
  return { kind: 'scopes', scopes: [...new Set(scopes)] };
}

function requestBodyOf(operation: Json, context: Context): OperationView['requestBody'] {
  if (operation.requestBody === undefined) return undefined;
  const requestBody = resolved(operation.requestBody, context.document);
  const body = bodyOf(requestBody.content, context, { share: false });
  if (!body) return undefined;
  const description = text(requestBody.description);
  return { ...body, required: requestBody.required === true, ...(description ? { description } : {}) };
}

function operationOf(path: string, method: string, pathItem: Json, operation: Json, context: Context): OperationView {
  const operationId = text(operation.operationId) ?? `${method}${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const description = text(operation.description);
  const requestBody = requestBodyOf(operation, context);
  return {
    operationId,
    anchor: operationAnchor(operationId),
    method: method.toUpperCase(),
    path,
    summary: text(operation.summary) ?? `${method.toUpperCase()} ${path}`,
    ...(description ? { description } : {}),
    tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : untagged,
    deprecated: operation.deprecated === true,
    access: accessOf(operation),
    parameters: parametersOf(pathItem, operation, context),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(operation, context),
  };
}

/** The tags in the document's order, then any an operation names without the document declaring it. */
function groupByTag(document: Json, operations: OperationView[]): TagView[] {
  const declared = (Array.isArray(document.tags) ? document.tags : []).filter(isJson);
  const names = [...declared.map((tag) => String(tag.name)), ...operations.map((operation) => operation.tag)];
  return [...new Set(names)]
    .map((name) => {
      const description = text(declared.find((tag) => tag.name === name)?.description);
      const tagged = operations.filter((operation) => operation.tag === name);
      return { name, anchor: tagAnchor(name), ...(description ? { description } : {}), operations: tagged };
    })
    .filter((tag) => tag.operations.length > 0);
}

export function apiReferenceOf(document: unknown): ApiReference {
  const root = isJson(document) ? document : {};
  const components = isJson(root.components) && isJson(root.components.schemas) ? root.components.schemas : {};
  const context: Context = { document: root, components, shared: new Set() };
  const operations: OperationView[] = [];
  for (const [path, value] of Object.entries(isJson(root.paths) ? root.paths : {})) {
    const pathItem = resolved(value, root);
    for (const method of methods) {
      const operation = pathItem[method];
      if (isJson(operation)) operations.push(operationOf(path, method, pathItem, operation, context));
    }
  }
  const info = isJson(root.info) ? root.info : {};
  const description = text(info.description);
  return {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    ...(description ? { description } : {}),
    tags: groupByTag(root, operations),
    sharedSchemas: [...context.shared].map((name) => ({
      name,
      anchor: schemaAnchor(name),
      schema: schemaTree({ $ref: `#/components/schemas/${name}` }, components),
    })),
  };
}
