/**
 * What a chat UI needs to show a run as it streams: read the Server-Sent Events of the run routes
 * as typed chunks, and map streamed tool arguments to `tool_input_start/delta/end` events with the
 * arguments parsed while they arrive. Pure and free of Node APIs, so the editor's browser code uses it.
 */
export { readRunEvents } from './read-run-events';
export { createToolInputAdapter, type ToolInputAdapter, type UiEvent } from './tool-input-events';
export {
  addUserMessage,
  applyEvent,
  continueRun,
  emptyConversation,
  failRun,
  historyMessages,
  markDeclined,
  pendingCalls,
  type ChatItem,
  type Conversation,
  type ConversationError,
  type HistoryMessage,
  type RunPhase,
  type ToolCallState,
  type ToolCallView,
} from './conversation';
export { conversationOfTranscript } from './transcript-conversation';
export { planDecision, questionAnswer, suspendedForm, type QuestionOption, type SuspendedForm } from './suspended-form';
export type { PendingCall, RunChunk, RunIdentity, RunResult } from '../runtime/run-types';
export type { JsonSchema } from '../tools';
