/** Time limits of the loaders: per-source timeouts and the overall deadline, failures as values. */
import { describe, expect, it } from 'vitest';
import { raceDeadline, settleWithin } from '@/lib/sources/settle';

const never = new Promise<never>(() => {});

describe('settleWithin', () => {
  it.each<{ name: string; run: () => unknown; expected: unknown }>([
    { name: 'a value', run: async () => 7, expected: { ok: true, value: 7 } },
    { name: 'a synchronous value', run: () => 'now', expected: { ok: true, value: 'now' } },
    {
      name: 'a rejection',
      run: async () => Promise.reject(new Error('HTTP 500')),
      expected: { ok: false, message: 'HTTP 500' },
    },
    {
      name: 'a synchronous throw',
      run: () => {
        throw new Error('boom');
      },
      expected: { ok: false, message: 'boom' },
    },
    { name: 'a hang', run: () => never, expected: { ok: false, message: 'resolving tools timed out after 20 ms' } },
  ])('$name', async ({ run, expected }) => {
    await expect(settleWithin({ run, timeoutMs: 20, what: 'resolving tools' })).resolves.toEqual(expected);
  });
});

describe('raceDeadline', () => {
  it('answers undefined when the work succeeds in time', async () => {
    await expect(raceDeadline({ work: Promise.resolve('done'), timeoutMs: 50 })).resolves.toBeUndefined();
  });

  it("answers the failure's message, not the deadline, when the work fails in time", async () => {
    await expect(raceDeadline({ work: Promise.reject(new Error('x')), timeoutMs: 50 })).resolves.toBe('x');
    await expect(raceDeadline({ work: Promise.reject('not an Error'), timeoutMs: 50 })).resolves.toBe('not an Error');
  });

  it('names the deadline when it passes first', async () => {
    await expect(raceDeadline({ work: never, timeoutMs: 20 })).resolves.toBe('the resolution deadline of 20 ms passed');
  });

  it("stops waiting when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const raced = raceDeadline({ work: never, timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error('client went away'));
    await expect(raced).resolves.toBe('client went away');
  });
});
