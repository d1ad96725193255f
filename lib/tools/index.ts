/**
 * Tools: `createTool`, schema normalisation (Standard JSON Schema or plain JSON Schema), the tool's
 * own steps of a call, lifecycle hooks, model output, transforms and the registry. A leaf module:
 * no IO, no database, no clock.
 */
export { createTool } from './create-tool';
export type {
  RequireApproval,
  Tool,
  ToolAnnotations,
  ToolBackgroundOptions,
  ToolExecuteFunction,
  ToolExecution,
  ToolMcpOptions,
  ToolOptions,
} from './tool-types';
export { ToolDefinitionError } from './tool-definition-error';
export { linearRegExp, re2Problem, UnsupportedPatternError } from './linear-regexp';
export {
  findSchemaPatterns,
  findUnsupportedPatterns,
  formatPatternPath,
  withoutUnsupportedPatterns,
  type SchemaPattern,
  type UnsupportedPattern,
} from './schema-patterns';

export { normalizeSchema, type SchemaRole } from './normalize-schema';
export { decodeJsonPointer } from './json-schema-validator';
export type {
  JsonSchema,
  NormalizedSchema,
  SchemaInput,
  SchemaIssue,
  SchemaOutput,
  SchemaValidationResult,
  ToolSchema,
  ToolSchemas,
} from './schema-types';

export {
  createValidationError,
  formatIssuePath,
  isToolValidationError,
  previewValue,
  validationSummary,
  type ToolValidationError,
  type ValidationKind,
} from './validation-error';

export {
  callerAbortSignal,
  createToolExecutionContext,
  freezeRequestContext,
  noopObserve,
  type AgentToolContext,
  type McpToolContext,
  type RunFiles,
  type RequestContext,
  type ToolContextInput,
  type ToolExecutionContext,
  type ToolObserve,
  type ToolStreamWriter,
  type WorkflowToolContext,
} from './execution-context';

export { executePreparedToolCall, executeTool, prepareToolCall, type PreparedToolCall } from './execute-tool';
export { runToolCall, type AfterExecute, type BeforeExecute, type ToolCallOutcome } from './run-tool-call';

export {
  callLifecycleHook,
  lifecycleHookNames,
  type LifecycleHookArguments,
  type LifecycleHookName,
  type OnInputAvailableArguments,
  type OnInputDeltaArguments,
  type OnInputStartArguments,
  type OnOutputArguments,
  type ToolLifecycleHooks,
} from './lifecycle-hooks';

export {
  createModelOutput,
  modelOutputForError,
  normalizeModelOutput,
  type ToModelOutputResult,
  type ToolContentPart,
  type ToolContentPartInput,
  type ToolModelOutput,
} from './model-output';

export {
  rawPayloadOf,
  resolveTransform,
  transformPlaceholder,
  type ToolTransform,
  type ToolTransformPhases,
  type TransformFunction,
  type TransformOutcome,
  type TransformPhase,
  type TransformPhaseArguments,
  type TransformTarget,
} from './transform';

export {
  createToolInputStream,
  parsePartialToolInput,
  type ToolInputDeltaViews,
  type ToolInputStream,
} from './tool-input-stream';

export { defaultToolAnnotations, effectiveToolAnnotations, type EffectiveToolAnnotations } from './annotations';
export { describeTool, type ToolDescription } from './describe-tool';
export { createToolRegistry, type ToolRegistry } from './tool-registry';
export { setOwnProperty } from './plain-copy';
export { isThenable } from './thenable';
export { callTool, type ToolCallResult } from './call-tool';
export { isValidToolName, maxToolNameLength, toModelToolName } from './model-tool-name';
