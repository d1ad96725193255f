/**
 * The span attribute names runs are exported with. The `gen_ai.*` names are the OpenTelemetry GenAI
 * semantic conventions (still incubating, so copied here as the conventions' authors advise rather
 * than imported from `@opentelemetry/semantic-conventions/incubating`); `studio.*` names are ours.
 */
export const genAi = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentId: 'gen_ai.agent.id',
  agentVersion: 'gen_ai.agent.version',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
} as const;

/** `error.type` (stable semantic conventions): what kind of failure ended a span. */
export const errorType = 'error.type';

export const studio = {
  agentId: 'studio.agent.id',
  versionNumber: 'studio.version.number',
  versionLabel: 'studio.version.label',
  resolvedToolsHash: 'studio.resolved_tools_hash',
  runId: 'studio.run.id',
  threadId: 'studio.thread.id',
  resourceId: 'studio.resource.id',
  /** This span is a continuation of a paused run (approve, decline, resume, client results). */
  runContinued: 'studio.run.continued',
  runStatus: 'studio.run.status',
  runPaused: 'studio.run.paused',
  pendingCalls: 'studio.run.pending_calls',
  stepNumber: 'studio.step.number',
  /** How a continuation answered a paused call: `approve`, `decline`, `resume`, `tool-results`. */
  toolAnswering: 'studio.tool.answering',
  /** Why a call left the run waiting: `approval`, `suspended`, `client`. */
  toolPending: 'studio.tool.pending',
  logLevel: 'studio.log.level',
} as const;
