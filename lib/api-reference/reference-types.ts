/** What the API reference shows of an OpenAPI document (built by ./reference-model). */
import type { SchemaNode } from './schema-tree';

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
  /** Its own answers: those with a body described here, and the refusals it alone words this way. */
  responses: ResponseView[];
  /** The answers it gives word for word like many other operations, described once (see `commonAnswers`). */
  commonAnswers: Array<{ status: string; anchor: string }>;
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
  /** Answers many operations give word for word (the standard refusals), each described once: `answer-<status>`. */
  commonAnswers: CommonAnswer[];
  /** The components linked from answers, each described once: `schema-<name>`. */
  sharedSchemas: Array<{ name: string; anchor: string; schema: SchemaNode }>;
}

export interface CommonAnswer extends ResponseView {
  anchor: string;
  /** How many operations give it. */
  operations: number;
}
