/**
 * Evaluates rules against a request context with json-logic-js. This is the only module that
 * imports json-logic-js: it registers our operations once, on the library's global table.
 */
import jsonLogic from 'json-logic-js';
import { compileRules, type JsonLogicExpression } from './compile';
import { customOperations } from './custom-operations';
import type { Rules } from './types';

for (const [name, operation] of Object.entries(customOperations)) {
  jsonLogic.add_operation(name, operation as (...args: unknown[]) => unknown);
}

/** Applies a compiled JSON Logic expression and reads the result as JSON Logic truthiness. */
export function evaluateJsonLogic(expression: JsonLogicExpression, context: unknown): boolean {
  try {
    return jsonLogic.truthy(jsonLogic.apply(expression as Parameters<typeof jsonLogic.apply>[0], context ?? {}));
  } catch {
    // Validation at save time rejects every shape known to throw; should one slip through, the
    // rule does not match rather than failing the whole resolution.
    return false;
  }
}

/**
 * Whether `rules` pass for the request context. Absent rules always pass. A rule group compiles to
 * a small JSON Logic object (no parsing, no code generation), so it is compiled on every call.
 */
export function evaluateRules({ rules, context }: { rules: Rules | undefined; context: unknown }): boolean {
  if (rules === undefined) return true;
  return evaluateJsonLogic(compileRules(rules), context);
}
