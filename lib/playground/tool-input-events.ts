/**
 * The UI adapter for streamed tool arguments. The run streams `tool-call-input-streaming-start`,
 * `tool-call-delta` and `tool-call-input-streaming-end` chunks; a chat UI wants `tool_input_start`,
 * `tool_input_delta` (with the arguments so far, parsed from incomplete JSON by the accumulating
 * `partial-json` parser) and `tool_input_end` (with the complete arguments). Every other chunk is
 * handed on unchanged as `{ type: 'chunk', chunk }`, so one switch over the events drives the UI.
 */
import { parsePartialToolInput } from '../tools/tool-input-stream';
import type { RunChunk } from '../runtime/run-types';

export type UiEvent =
  | { type: 'tool_input_start'; toolCallId: string; toolName: string }
  | { type: 'tool_input_delta'; toolCallId: string; toolName: string; delta: unknown; partialInput: unknown }
  | { type: 'tool_input_end'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'chunk'; chunk: RunChunk };

export interface ToolInputAdapter {
  /** The UI events for one chunk (in order). */
  push(chunk: RunChunk): UiEvent[];
}

export function createToolInputAdapter(): ToolInputAdapter {
  // Accumulated argument text per call; a shaped (non-text) delta replaces the view instead.
  const calls = new Map<string, { text: string; view: unknown }>();
  return {
    push(chunk) {
      switch (chunk.type) {
        case 'tool-call-input-streaming-start':
          calls.set(chunk.payload.toolCallId, { text: '', view: undefined });
          return [{ type: 'tool_input_start', ...chunk.payload }];
        case 'tool-call-delta': {
          const { toolCallId, toolName, argsTextDelta } = chunk.payload;
          const call = calls.get(toolCallId) ?? { text: '', view: undefined };
          if (typeof argsTextDelta === 'string') {
            call.text += argsTextDelta;
            call.view = parsePartialToolInput(call.text) ?? call.view;
          } else call.view = argsTextDelta;
          calls.set(toolCallId, call);
          return [{ type: 'tool_input_delta', toolCallId, toolName, delta: argsTextDelta, partialInput: call.view }];
        }
        case 'tool-call-input-streaming-end': {
          const { toolCallId, toolName } = chunk.payload;
          const call = calls.get(toolCallId);
          calls.delete(toolCallId);
          return [{ type: 'tool_input_end', toolCallId, toolName, input: call?.view }];
        }
        default:
          return [{ type: 'chunk', chunk }];
      }
    },
  };
}
