/**
 * The warnings of rules the request's work budget stopped (docs/resolution.md): one per stopped
 * rule, naming where it lives; its variant or prompt block counted as not matching.
 */
import type { RuleBudget } from '../rules';
import type { ResolutionWarning } from './types';

export function ruleBudgetWarnings(budget: RuleBudget): ResolutionWarning[] {
  return budget.stopped.map((ref) => ({
    code: 'rule_budget_exceeded',
    message: `The rule at ${ref} was not evaluated: this request's rules used up their budget of ${budget.limit} evaluation steps, so its variant counts as not matching`,
    source: 'rules',
    ref,
  }));
}
