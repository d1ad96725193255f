import { describe, expect, it } from 'vitest';
import { toRunUsage } from '@/lib/runtime/run-session/usage';

describe("a run's token counts", () => {
  it('keeps what the provider reports, adding up a total it leaves out', () => {
    expect(toRunUsage({ inputTokens: 10, outputTokens: 5 })).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
    });
    expect(toRunUsage({ inputTokens: 10, outputTokens: 5, totalTokens: 17 })).toMatchObject({ totalTokens: 17 });
  });

  it.each([
    ['left out', {}],
    ['negative', { inputTokens: -3, outputTokens: -3, totalTokens: -6 }],
    ['not whole', { inputTokens: 2.5, outputTokens: Number.NaN, totalTokens: Number.POSITIVE_INFINITY }],
  ])('counts nothing for counts %s, never a negative or broken number', (_case, usage) => {
    expect(toRunUsage(usage)).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  });
});
