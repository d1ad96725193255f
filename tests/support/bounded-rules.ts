/**
 * Work that once blocked the server for good, run by tests through `callWithTimeLimit` (in a
 * worker, so a regression times out instead of stalling the test run).
 */
import { evaluateRules, type Rules } from '@/lib/rules';

const hundredItems = { studio_literal: [JSON.stringify(Array.from({ length: 100 }, (_, index) => index))] };

/** `some` over 100 items, four deep: 10^8 tests (about 1.5 KB of JSON). */
export function nestedSomeRule(depth = 4): Rules {
  let test: unknown = { '===': [{ var: '' }, -1] };
  for (let level = 0; level < depth; level += 1) test = { some: [hundredItems, test] };
  return { jsonLogic: test };
}

export function evaluateNestedSome(): boolean {
  return evaluateRules({ rules: nestedSomeRule(), context: {} });
}
