/**
 * `rule_budget`: a raw JSON Logic rule close to the bounds on its work (docs/storage.md, "Rules"):
 * within a fifth of the size limits, or array operations nested as deep as allowed, whose work
 * multiplies with the request context's list sizes and can spend a request's whole step budget.
 */
import { arrayOperations, jsonLogicLimits } from '../json-logic-limits';
import { ruleStepLimit } from '../rule-budget';
import type { Diagnostic } from './diagnostic';

/** How close to a limit counts as near it. */
const nearShare = 0.8;

interface Measure {
  nodes: number;
  levels: number;
  arrayNesting: number;
}

function measure(expression: unknown): Measure {
  const found: Measure = { nodes: 0, levels: 0, arrayNesting: 0 };
  const visit = (node: unknown, level: number, arrayNesting: number) => {
    found.nodes += 1;
    found.levels = Math.max(found.levels, level);
    found.arrayNesting = Math.max(found.arrayNesting, arrayNesting);
    if (Array.isArray(node)) {
      node.forEach((item) => visit(item, level, arrayNesting));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [operation, args] of Object.entries(node)) {
      const nesting = arrayOperations.includes(operation) ? arrayNesting + 1 : arrayNesting;
      // Past the save limits the walk stops: such a rule is refused at save anyway.
      if (level < jsonLogicLimits.maxLevels + 1) visit(args, level + 1, nesting);
    }
  };
  visit(expression, 0, 0);
  return found;
}

/** The reasons a raw JSON Logic rule is near its work bounds (empty when it is not). */
function nearBounds(expression: unknown): string[] {
  const bytes = new TextEncoder().encode(JSON.stringify(expression) ?? '').length;
  const { nodes, levels, arrayNesting } = measure(expression);
  const reasons: string[] = [];
  const near = (amount: number, limit: number) => amount >= Math.ceil(limit * nearShare);
  if (near(bytes, jsonLogicLimits.maxBytes)) reasons.push(`${bytes} of ${jsonLogicLimits.maxBytes} bytes`);
  if (near(nodes, jsonLogicLimits.maxNodes)) reasons.push(`${nodes} of ${jsonLogicLimits.maxNodes} nodes`);
  if (near(levels, jsonLogicLimits.maxLevels)) reasons.push(`${levels} of ${jsonLogicLimits.maxLevels} levels`);
  if (arrayNesting >= jsonLogicLimits.maxArrayNesting) {
    reasons.push(
      `array operations nested ${arrayNesting} deep, whose work multiplies with the lists' sizes and can use up the request's ${ruleStepLimit} evaluation steps`,
    );
  }
  return reasons;
}

export function lintJsonLogicBudget({ expression, path }: { expression: unknown; path: string }): Diagnostic[] {
  const reasons = nearBounds(expression);
  if (reasons.length === 0) return [];
  return [
    {
      severity: 'warning',
      code: 'rule_budget',
      path,
      message: `This JSON Logic rule is near its work bounds (${reasons.join('; ')}); past the request's budget it counts as not matching`,
    },
  ];
}
