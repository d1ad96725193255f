/**
 * A workflow as a tool the model calls (`workflow-<key>`): input `{ inputData }` (the workflow's
 * input schema), output `{ result, runId }` or `{ runId, error }`. A suspended step suspends the
 * call, and with it the agent run; the payload carries what the step needs to continue (its id and
 * input), so the paused run resumes from storage even after a restart, with the resume data given
 * to the step.
 */
import { createTool, type Tool } from '../tools';
import type { SuspendedWorkflowRun, Workflow, WorkflowRunResult } from '../workflows';

/** What a workflow call suspends with (the stored payload of the paused call). */
export interface WorkflowSuspendPayload {
  workflowId: string;
  runId: string;
  step: string;
  suspendPayload: unknown;
  /** The suspended step's input, to run it again on resume. */
  stepInput: unknown;
}

function isWorkflowSuspension(value: unknown): value is WorkflowSuspendPayload {
  return typeof value === 'object' && value !== null && 'runId' in value && 'step' in value;
}

export function createWorkflowTool({ name, workflow }: { name: string; workflow: Workflow }): Tool {
  return createTool({
    id: name,
    description: workflow.description,
    inputSchema: {
      type: 'object',
      properties: { inputData: workflow.schemas.input.jsonSchema },
      required: ['inputData'],
      additionalProperties: false,
    },
    execute: async (input, context) => {
      const { inputData } = input as { inputData: unknown };
      const requestContext = { ...context.requestContext };
      const stored = context.agent?.suspendPayload;
      let outcome: WorkflowRunResult;
      if (context.agent?.resumeData !== undefined && isWorkflowSuspension(stored)) {
        const suspended: SuspendedWorkflowRun = {
          runId: stored.runId,
          workflowId: workflow.id,
          stepIndex: workflow.steps.findIndex((step) => step.id === stored.step),
          inputData: stored.stepInput,
          requestContext,
          suspendPayload: stored.suspendPayload,
        };
        outcome = await workflow.resume({
          runId: stored.runId,
          resumeData: context.agent.resumeData,
          abortSignal: context.abortSignal,
          suspended,
        });
      } else {
        outcome = await workflow.run({ inputData, requestContext, abortSignal: context.abortSignal });
      }
      switch (outcome.status) {
        case 'success':
          return { result: outcome.result, runId: outcome.runId };
        case 'failed':
          return { runId: outcome.runId, error: outcome.error };
        case 'suspended': {
          const payload: WorkflowSuspendPayload = {
            workflowId: workflow.id,
            runId: outcome.runId,
            step: outcome.step,
            suspendPayload: outcome.suspendPayload,
            stepInput: outcome.stepInput,
          };
          await context.agent?.suspend(payload);
          return undefined;
        }
      }
    },
  });
}
