import { describe, expect, it } from 'vitest';
import {
  elicitationAnswerSchema,
  elicitationSuspension,
  readElicitationSuspension,
  toElicitationAnswer,
} from '@/lib/mcp/convert';
import { routeElicitation, type OpenCall } from '@/lib/mcp/elicitation-routing';
import { createCallClock, DeadlineExceeded } from '@/lib/mcp/deadline';
import { normalizeSchema } from '@/lib/tools';

const requestedSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
  required: ['name'],
};
const answerSchema = normalizeSchema({
  schema: elicitationAnswerSchema(requestedSchema),
  toolId: 'ask',
  role: 'resumeSchema',
});

describe('elicitation answers', () => {
  it.each([
    ['accept with content fitting the schema', { action: 'accept', content: { name: 'Ada', age: 36 } }, true],
    ['decline', { action: 'decline' }, true],
    ['cancel', { action: 'cancel' }, true],
    ['accept without content', { action: 'accept' }, false],
    ['accept with a required field missing', { action: 'accept', content: { age: 3 } }, false],
    ['accept with a field of the wrong type', { action: 'accept', content: { name: 'Ada', age: 'old' } }, false],
    ['an unknown action', { action: 'later' }, false],
    ['no action', {}, false],
    ['a bare string', 'yes', false],
  ])('%s: valid = %s', (_name, resumeData, valid) => {
    expect(answerSchema.validate(resumeData).success).toBe(valid);
  });

  it('names the content field that does not fit', () => {
    const result = answerSchema.validate({ action: 'accept', content: { name: 'Ada', age: -1 } });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.issues.map((issue) => issue.path)).toContainEqual(['content', 'age']);
  });

  it.each([
    [
      { action: 'accept', content: { name: 'Ada' } },
      { action: 'accept', content: { name: 'Ada' } },
    ],
    [{ action: 'decline' }, { action: 'decline' }],
    [{ action: 'cancel' }, { action: 'cancel' }],
    // Never guessed into an acceptance.
    [{ action: 'accept' }, { action: 'cancel' }],
    [undefined, { action: 'cancel' }],
  ])('reads %j as the answer %j', (resumeData, answer) => {
    expect(toElicitationAnswer(resumeData)).toEqual(answer);
  });
});

describe('elicitation suspensions', () => {
  it('carry the kind, server, message and requested schema, and read back', () => {
    const payload = elicitationSuspension({ message: 'Your name?', requestedSchema }, 'local');
    expect(payload).toEqual({ kind: 'elicitation', serverName: 'local', message: 'Your name?', requestedSchema });
    expect(readElicitationSuspension(payload)).toEqual(payload);
  });

  it.each([undefined, null, 'text', { question: 'x' }, { kind: 'elicitation', message: 'x' }])(
    'are not read from %j',
    (payload) => {
      expect(readElicitationSuspension(payload)).toBeUndefined();
    },
  );
});

describe('routing an elicitation to the call it belongs to', () => {
  const handler = async () => ({ action: 'decline' as const });
  const asking: OpenCall = { onElicitation: handler };
  it.each<[string, OpenCall[], unknown]>([
    ['the only open call, which can ask', [asking], { handler }],
    ['no open call', [], { refused: 'no open call' }],
    ['several open calls (never guessed)', [asking, { onElicitation: handler }], { refused: 'several open calls' }],
    ['the only open call, with nobody to ask', [{}], { refused: 'nobody to ask' }],
  ])('%s', (_name, calls, route) => {
    expect(routeElicitation(new Set(calls))).toEqual(route);
  });
});

describe('a call clock', () => {
  it('does not run while paused', async () => {
    let now = 0;
    const clock = createCallClock({ timeoutMs: 50, now: () => now });
    now = 30;
    clock.pause();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(clock.signal.aborted).toBe(false);
    clock.resume();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(clock.signal.aborted).toBe(true);
    expect(clock.signal.reason).toBeInstanceOf(DeadlineExceeded);
    expect(clock.timedOut()).toBe(true);
    clock.dispose();
  });

  it('never fires once disposed', async () => {
    const clock = createCallClock({ timeoutMs: 10 });
    clock.dispose();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock.signal.aborted).toBe(false);
  });
});
