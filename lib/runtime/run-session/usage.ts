import type { RunUsage } from '../run-types';

/** Token counts as the AI SDK reports them (a provider may leave any of them out). */
export interface UsageOfSdk {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** A count a provider reported, when it is one: a whole number of at least 0 (else none was given). */
const countOf = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;

export function toRunUsage(usage: UsageOfSdk): RunUsage {
  const inputTokens = countOf(usage.inputTokens) ?? 0;
  const outputTokens = countOf(usage.outputTokens) ?? 0;
  return { inputTokens, outputTokens, totalTokens: countOf(usage.totalTokens) ?? inputTokens + outputTokens };
}
