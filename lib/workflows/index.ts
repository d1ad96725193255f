/**
 * Workflows: `createStep` and `createWorkflow`. A workflow runs its steps in order and may suspend;
 * exposing workflows to agents as `workflow-<key>` tools builds on this module.
 */
export { createStep } from './create-step';
export { createWorkflow, type Workflow, type WorkflowOptions } from './create-workflow';
export { schemaMismatches } from './schema-compatibility';
export type {
  AnyStep,
  Step,
  StepExecuteArguments,
  StepOptions,
  SuspendedWorkflowRun,
  WorkflowError,
  WorkflowRunResult,
  WorkflowRunStore,
} from './workflow-types';
export { createWorkflowRegistry, type WorkflowRegistry } from './workflow-registry';
