/**
 * `createWorkflow({ id, description, inputSchema, outputSchema, steps })`: the steps run in order,
 * each step's output being the next one's `inputData`. Adjacent schemas are checked when the
 * workflow is created (`schemaMismatches`) and every value is validated when it runs. A run answers
 * `{ status: 'success', result }`, `{ status: 'suspended', suspendPayload, step }` (the run is kept
 * in the run store; `resume({ runId, resumeData })` runs the suspended step again with the data) or
 * `{ status: 'failed', error }`. Resume data failing the step's `resumeSchema` is the caller's
 * mistake: `invalid_input` with the standard message, and the run stays suspended.
 */
import { randomUUID } from 'node:crypto';
import { definedFields } from '../defined-fields';
import { errorMessage, StudioError } from '../errors';
import {
  formatIssuePath,
  freezeRequestContext,
  normalizeSchema,
  previewValue,
  ToolDefinitionError,
  type NormalizedSchema,
  type SchemaIssue,
  type ToolSchema,
} from '../tools';
import { schemaMismatches } from './schema-compatibility';
import type {
  AnyStep,
  SuspendedWorkflowRun,
  WorkflowError,
  WorkflowRunResult,
  WorkflowRunStore,
} from './workflow-types';

export interface WorkflowOptions {
  id: string;
  description: string;
  inputSchema: ToolSchema;
  outputSchema: ToolSchema;
  steps: AnyStep[];
  /** Where suspended runs are kept (default: in memory, in this process). */
  runStore?: WorkflowRunStore;
}

export interface Workflow {
  readonly id: string;
  readonly description: string;
  readonly steps: ReadonlyArray<AnyStep>;
  readonly schemas: { input: NormalizedSchema; output: NormalizedSchema };
  run(request: {
    inputData: unknown;
    requestContext?: Record<string, unknown>;
    abortSignal?: AbortSignal;
    runId?: string;
  }): Promise<WorkflowRunResult>;
  /**
   * Runs the suspended step again with `resumeData`. `suspended` replaces the run store's copy when
   * the caller kept the suspended run itself (an agent run stores it with its paused call, so it
   * resumes after a restart even when the workflow keeps its runs in memory).
   */
  resume(request: {
    runId: string;
    resumeData: unknown;
    abortSignal?: AbortSignal;
    suspended?: SuspendedWorkflowRun;
  }): Promise<WorkflowRunResult>;
}

function memoryRunStore(): WorkflowRunStore {
  const runs = new Map<string, SuspendedWorkflowRun>();
  return {
    save: (run) => void runs.set(run.runId, structuredClone(run)),
    get: (runId) => runs.get(runId),
    delete: (runId) => void runs.delete(runId),
  };
}

/** The standard validation message, worded for a workflow step. */
function validationMessage(heading: string, issues: ReadonlyArray<SchemaIssue>, label: string, value: unknown) {
  const listed = issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }));
  return {
    message:
      `${heading}. Please fix the following errors and try again:\n` +
      listed.map((issue) => `- ${issue.path}: ${issue.message}`).join('\n') +
      `\n\n${label}: ${previewValue(value)}`,
    issues: listed,
  };
}

function checkDefinition(options: WorkflowOptions, input: NormalizedSchema, output: NormalizedSchema) {
  const { id, steps } = options;
  if (typeof id !== 'string' || id.trim() === '')
    throw new ToolDefinitionError('createWorkflow needs a non-empty string id.');
  if (!Array.isArray(steps) || steps.length === 0)
    throw new ToolDefinitionError(`Workflow ${id}: steps must be a non-empty list.`);
  const seen = new Set<string>();
  for (const step of steps) {
    if (seen.has(step.id)) throw new ToolDefinitionError(`Workflow ${id}: two steps have the id "${step.id}".`);
    seen.add(step.id);
  }
  const links: Array<{ from: string; to: string; output: NormalizedSchema; input: NormalizedSchema }> = [
    { from: 'the workflow input', to: `step "${steps[0]!.id}"`, output: input, input: steps[0]!.schemas.input },
    ...steps.slice(1).map((step, index) => ({
      from: `step "${steps[index]!.id}"`,
      to: `step "${step.id}"`,
      output: steps[index]!.schemas.output,
      input: step.schemas.input,
    })),
    {
      from: `step "${steps.at(-1)!.id}"`,
      to: 'the workflow output',
      output: steps.at(-1)!.schemas.output,
      input: output,
    },
  ];
  const problems = links.flatMap((link) =>
    schemaMismatches({ output: link.output.jsonSchema, input: link.input.jsonSchema }).map(
      (problem) => `${link.from} does not fit ${link.to}: ${problem}`,
    ),
  );
  if (problems.length > 0) throw new ToolDefinitionError(`Workflow ${id}: ${problems.join('; ')}.`);
}

