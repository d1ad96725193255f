/**
 * The transcript as stored with a run. Most transcripts say again what the messages say (the
 * user's messages, each step's tool calls, their results, the step's text) because no tool has a
 * transcript transform and nothing paused; storing both doubled the row. Such a transcript is
 * stored as a marker and rebuilt from the stored messages when the run is read. Whether it may be
 * is checked on every write by comparing the rebuilt transcript with the real one, so a run reads
 * back exactly as it was recorded; any other transcript (transforms, approvals, suspensions,
 * background tasks, values JSON would change) is stored whole, as rows written before were.
 */
import type { ModelMessage } from 'ai';
import type { TranscriptEntry } from './run-types';

/** Stored in place of a transcript that the run's messages rebuild. */
export const transcriptFromMessages = 'messages';

export type StoredTranscript = TranscriptEntry[] | typeof transcriptFromMessages;

/** A tool result's transcript value and error flag from what the model got (the run's own shapes). */
function resultOf(output: unknown): { result: unknown; isError: boolean } | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const { type, value } = output as { type?: unknown; value?: unknown };
  if (type === 'json' || type === 'text') return { result: value, isError: false };
  if (type === 'error-json') return { result: value, isError: true };
  if (type === 'error-text') return { result: { message: value }, isError: true };
  return undefined;
}

/**
 * The transcript the messages describe: user messages, then for each step its tool calls, their
 * results and its text. Undefined when the messages hold anything else the transcript would not
 * say this way (provider-executed tools, files, approval parts).
 */
export function transcriptOfMessages(messages: ReadonlyArray<ModelMessage>): TranscriptEntry[] | undefined {
  const entries: TranscriptEntry[] = [];
  // A step's text follows its results (the order the loop records them in).
  let stepText = '';
  const closeStep = () => {
    if (stepText) entries.push({ type: 'text', text: stepText });
    stepText = '';
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      closeStep();
      entries.push({ type: 'user', content: message.content });
    } else if (message.role === 'assistant') {
      closeStep();
      if (typeof message.content === 'string') {
        stepText = message.content;
        continue;
      }
      for (const part of message.content) {
        if (part.type === 'text') stepText += part.text;
        else if (part.type === 'reasoning') continue;
        else if (part.type === 'tool-call' && !part.providerExecuted) {
          entries.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, args: part.input });
        } else return undefined;
      }
    } else {
      for (const part of message.content) {
        if (part.type !== 'tool-result') return undefined;
        const shown = resultOf(part.output);
        if (!shown) return undefined;
        entries.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          result: shown.result,
          isError: shown.isError,
        });
      }
    }
  }
  closeStep();
  return entries;
}

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Whether two values are the same JSON text, key order included, for plain JSON values only:
 * anything JSON would change or drop (undefined, functions, dates, class instances, non-finite
 * numbers) counts as different, so such a transcript is stored as it is.
 */
export function sameJson(left: unknown, right: unknown): boolean {
  // Often the very same value (a call's arguments): it only has to be plain JSON.
  if (left === right) return isPlainJson(left);
  if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!sameJson(left[index], right[index])) return false;
    return true;
  }
  if (Array.isArray(right) || !isPlainObject(left) || !isPlainObject(right)) return false;
  const rightKeys = Object.keys(right);
  let index = 0;
  for (const key in left) {
    if (key !== rightKeys[index]) return false;
    if (!sameJson((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key])) return false;
    index++;
  }
  return index === rightKeys.length;
}

/** A value JSON writes and reads back unchanged. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (!isPlainJson(value[index])) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** What to store for a run's transcript. */
export function storedTranscript(
  transcript: TranscriptEntry[],
  messages: ReadonlyArray<ModelMessage>,
): StoredTranscript {
  const rebuilt = transcriptOfMessages(messages);
  return rebuilt && sameJson(rebuilt, transcript) ? transcriptFromMessages : transcript;
}

/** The transcript of a stored run (rows written before the marker hold the whole transcript). */
export function readTranscript(stored: StoredTranscript, messages: ReadonlyArray<ModelMessage>): TranscriptEntry[] {
  if (stored !== transcriptFromMessages) return stored;
  const rebuilt = transcriptOfMessages(messages);
  // Only written when the rebuild matched; a row that says otherwise was changed by hand.
  if (!rebuilt) throw new Error('A stored run marks its transcript as its messages, which do not describe one.');
  return rebuilt;
}
