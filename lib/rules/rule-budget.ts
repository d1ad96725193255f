/**
 * The work budget of rule evaluation (docs/storage.md, "Rules"). Save-time limits bound what a rule
 * looks like, but a rule still walks arrays from the request context, so one request gets a budget
 * of evaluation steps shared by every rule evaluated for it. A rule that would go past it stops and
 * counts as not matching, and so does every rule after it; `stopped` names them for the warnings.
 */

/** Evaluation steps one request may spend on all its rules together. */
export const ruleStepLimit = 100_000;

export interface RuleBudget {
  readonly limit: number;
  /** Steps spent so far. */
  spent: number;
  /** Where the rules that were stopped live (e.g. `tools[2].rules`), in evaluation order. */
  readonly stopped: string[];
}

/** One per request (never shared between requests: it is spent as rules run). */
export function createRuleBudget({ limit = ruleStepLimit }: { limit?: number } = {}): RuleBudget {
  return { limit, spent: 0, stopped: [] };
}

export const isBudgetSpent = (budget: RuleBudget) => budget.spent >= budget.limit;
