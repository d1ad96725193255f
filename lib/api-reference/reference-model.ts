/**
 * An OpenAPI 3.1 document as the API reference page shows it: operations grouped by tag (in the
 * document's tag order), each with its method, path, operationId, summary, description, the scope
 * its `security` asks for, its parameters, its request body and its responses as schema trees.
 * The bodies of non-success answers that only name a component (every refusal is an `Error`) are
 * linked to that component, described once among the shared schemas, and answers many operations
 * give word for word are described once too (./common-answers), instead of repeated under every
 * operation. Pure: takes the document, reads nothing else.
 */
import { withCommonAnswers, type OwnOperation } from './common-answers';
import type { ApiReference, BodyView, OperationView, ParameterRow, ResponseView, TagView } from './reference-types';
import { componentName, schemaTree, treeScope, type SchemaComponents, type TreeScope } from './schema-tree';
import { isRecord } from '../is-record';

type Json = Record<string, unknown>;
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
  if (!isRecord(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/'))
    return isRecord(value) ? value : {};
  let target: unknown = document;
  for (const segment of value.$ref.slice(2).split('/'))
    target = isRecord(target) ? target[decodeURIComponent(segment)] : undefined;
  return isRecord(target) ? target : {};
}

/** The media type shown: JSON when the body offers it, else the first one. */
function pickContent(content: unknown): [string, Json] | undefined {
  if (!isRecord(content)) return undefined;
  const entries = Object.entries(content).filter((entry): entry is [string, Json] => isRecord(entry[1]));
  return entries.find(([type]) => type === 'application/json') ?? entries[0];
}

interface Context {
  document: Json;
  components: SchemaComponents;
  /** Filled while reading: the components answers link to. */
  shared: Set<string>;
}

/** An operation's context: its trees share one scope, so each component is described once in it. */
type OperationContext = Context & { scope: TreeScope };

function bodyOf(content: unknown, context: OperationContext, { share }: { share: boolean }): BodyView | undefined {
  const picked = pickContent(content);
  if (!picked) return undefined;
  const [contentType, media] = picked;
  if (media.schema === undefined) return { contentType };
  const name = componentName(media.schema);
  if (share && name !== undefined && Object.keys(media.schema as Json).length === 1) {
    context.shared.add(name);
    return { contentType, sharedSchema: name };
  }
  return { contentType, schema: schemaTree(media.schema, context.scope) };
}

function parametersOf(pathItem: Json, operation: Json, context: OperationContext): ParameterRow[] {
  const all = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ].map((parameter) => resolved(parameter, context.document));
  // An operation's parameter replaces the path item's of the same name and place.
  const byKey = new Map(all.map((parameter) => [`${String(parameter.in)}:${String(parameter.name)}`, parameter]));
  return [...byKey.values()].map((parameter) => {
    // Shown as a table row, never as a tree: a scope of its own, so nothing links into it.
    const value = schemaTree(
      parameter.schema,
      treeScope(context.components, `${context.scope.anchorPrefix}-parameter`),
      {
        required: parameter.required === true,
      },
    );
    const description = text(parameter.description) ?? value.description;
    return {
      name: String(parameter.name),
      in: String(parameter.in),
      required: parameter.required === true,
      value,
      description,
    };
  });
}

function responsesOf(operation: Json, context: OperationContext): ResponseView[] {
  if (!isRecord(operation.responses)) return [];
  return Object.entries(operation.responses).map(([status, value]) => {
    const response = resolved(value, context.document);
    const body = bodyOf(response.content, context, { share: !status.startsWith('2') });
    const headers = Object.entries(isRecord(response.headers) ? response.headers : {}).map(([name, header]) => {
      const declared = resolved(header, context.document);
      const description = text(declared.description);
      return {
        name,
        value: schemaTree(declared.schema, treeScope(context.components, `${context.scope.anchorPrefix}-header`)),
        description,
      };
    });
    return { status, description: text(response.description) ?? '', body, headers };
  });
}

