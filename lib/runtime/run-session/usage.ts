import type { RunUsage } from '../run-types';

/** Token counts as the AI SDK reports them (a provider may leave any of them out). */
export interface UsageOfSdk {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export function toRunUsage(usage: UsageOfSdk): RunUsage {
  const inputTokens = usage.inputTokens ?? 0;
  const outputTokens = usage.outputTokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens };
}
