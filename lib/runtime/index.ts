/** The runtime: resolve agents per request, run them on the AI SDK, keep and continue their runs. */
export {
  createRuntime,
  type DetailedResolution,
  type DraftVersion,
  type Resolution,
  type ResolveOptions,
  type Runtime,
  type RuntimeDependencies,
} from './runtime';
export type { CodeAgent, CodeAgentRegistry } from './code-agent';
export { findVersionFor, type AgentVersionReader } from './find-version';
export { createResolutionCache, type CachedResolution, type ResolutionCache } from './resolution-cache';
export {
  builtInProviderNames,
  createModelRegistry,
  type LanguageModelObject,
  type ModelRegistry,
} from './model-registry';
export { createMemoryRunStore, type RunStore } from './run-store';
export { createStoredRunStore } from './stored-run-store';
export { createMemoryTaskStore, createStoredTaskStore, type TaskStore } from './task-store';
export type { TaskItem, TaskStatus } from './task-list';
export { type LoadAgentOptions, type RunView, type Runs } from './agent-runs';
export { createRunnableAgent, streamRun, type AgentStream, type RunnableAgent } from './runnable-agent';
export { createRunner, runFailure, type Continuation, type Runner } from './runner';
export {
  diffReplay,
  isEmptyDiff,
  type ReplayDiff,
  type ReplayRequest,
  type ReplayResult,
  type ReplaySelector,
  type ReplayedCall,
} from './replay';
export { startRunRetention, type RunRetention } from './run-retention';
export { startRepeatingWork } from './repeating-work';
export { startInterruptedRunSweep, type InterruptedRunSweep } from './interrupted-runs';
export { startProcessLiveness, type ProcessLiveness } from './process-liveness';
export type { ListedStatus, RunListItem, RunListPage, RunListRequest } from './run-list';
export { defaultMaxSteps, mergeHooks, type RunEnvironment } from './run-environment';
export type {
  ObservedCallOutcome,
  ObservedModel,
  ObservedRunEnd,
  RunObservation,
  RunObserver,
  ToolCallObservation,
} from './run-observer';
export { declinedMessage } from './tool-call-runner';
export type {
  ClientToolDefinition,
  ContinuationOptions,
  ContinuationParty,
  PendingCall,
  PendingKind,
  PrepareStep,
  RunCaller,
  RunChunk,
  RunChunkType,
  RunIdentity,
  RunOptions,
  RunResult,
  RunStatus,
  RunToolCall,
  RunToolResult,
  RunUsage,
  StepPreparation,
  ToolChoice,
  TranscriptEntry,
  VersionIdentity,
} from './run-types';
export { versionIdentityOf } from './run-types';
export type { RecordedStep, RecordedToolCall, RunRecord } from './run-record';