/** What a run of one workflow works with, fixed when the workflow is created. */
interface WorkflowParts {
  id: string;
  steps: ReadonlyArray<AnyStep>;
  input: NormalizedSchema;
  output: NormalizedSchema;
  store: WorkflowRunStore;
}

const failed = (runId: string, error: WorkflowError): WorkflowRunResult => ({ status: 'failed', runId, error });

/** A value that failed one of a step's schemas, as the run's error. */
function stepProblem({
  step,
  heading,
  issues,
  label,
  value,
}: {
  step: AnyStep;
  heading: string;
  issues: ReadonlyArray<SchemaIssue>;
  label: string;
  value: unknown;
}): WorkflowError {
  return { ...validationMessage(`${heading} for ${step.id}`, issues, label, value), step: step.id };
}

type StepOutcome =
  | { kind: 'failed'; error: WorkflowError }
  | { kind: 'suspended'; payload: unknown }
  | { kind: 'produced'; value: unknown };

/** Runs one step on its checked input; an abort is thrown, every other failure is an outcome. */
async function executeStep({
  step,
  inputData,
  requestContext,
  resumeData,
  abortSignal,
}: {
  step: AnyStep;
  inputData: unknown;
  requestContext: Record<string, unknown>;
  resumeData?: unknown;
  abortSignal: AbortSignal;
}): Promise<StepOutcome> {
  let suspension: { payload: unknown } | undefined;
  let suspendProblem: WorkflowError | undefined;
  let produced: unknown;
  abortSignal.throwIfAborted();
  try {
    produced = await step.execute({
      inputData,
      requestContext: freezeRequestContext(requestContext),
      abortSignal,
      // The step's own code reads this context: `resumeData` is there only when the step is resumed.
      ...definedFields({ resumeData }),
      async suspend(payload) {
        const checked = step.schemas.suspend?.validate(payload);
        if (checked && !checked.success) {
          suspendProblem = stepProblem({
            step,
            heading: 'Step suspension data validation failed',
            issues: checked.issues,
            label: 'Provided suspension data',
            value: payload,
          });
          return;
        }
        suspension = { payload: checked ? checked.value : payload };
      },
    });
  } catch (error) {
    if (abortSignal.aborted) throw error;
    return {
      kind: 'failed',
      error: { message: errorMessage(error), step: step.id },
    };
  }
  if (suspendProblem) return { kind: 'failed', error: suspendProblem };
  if (suspension) return { kind: 'suspended', payload: suspension.payload };
  return { kind: 'produced', value: produced };
}

