/**
 * The write path decides whether a transcript is stored as a marker by walking the messages and the
 * transcript together. Its answer must be exactly the definition: the messages rebuild a transcript
 * with the same JSON text, key order included (`sameJsonText(transcriptOfMessages(messages), transcript)`).
 */
import fc from 'fast-check';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  sameJsonText,
  storedTranscript,
  transcriptFromMessages,
  transcriptOfMessages,
} from '@/lib/runtime/stored-transcript';
import type { TranscriptEntry } from '@/lib/runtime/run-types';

const json = fc.jsonValue({ maxDepth: 2 });
const name = fc.constantFrom('lookup', 'convert');
const callId = fc.constantFrom('call-1', 'call-2', 'call-3');

const output = fc.oneof(
  fc.record({ type: fc.constantFrom('json', 'error-json'), value: json }),
  fc.record({ type: fc.constantFrom('text', 'error-text'), value: fc.string({ maxLength: 5 }) }),
  fc.record({ type: fc.constant('content'), value: fc.constant([]) }),
);

const message: fc.Arbitrary<ModelMessage> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.string({ maxLength: 5 }) }),
  fc.record({ role: fc.constant('system' as const), content: fc.string({ maxLength: 5 }) }),
  fc.record({ role: fc.constant('assistant' as const), content: fc.string({ maxLength: 5 }) }),
  fc.record({
    role: fc.constant('assistant' as const),
    content: fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('text' as const), text: fc.string({ maxLength: 5 }) }),
        fc.record({ type: fc.constant('tool-call' as const), toolCallId: callId, toolName: name, input: json }),
        fc.record({
          type: fc.constant('tool-call' as const),
          toolCallId: callId,
          toolName: name,
          input: json,
          providerExecuted: fc.constant(true),
        }),
      ),
      { maxLength: 3 },
    ),
  }),
  fc.record({
    role: fc.constant('tool' as const),
    content: fc.array(
      fc.record({ type: fc.constant('tool-result' as const), toolCallId: callId, toolName: name, output }),
      { maxLength: 3 },
    ),
  }),
) as fc.Arbitrary<ModelMessage>;

/** A transcript near the one the messages describe: the same, reordered, changed or with other keys. */
function transcriptNear(messages: ModelMessage[]): fc.Arbitrary<unknown[]> {
  const rebuilt = transcriptOfMessages(messages) ?? [];
  return fc.oneof(
    fc.constant(rebuilt),
    fc.constant(JSON.parse(JSON.stringify(rebuilt)) as TranscriptEntry[]),
    fc.constant([...rebuilt].reverse()),
    fc.constant(rebuilt.slice(1)),
    fc.constant<unknown[]>([...rebuilt, { type: 'text', text: 'more' }]),
    // Keys in another order, an extra key, a value JSON would change.
    fc.constant(rebuilt.map((entry) => Object.fromEntries(Object.entries(entry).reverse()))),
    fc.constant(rebuilt.map((entry) => ({ ...entry, extra: 1 }))),
    fc.constant(rebuilt.map((entry) => (entry.type === 'tool-call' ? { ...entry, args: new Date(0) } : entry))),
    fc.array(
      fc.record({
        type: fc.constant('text' as const),
        text: fc.string({ maxLength: 5 }),
      }) as fc.Arbitrary<TranscriptEntry>,
      { maxLength: 3 },
    ),
  );
}

describe('whether a transcript is stored as its messages', () => {
  it('answers exactly what comparing the rebuilt transcript with sameJsonText answers', () => {
    const cases = fc
      .array(message, { maxLength: 6 })
      .chain((messages) => transcriptNear(messages).map((transcript) => ({ messages, transcript })));
    fc.assert(
      fc.property(cases, ({ messages, transcript }) => {
        const rebuilt = transcriptOfMessages(messages);
        const expected = rebuilt !== undefined && sameJsonText(rebuilt, transcript);
        expect(storedTranscript(transcript as TranscriptEntry[], messages) === transcriptFromMessages).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
