/**
 * What `execute` receives besides its input. Every surface (agent run, workflow step, MCP call,
 * HTTP execute route, direct call) builds it with `createToolExecutionContext`, so `requestContext`,
 * `abortSignal` and `observe` are always there.
 */
import { copyPlain, notPlain, type PlainCopyRules } from './plain-copy';
import type { LogLevel } from '../logger';
import { deepFreeze } from '../deep-freeze';

/** A plain JSON object, frozen: tools read it (`requestContext.tenantId`) and never change it. */
export type RequestContext = Readonly<Record<string, unknown>>;

export interface ToolStreamWriter {
  write(part: unknown): void | Promise<void>;
}

export interface AgentToolContext {
  agentId: string;
  /** The run the call belongs to (absent outside a run's own call path). */
  runId?: string;
  toolCallId: string;
  messages: ReadonlyArray<unknown>;
  /** Pauses the run with a payload (validated against `suspendSchema`). */
  suspend(payload: unknown): void | Promise<void>;
  resumeData?: unknown;
  /** On resume: the payload the call suspended with (as stored with the paused run). */
  suspendPayload?: unknown;
  threadId?: string;
  resourceId?: string;
  writer?: ToolStreamWriter;
  /** Files kept with the run (a submitted plan); `write` answers the path it stored. */
  files?: RunFiles;
}

export interface RunFiles {
  write(file: { path: string; content: string }): string;
  read(path: string): string | undefined;
}

export interface WorkflowToolContext {
  workflowId: string;
  runId: string;
  state: unknown;
  setState(state: unknown): void | Promise<void>;
  suspend(payload: unknown): void | Promise<void>;
  resumeData?: unknown;
}

export interface McpToolContext {
  elicitation: { sendRequest(request: unknown): Promise<unknown> };
}

/**
 * Tracing from inside a tool (docs/tools.md): when the run is traced, `span` makes a child span of
 * the call's span and `log` an event on it; otherwise both only run what they are given. What a
 * tool puts here is exported as it is, so keep secrets and personal data out of names and attributes.
 */
export interface ToolObserve {
  /**
   * Runs `run` inside a tracing span and returns its result (a promise ends the span when it
   * settles; a throw or rejection marks it failed). `run` gets the span's own `observe`, for spans
   * and events nested under it.
   */
  span<TResult>(name: string, run: (observe: ToolObserve) => TResult, attributes?: Record<string, unknown>): TResult;
  /** An event on the current span, with `data`'s strings, numbers and booleans as its attributes. */
  log(level: LogLevel, message: string, data?: Record<string, unknown>): void;
}

export interface ToolExecutionContext<TRequestContext extends RequestContext = RequestContext> {
  requestContext: TRequestContext;
  abortSignal: AbortSignal;
  agent?: AgentToolContext;
  workflow?: WorkflowToolContext;
  mcp?: McpToolContext;
  observe: ToolObserve;
}

/** What callers may pass; everything has a default. */
export interface ToolContextInput {
  requestContext?: Record<string, unknown>;
  abortSignal?: AbortSignal;
  agent?: AgentToolContext;
  workflow?: WorkflowToolContext;
  mcp?: McpToolContext;
  observe?: ToolObserve;
}

/** Used when tracing is off, so tools can call `observe` unconditionally. */
export const noopObserve: ToolObserve = {
  span: (_name, run) => run(noopObserve),
  log: () => undefined,
};

/**
 * A frozen copy made in one pass, for the usual context (plain objects, arrays, strings, numbers,
 * booleans, null): several times cheaper than `structuredClone` followed by a freeze. Anything else
 * (dates, maps, cycles, very deep values) is `notPlain`, and the structured clone handles it.
 */
const frozenContextRules: PlainCopyRules = {
  leaf: (value) =>
    typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? notPlain : value,
  acceptsObject: () => true,
  freeze: true,
};

// Most runs and calls have no request context: they share one frozen empty object.
const emptyContext: RequestContext = Object.freeze({});

function isEmptyPlainObject(value: Record<string, unknown>): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const _key in value) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

/** A deeply frozen copy of a request context. */
export function freezeRequestContext(requestContext: Record<string, unknown> | undefined): RequestContext {
  if (requestContext === undefined || isEmptyPlainObject(requestContext)) return emptyContext;
  let frozen = copyPlain(requestContext, frozenContextRules);
  if (frozen === notPlain) {
    let copy: Record<string, unknown>;
    try {
      copy = structuredClone(requestContext);
    } catch (error) {
      throw new TypeError('The request context must be a plain JSON object.', { cause: error });
    }
    frozen = deepFreeze(copy);
  }
  return frozen as RequestContext;
}

// One signal that never aborts, shared by calls that were given none.
const neverAborted = new AbortController().signal;

/**
 * The caller's abort signal, or `undefined` when the call was given none. For code that hands the
 * signal on to something that keeps a listener on it per call (the MCP SDK never removes its own):
 * the shared never-aborting signal lives as long as the process, so it must not collect them.
 */
export function callerAbortSignal(context: Pick<ToolExecutionContext, 'abortSignal'>): AbortSignal | undefined {
  return context.abortSignal === neverAborted ? undefined : context.abortSignal;
}

export function createToolExecutionContext(input: ToolContextInput = {}): ToolExecutionContext {
  const context: ToolExecutionContext = {
    requestContext: freezeRequestContext(input.requestContext),
    abortSignal: input.abortSignal ?? neverAborted,
    observe: input.observe ?? noopObserve,
  };
  if (input.agent) context.agent = input.agent;
  if (input.workflow) context.workflow = input.workflow;
  if (input.mcp) context.mcp = input.mcp;
  return context;
}
