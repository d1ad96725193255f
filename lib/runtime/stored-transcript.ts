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
import { isPlainRecord } from '../is-record';

/** Stored in place of a transcript that the run's messages rebuild. */
export const transcriptFromMessages = 'messages';

export type StoredTranscript = TranscriptEntry[] | typeof transcriptFromMessages;

/** What each kind of entry holds, in the order the loop writes its keys. */
interface EntryVisitor {
  user(content: unknown): boolean;
  toolCall(toolCallId: string, toolName: string, args: unknown): boolean;
  toolResult(toolCallId: string, toolName: string, result: unknown, isError: boolean): boolean;
  text(text: string): boolean;
}

/**
 * Visits the entries the messages describe: user messages, then for each step its tool calls, their
 * results and its text. False when the messages hold anything else the transcript would not say
 * this way (provider-executed tools, files, approval parts), or when the visitor stops.
 */
function visitEntries(messages: ReadonlyArray<ModelMessage>, visit: EntryVisitor): boolean {
  // A step's text follows its results (the order the loop records them in).
  let stepText = '';
  const closeStep = () => {
    const text = stepText;
    stepText = '';
    return !text || visit.text(text);
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'user') {
      if (!closeStep() || !visit.user(message.content)) return false;
    } else if (message.role === 'assistant') {
      if (!closeStep()) return false;
      if (typeof message.content === 'string') {
        stepText = message.content;
        continue;
      }
      for (const part of message.content) {
        if (part.type === 'text') stepText += part.text;
        else if (part.type === 'reasoning') continue;
        else if (part.type === 'tool-call' && !part.providerExecuted) {
          if (!visit.toolCall(part.toolCallId, part.toolName, part.input)) return false;
        } else return false;
      }
    } else {
      for (const part of message.content) {
        if (part.type !== 'tool-result') return false;
        // A result's transcript value and error flag from what the model got (the run's own shapes).
        const output = part.output as unknown;
        if (typeof output !== 'object' || output === null) return false;
        const { type, value } = output as { type?: unknown; value?: unknown };
        const visited =
          type === 'json' || type === 'text'
            ? visit.toolResult(part.toolCallId, part.toolName, value, false)
            : type === 'error-json'
              ? visit.toolResult(part.toolCallId, part.toolName, value, true)
              : type === 'error-text'
                ? visit.toolResult(part.toolCallId, part.toolName, { message: value }, true)
                : false;
        if (!visited) return false;
      }
    }
  }
  return closeStep();
}

/** The transcript the messages describe, or undefined when they describe none. */
export function transcriptOfMessages(messages: ReadonlyArray<ModelMessage>): TranscriptEntry[] | undefined {
  const entries: TranscriptEntry[] = [];
  const described = visitEntries(messages, {
    user: (content) => entries.push({ type: 'user', content } as TranscriptEntry) > 0,
    toolCall: (toolCallId, toolName, args) => entries.push({ type: 'tool-call', toolCallId, toolName, args }) > 0,
    toolResult: (toolCallId, toolName, result, isError) =>
      entries.push({ type: 'tool-result', toolCallId, toolName, result, isError }) > 0,
    text: (text) => entries.push({ type: 'text', text }) > 0,
  });
  return described ? entries : undefined;
}

/**
 * Whether two values are the same JSON text, key order included, for plain JSON values only:
 * anything JSON would change or drop (undefined, functions, dates, class instances, non-finite
 * numbers) counts as different, so such a transcript is stored as it is.
 */
export function sameJsonText(left: unknown, right: unknown): boolean {
  // Often the very same value (a call's arguments): it only has to be plain JSON.
  if (left === right) return isPlainJson(left);
  if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!sameJsonText(left[index], right[index])) return false;
    return true;
  }
  if (!isPlainRecord(left) || !isPlainRecord(right)) return false;
  const rightKeys = Object.keys(right);
  let index = 0;
  for (const key in left) {
    if (key !== rightKeys[index]) return false;
    if (!sameJsonText(left[key], right[key])) return false;
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
  if (!isPlainRecord(value)) return false;
  for (const key in value) if (!isPlainJson(value[key])) return false;
  return true;
}

/** What to store for a run's transcript. */
export function storedTranscript(
  transcript: TranscriptEntry[],
  messages: ReadonlyArray<ModelMessage>,
): StoredTranscript {
  return describesTranscript(messages, transcript) ? transcriptFromMessages : transcript;
}

/**
 * Whether the messages rebuild exactly this transcript: what `sameJsonText(transcriptOfMessages(...),
 * transcript)` answers, entry by entry as the messages are walked, without building the rebuilt
 * entries (this runs on every write of a run).
 */
function describesTranscript(messages: ReadonlyArray<ModelMessage>, transcript: ReadonlyArray<unknown>): boolean {
  let index = 0;
  const described = visitEntries(messages, {
    user: (content) => entryIs(transcript[index++], userKeys, 'user', content),
    toolCall: (toolCallId, toolName, args) =>
      entryIs(transcript[index++], toolCallKeys, 'tool-call', toolCallId, toolName, args),
    toolResult: (toolCallId, toolName, result, isError) =>
      entryIs(transcript[index++], toolResultKeys, 'tool-result', toolCallId, toolName, result, isError),
    text: (text) => entryIs(transcript[index++], textKeys, 'text', text),
  });
  return described && index === transcript.length;
}

const userKeys = ['type', 'content'];
const toolCallKeys = ['type', 'toolCallId', 'toolName', 'args'];
const toolResultKeys = ['type', 'toolCallId', 'toolName', 'result', 'isError'];
const textKeys = ['type', 'text'];

/** `sameJsonText(entry, actual)` for the entry with these keys and values, without building it. */
function entryIs(actual: unknown, keys: ReadonlyArray<string>, ...values: unknown[]): boolean {
  if (!isPlainRecord(actual)) return false;
  // The entry's own keys in order, counted as they are walked (no array of them is made).
  let position = 0;
  for (const key in actual) {
    if (key !== keys[position]) return false;
    if (!sameJsonText(values[position], (actual as Record<string, unknown>)[key])) return false;
    position++;
  }
  return position === keys.length;
}

/** The transcript of a stored run (rows written before the marker hold the whole transcript). */
export function readTranscript(stored: StoredTranscript, messages: ReadonlyArray<ModelMessage>): TranscriptEntry[] {
  if (stored !== transcriptFromMessages) return stored;
  const rebuilt = transcriptOfMessages(messages);
  // Only written when the rebuild matched; a row that says otherwise was changed by hand.
  if (!rebuilt) throw new Error('A stored run marks its transcript as its messages, which do not describe one.');
  return rebuilt;
}
