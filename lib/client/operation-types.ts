/**
 * The typed client's input and output types, taken from the route definitions the server is built
 * from (`lib/api/operations.ts`): path parameters, query and JSON body as the route's zod schemas
 * accept them, and the JSON of its success responses as the schemas describe it. Type-only: the
 * client carries no server code at run time.
 */
import type { z } from 'zod';
import type { ApiOperations } from '../api/operations';
import type { RunChunk } from '../runtime';

/**
 * Every operation except `handleMcpMessage`: `/api/mcp` speaks JSON-RPC, for which the MCP SDK's
 * client is the right tool.
 */
export type ClientOperationId = Exclude<keyof ApiOperations, 'handleMcpMessage'>;

type JsonSchemaOf<Content> = Content extends { 'application/json': { schema: infer Schema extends z.ZodType } }
  ? Schema
  : never;

type ParamsPart<Route> = Route extends { request: { params: infer Schema extends z.ZodType } }
  ? { params: z.input<Schema> }
  : unknown;

type QueryPart<Route> = Route extends { request: { query: infer Schema extends z.ZodType } }
  ? object extends z.input<Schema>
    ? { query?: z.input<Schema> }
    : { query: z.input<Schema> }
  : unknown;

type BodyPart<Route> = Route extends { request: { body: { required: infer Required; content: infer Content } } }
  ? Required extends true
    ? { body: z.input<JsonSchemaOf<Content>> }
    : { body?: z.input<JsonSchemaOf<Content>> }
  : unknown;

type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

/** `{ params?, query?, body? }` of an operation: each part present exactly when the route takes it. */
export type OperationInput<Id extends ClientOperationId> = Simplify<
  ParamsPart<ApiOperations[Id]> & QueryPart<ApiOperations[Id]> & BodyPart<ApiOperations[Id]>
>;

/** The path parameters of an operation (`undefined` for one whose path has none). */
export type OperationParams<Id extends ClientOperationId> =
  OperationInput<Id> extends { params: infer Params } ? Params : undefined;

type SuccessStatus = 200 | 201 | 202;

/** The JSON a successful call answers (the union of its 2xx response schemas). */
export type OperationOutput<Id extends ClientOperationId> = ApiOperations[Id] extends { responses: infer Responses }
  ? {
      [Status in keyof Responses & SuccessStatus]: Responses[Status] extends { content: infer Content }
        ? z.output<JsonSchemaOf<Content>>
        : never;
    }[keyof Responses & SuccessStatus]
  : never;

export interface RequestOptions {
  /** Aborts the request (the method then rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** Whether an operation answers Server-Sent Events only (`streamAgent`), rather than JSON. */
export type IsEventStream<Id extends ClientOperationId> = ApiOperations[Id] extends {
  responses: { 200: { content: infer Content } };
}
  ? 'application/json' extends keyof Content
    ? false
    : 'text/event-stream' extends keyof Content
      ? true
      : false
  : false;

/**
 * What a streaming operation resolves to once the run has started: its chunks as they arrive,
 * ending with `finish` or `error`. A run that cannot start rejects the call instead, like any error.
 */
export type RunEvents = AsyncGenerator<RunChunk>;

type OperationResult<Id extends ClientOperationId> = IsEventStream<Id> extends true ? RunEvents : OperationOutput<Id>;

type OperationMethod<Id extends ClientOperationId> =
  object extends OperationInput<Id>
    ? (input?: OperationInput<Id>, options?: RequestOptions) => Promise<OperationResult<Id>>
    : (input: OperationInput<Id>, options?: RequestOptions) => Promise<OperationResult<Id>>;

/** One method per API operation, named by its operationId. */
export type StudioOperations = { [Id in ClientOperationId]: OperationMethod<Id> };