function accessOf(operation: Json): OperationView['access'] {
  if (!Array.isArray(operation.security)) return { kind: 'unstated' };
  if (operation.security.length === 0) return { kind: 'public' };
  const scopes = operation.security.flatMap((requirement) =>
    isRecord(requirement)
      ? Object.values(requirement).flatMap((list) => (Array.isArray(list) ? list.map(String) : []))
      : [],
  );
  return { kind: 'scopes', scopes: [...new Set(scopes)] };
}

function requestBodyOf(operation: Json, context: OperationContext): OperationView['requestBody'] {
  if (operation.requestBody === undefined) return undefined;
  const requestBody = resolved(operation.requestBody, context.document);
  const body = bodyOf(requestBody.content, context, { share: false });
  if (!body) return undefined;
  const description = text(requestBody.description);
  return { ...body, required: requestBody.required === true, description };
}

/** A description without a first sentence that only repeats the summary (the operation's heading says it). */
function descriptionBeyond(summary: string, description: string | undefined): string | undefined {
  if (description === undefined || !description.startsWith(summary)) return description;
  const rest = description.slice(summary.length);
  if (rest !== '' && !rest.startsWith('.')) return description;
  return text(rest.replace(/^\.\s*/, ''));
}

function operationOf(path: string, method: string, pathItem: Json, operation: Json, shared: Context): OwnOperation {
  const operationId = text(operation.operationId) ?? `${method}${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const anchor = operationAnchor(operationId);
  const context = { ...shared, scope: treeScope(shared.components, anchor) };
  const summary = text(operation.summary) ?? `${method.toUpperCase()} ${path}`;
  const description = descriptionBeyond(summary, text(operation.description));
  const parameters = parametersOf(pathItem, operation, context);
  const requestBody = requestBodyOf(operation, context);
  return {
    operationId,
    anchor,
    method: method.toUpperCase(),
    path,
    summary,
    description,
    tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : untagged,
    deprecated: operation.deprecated === true,
    access: accessOf(operation),
    parameters,
    requestBody,
    responses: responsesOf(operation, context),
  };
}

/** The tags in the document's order, then any an operation names without the document declaring it. */
function groupByTag(document: Json, operations: OperationView[]): TagView[] {
  const declared = (Array.isArray(document.tags) ? document.tags : []).filter(isRecord);
  const names = [...declared.map((tag) => String(tag.name)), ...operations.map((operation) => operation.tag)];
  return [...new Set(names)]
    .map((name) => {
      const description = text(declared.find((tag) => tag.name === name)?.description);
      const tagged = operations.filter((operation) => operation.tag === name);
      return { name, anchor: tagAnchor(name), description, operations: tagged };
    })
    .filter((tag) => tag.operations.length > 0);
}

export function apiReferenceOf(document: unknown): ApiReference {
  const root = isRecord(document) ? document : {};
  const components = isRecord(root.components) && isRecord(root.components.schemas) ? root.components.schemas : {};
  const context: Context = { document: root, components, shared: new Set() };
  const operations: OwnOperation[] = [];
  for (const [path, value] of Object.entries(isRecord(root.paths) ? root.paths : {})) {
    const pathItem = resolved(value, root);
    for (const method of methods) {
      const operation = pathItem[method];
      if (isRecord(operation)) operations.push(operationOf(path, method, pathItem, operation, context));
    }
  }
  const info = isRecord(root.info) ? root.info : {};
  const description = text(info.description);
  const { operations: grouped, commonAnswers } = withCommonAnswers(operations);
  return {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    description,
    tags: groupByTag(root, grouped),
    commonAnswers,
    sharedSchemas: [...context.shared].map((name) => ({
      name,
      anchor: schemaAnchor(name),
      schema: schemaTree({ $ref: `#/components/schemas/${name}` }, treeScope(components, schemaAnchor(name))),
    })),
  };
}
