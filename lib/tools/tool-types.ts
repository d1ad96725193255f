/**
 * The options of `createTool` (docs/tools.md) and the tool it returns. A tool is plain data:
 * its options, its normalised schemas and an `execute` that runs the tool's own steps of a call.
 * Approval, agent hooks, tracing and retries are functions of the runtime that take tools as input.
 */
import type { RequestContext, ToolContextInput, ToolExecutionContext } from './execution-context';
import type { ToolLifecycleHooks } from './lifecycle-hooks';
import type { ProviderOptions, ToModelOutputResult } from './model-output';
import type { JsonSchema, SchemaInput, SchemaOutput, ToolSchema, ToolSchemas } from './schema-types';
import type { ToolTransform } from './transform';
import type { ToolValidationError } from './validation-error';

/** MCP tool annotations; see `defaultToolAnnotations` for what an absent hint means. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** Passed unchanged when the tool is listed over MCP. */
export interface ToolMcpOptions {
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

export interface ToolBackgroundOptions {
  enabled: boolean;
  timeoutMs?: number;
  maxRetries?: number;
}

export type RequireApproval<TInput> =
  boolean | ((input: TInput, options: { requestContext: RequestContext }) => boolean | Promise<boolean>);

export type ToolExecuteFunction<TInput, TOutput> = (
  input: TInput,
  context: ToolExecutionContext,
) => TOutput | Promise<TOutput>;

export interface ToolOptions<
  TInputSchema extends ToolSchema | undefined = ToolSchema | undefined,
  TOutput = unknown,
> extends ToolLifecycleHooks<SchemaOutput<TInputSchema>, TOutput> {
  /** Unique; the registry key; named in error messages. */
  id: string;
  /** What the model reads to decide when to call the tool. */
  description: string;
  inputSchema?: TInputSchema;
  outputSchema?: ToolSchema;
  /** Ask providers that support it for strict argument generation; ignored elsewhere. */
  strict?: boolean;
  /** What the model receives instead of the raw output; the application keeps the raw output. */
  toModelOutput?: (output: TOutput) => ToModelOutputResult | Promise<ToModelOutputResult>;
  transform?: ToolTransform;
  suspendSchema?: ToolSchema;
  resumeSchema?: ToolSchema;
  requireApproval?: RequireApproval<SchemaOutput<TInputSchema>>;
  mcp?: ToolMcpOptions;
  requestContextSchema?: ToolSchema;
  providerOptions?: ProviderOptions;
  inputExamples?: Array<{ input: SchemaInput<TInputSchema> }>;
  background?: ToolBackgroundOptions;
  /** May be omitted for tools executed elsewhere (client tools). */
  execute?: ToolExecuteFunction<SchemaOutput<TInputSchema>, TOutput>;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- `Tool` with no arguments means "any tool". */
export interface Tool<TInput = any, TOutput = any> extends ToolLifecycleHooks<TInput, TOutput> {
  readonly id: string;
  readonly description: string;
  readonly inputSchema?: ToolSchema;
  readonly outputSchema?: ToolSchema;
  readonly strict?: boolean;
  readonly toModelOutput?: (output: TOutput) => ToModelOutputResult | Promise<ToModelOutputResult>;
  readonly transform?: ToolTransform;
  readonly suspendSchema?: ToolSchema;
  readonly resumeSchema?: ToolSchema;
  readonly requireApproval?: RequireApproval<TInput>;
  readonly mcp?: ToolMcpOptions;
  readonly requestContextSchema?: ToolSchema;
  readonly providerOptions?: ProviderOptions;
  readonly inputExamples?: Array<{ input: unknown }>;
  readonly background?: ToolBackgroundOptions;
  /** The input schema as JSON Schema (an empty object schema when the tool has none). */
  readonly inputJsonSchema: JsonSchema;
  readonly outputJsonSchema: JsonSchema | undefined;
  /** Every schema option normalised once, at creation. */
  readonly schemas: ToolSchemas;
  /** The options as given; `options.execute` is the tool's own function, without validation. */
  readonly options: ToolOptions<any, TOutput>;
  /**
   * Runs the tool's own steps of a call: input validation (with repairs), request-context and
   * resume-data validation, execute, suspend-payload and output validation. Answers a
   * `ToolExecution`: validation failures are its `invalid` case; a thrown error is rethrown.
   * Absent for client tools.
   */
  readonly execute?: (input: unknown, context?: ToolContextInput) => Promise<ToolExecution<TOutput>>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * What one call of a tool's own steps answers (`tool.execute`), told apart by `status`: expected
 * failures are values here, so a caller switches instead of testing the output's shape.
 */
export type ToolExecution<TOutput = unknown> =
  /** execute returned, and the output passed the output schema (if any). */
  | { status: 'output'; output: TOutput }
  /** execute called `suspend(payload)` with a valid payload; `output` is what execute returned. */
  | { status: 'suspended'; payload: unknown; output: unknown }
  /**
   * A validation failed (input, request context, resume data, suspend payload or output); `error`
   * is the value the model is given as the tool result.
   */
  | { status: 'invalid'; error: ToolValidationError };
