/**
 * Workflows: typed sequences of steps, each step's output being the next one's input, that may
 * suspend and be resumed with data. The shapes a run answers are plain values, never exceptions.
 */
import type { Issue } from '../errors';
import type { NormalizedSchema, RequestContext, SchemaOutput, ToolSchema } from '../tools';

export interface StepExecuteArguments<TInput = unknown> {
  inputData: TInput;
  requestContext: RequestContext;
  /** Pauses the run with a payload (checked against `suspendSchema`); return right after calling it. */
  suspend(payload: unknown): Promise<void>;
  /** Present when the step runs again after a suspension. */
  resumeData?: unknown;
  abortSignal: AbortSignal;
}

export interface StepOptions<TInputSchema extends ToolSchema = ToolSchema, TOutput = unknown> {
  id: string;
  description?: string;
  inputSchema: TInputSchema;
  outputSchema: ToolSchema;
  suspendSchema?: ToolSchema;
  resumeSchema?: ToolSchema;
  execute(argument: StepExecuteArguments<SchemaOutput<TInputSchema>>): TOutput | Promise<TOutput>;
}

export interface Step<TInput = unknown, TOutput = unknown> {
  readonly id: string;
  readonly description?: string;
  readonly schemas: {
    input: NormalizedSchema;
    output: NormalizedSchema;
    suspend?: NormalizedSchema;
    resume?: NormalizedSchema;
  };
  readonly execute: (argument: StepExecuteArguments<TInput>) => TOutput | Promise<TOutput>;
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of steps holds steps of any input and output. */
export type AnyStep = Step<any, any>;

export interface WorkflowError {
  message: string;
  /** The step that failed, when one did. */
  step?: string;
  issues?: Issue[];
}

export type WorkflowRunResult =
  | { status: 'success'; runId: string; result: unknown }
  /** `stepInput`: the suspended step's input, for callers that keep the suspended run themselves. */
  | { status: 'suspended'; runId: string; step: string; suspendPayload: unknown; stepInput: unknown }
  | { status: 'failed'; runId: string; error: WorkflowError };

/** What a suspended run needs to continue: where it stopped and with which input. */
export interface SuspendedWorkflowRun {
  runId: string;
  workflowId: string;
  stepIndex: number;
  inputData: unknown;
  requestContext: Record<string, unknown>;
  suspendPayload: unknown;
}

export interface WorkflowRunStore {
  save(run: SuspendedWorkflowRun): void | Promise<void>;
  get(runId: string): SuspendedWorkflowRun | undefined | Promise<SuspendedWorkflowRun | undefined>;
  delete(runId: string): void | Promise<void>;
}
