/**
 * Evaluates rules against a request context with json-logic-js. This is the only module that
 * imports json-logic-js: it registers our operations once, on the library's global table, and
 * replaces its `var` with one that reads own properties only.
 */
import jsonLogic from 'json-logic-js';
import { compileRules, type JsonLogicExpression } from './compile';
import { customOperations, ownPropertyVar } from './custom-operations';
import { createRuleBudget, isBudgetSpent, type RuleBudget } from './rule-budget';
import type { Rules } from './types';

for (const [name, operation] of Object.entries(customOperations)) {
  jsonLogic.add_operation(name, operation as (...args: unknown[]) => unknown);
}
jsonLogic.add_operation('var', ownPropertyVar as (...args: unknown[]) => unknown);

export type RuleOutcome = 'matched' | 'not_matched' | 'budget_exceeded';

type Apply = (logic: unknown, data: unknown) => unknown;

/** Thrown by the counting `apply` to unwind an evaluation that ran out of budget. */
class BudgetExceeded extends Error {}

/**
 * Characters that cost one more step: of `studio_literal` JSON text (parsing it is work too), and
 * of a text an operation builds (`cat` of context values can make megabytes in one step).
 */
const charactersPerStep = 64;

function stepsOf(logic: unknown): number {
  if (logic === null || typeof logic !== 'object' || !('studio_literal' in logic)) return 1;
  const text = JSON.stringify((logic as { studio_literal: unknown }).studio_literal) ?? '';
  return 1 + Math.floor(text.length / charactersPerStep);
}

/** Operations whose answer is a text they built, as long as their inputs together. */
const textBuilders = new Set(['cat', 'substr']);

/** What building `result` cost, counted once it is built: the next step is refused if it was too much. */
function builtTextSteps(logic: unknown, result: unknown): number {
  if (typeof result !== 'string' || logic === null || typeof logic !== 'object') return 0;
  const operator = Object.keys(logic)[0];
  return operator !== undefined && textBuilders.has(operator) ? Math.floor(result.length / charactersPerStep) : 0;
}

/**
 * `jsonLogic.apply` with every step counted against `budget`. json-logic-js evaluates every node,
 * argument and array item (each `some` test included) through a call to `jsonLogic.apply`, so
 * counting those calls counts the work. The library offers no other hook for it; the counting
 * function is put in place for this one synchronous call and the original is always restored
 * before returning, so nothing else ever sees it.
 */
function applyCounted(expression: JsonLogicExpression, context: unknown, budget: RuleBudget): unknown {
  const library = jsonLogic as unknown as { apply: Apply };
  const original = library.apply;
  library.apply = (logic, data) => {
    budget.spent += stepsOf(logic);
    if (budget.spent > budget.limit) throw new BudgetExceeded();
    const result = original(logic, data);
    budget.spent += builtTextSteps(logic, result);
    if (budget.spent > budget.limit) throw new BudgetExceeded();
    return result;
  };
  try {
    return library.apply(expression, context);
  } finally {
    library.apply = original;
  }
}

/**
 * Applies a compiled JSON Logic expression under `budget` and reads the result as JSON Logic
 * truthiness. Never throws.
 */
export function evaluateJsonLogic(
  expression: JsonLogicExpression,
  context: unknown,
  budget: RuleBudget = createRuleBudget(),
): RuleOutcome {
  if (isBudgetSpent(budget)) return 'budget_exceeded';
  try {
    return jsonLogic.truthy(applyCounted(expression, context ?? {}, budget)) ? 'matched' : 'not_matched';
  } catch (error) {
    if (error instanceof BudgetExceeded) {
      budget.spent = budget.limit;
      return 'budget_exceeded';
    }
    // Validation at save time rejects every shape known to throw; should one slip through, the
    // rule does not match rather than failing the whole resolution.
    return 'not_matched';
  }
}

/**
 * How `rules` come out for the request context. Absent rules always match. A rule group compiles to
 * a small JSON Logic object (no parsing, no code generation), so it is compiled on every call.
 * `budget` is the request's (shared by all its rules); without one the call gets its own.
 */
export function ruleOutcome({
  rules,
  context,
  budget,
}: {
  rules: Rules | undefined;
  context: unknown;
  budget?: RuleBudget;
}): RuleOutcome {
  if (rules === undefined) return 'matched';
  let expression: JsonLogicExpression;
  try {
    expression = compileRules(rules);
  } catch {
    // Only stored data the schema would refuse gets here (say, a group without `conditions`).
    return 'not_matched';
  }
  return evaluateJsonLogic(expression, context, budget);
}

/** Whether `rules` pass for the request context (a rule stopped by the budget does not). */
export function evaluateRules(request: { rules: Rules | undefined; context: unknown; budget?: RuleBudget }): boolean {
  return ruleOutcome(request) === 'matched';
}