/** Runs the steps from `stepIndex` on, each on the previous one's output, until one suspends or fails. */
async function runFrom(
  { id, steps, output, store }: WorkflowParts,
  {
    runId,
    stepIndex,
    inputData,
    requestContext,
    resumeData,
    abortSignal,
  }: {
    runId: string;
    stepIndex: number;
    inputData: unknown;
    requestContext: Record<string, unknown>;
    resumeData?: unknown;
    abortSignal: AbortSignal;
  },
): Promise<WorkflowRunResult> {
  let value = inputData;
  for (let index = stepIndex; index < steps.length; index++) {
    const step = steps[index]!;
    const checkedInput = step.schemas.input.validate(value);
    if (!checkedInput.success) {
      const heading = 'Step input validation failed';
      return failed(runId, stepProblem({ step, heading, issues: checkedInput.issues, label: 'Provided input', value }));
    }
    const outcome = await executeStep({
      step,
      inputData: checkedInput.value,
      requestContext,
      resumeData: index === stepIndex ? resumeData : undefined,
      abortSignal,
    });
    if (outcome.kind === 'failed') return failed(runId, outcome.error);
    if (outcome.kind === 'suspended') {
      const suspendPayload = outcome.payload;
      await store.save({
        runId,
        workflowId: id,
        stepIndex: index,
        inputData: checkedInput.value,
        requestContext,
        suspendPayload,
      });
      return { status: 'suspended', runId, step: step.id, suspendPayload, stepInput: checkedInput.value };
    }
    const checkedOutput = step.schemas.output.validate(outcome.value);
    if (!checkedOutput.success) {
      const heading = 'Step output validation failed';
      const { issues } = checkedOutput;
      return failed(runId, stepProblem({ step, heading, issues, label: 'Returned output', value: outcome.value }));
    }
    value = checkedOutput.value;
  }
  const result = output.validate(value);
  if (!result.success) {
    return failed(
      runId,
      validationMessage(`Workflow output validation failed for ${id}`, result.issues, 'Returned output', value),
    );
  }
  return { status: 'success', runId, result: result.value };
}

/** Checks the resume data against the suspended step's schema, then runs on from that step. */
async function resumeRun(
  parts: WorkflowParts,
  {
    runId,
    resumeData,
    abortSignal,
    suspended: given,
  }: Parameters<Workflow['resume']>[0] & { abortSignal: AbortSignal },
): Promise<WorkflowRunResult> {
  const { id, steps, store } = parts;
  const suspended = given ?? (await store.get(runId));
  if (!suspended || suspended.workflowId !== id || !steps[suspended.stepIndex]) {
    throw new StudioError('not_found', `Workflow "${id}" has no suspended run "${runId}".`, {
      workflowId: id,
      runId,
    });
  }
  const step = steps[suspended.stepIndex]!;
  const checked = step.schemas.resume?.validate(resumeData);
  if (checked && !checked.success) {
    const details = validationMessage(
      `Step resume data validation failed for ${step.id}`,
      checked.issues,
      'Provided resume data',
      resumeData,
    );
    throw new StudioError('invalid_input', details.message, {
      issues: details.issues.map((issue) => ({
        ...issue,
        path: issue.path === 'root' ? 'resumeData' : `resumeData.${issue.path}`,
      })),
    });
  }
  await store.delete(runId);
  return runFrom(parts, {
    runId,
    stepIndex: suspended.stepIndex,
    inputData: suspended.inputData,
    requestContext: suspended.requestContext,
    resumeData: checked ? checked.value : resumeData,
    abortSignal,
  });
}

export function createWorkflow(options: WorkflowOptions): Workflow {
  const input = normalizeSchema({ schema: options.inputSchema, toolId: `workflow ${options.id}`, role: 'inputSchema' });
  const output = normalizeSchema({
    schema: options.outputSchema,
    toolId: `workflow ${options.id}`,
    role: 'outputSchema',
  });
  checkDefinition(options, input, output);
  const { id, steps } = options;
  const parts: WorkflowParts = { id, steps, input, output, store: options.runStore ?? memoryRunStore() };
  const neverAborted = new AbortController().signal;

  const workflow: Workflow = {
    id,
    description: options.description,
    steps: Object.freeze([...steps]),
    schemas: { input, output },
    async run({ inputData, requestContext = {}, abortSignal = neverAborted, runId = randomUUID() }) {
      const checked = input.validate(inputData);
      if (!checked.success) {
        return failed(
          runId,
          validationMessage(`Workflow input validation failed for ${id}`, checked.issues, 'Provided input', inputData),
        );
      }
      return runFrom(parts, { runId, stepIndex: 0, inputData: checked.value, requestContext, abortSignal });
    },
    resume: ({ abortSignal = neverAborted, ...request }) => resumeRun(parts, { ...request, abortSignal }),
  };
  return Object.freeze(workflow);
}
