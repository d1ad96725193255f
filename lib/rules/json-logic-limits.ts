/**
 * Save-time checks of a raw JSON Logic expression (docs/storage.md, "Rules"): only the allowed
 * operations, at most 8 KiB of JSON, 10 levels of nested operations and 200 nodes (every value in
 * the expression counts). Shapes that would make json-logic-js throw are rejected here, so
 * evaluation of stored rules never throws.
 *
 * Work grows with the product of nested array sizes (`some` over 100 items inside `some` over 100
 * items is 10,000 tests), so array operations nest at most 2 deep and a literal array, written out
 * or carried as `studio_literal` JSON text, holds at most 100 items. What still depends on the
 * request context is cut off by the step budget at evaluation (rule-budget.ts).
 */
import type { Issue } from '../errors';
import { customOperationNames } from './custom-operations';

export const jsonLogicLimits = {
  maxBytes: 8 * 1024,
  maxLevels: 10,
  maxNodes: 200,
  /** How many array operations (`arrayOperations`) may enclose one another, the outermost included. */
  maxArrayNesting: 2,
  /** Items of one literal array (argument lists included). */
  maxArrayItems: 100,
} as const;

/** The allowed operations that walk or build arrays: their work multiplies when nested. */
export const arrayOperations: readonly string[] = ['some', 'all', 'none', 'merge'];

export const allowedJsonLogicOperations: readonly string[] = [
  'var',
  'missing',
  'missing_some',
  '===',
  '!==',
  '!',
  '!!',
  'and',
  'or',
  'if',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'cat',
  'substr',
  'some',
  'all',
  'none',
  'merge',
  ...customOperationNames,
];

type Path = Array<string | number>;

export function checkJsonLogic(expression: unknown, basePath: Path = []): Array<{ path: Path; message: string }> {
  const problems: Array<{ path: Path; message: string }> = [];
  // TextEncoder rather than Buffer: the editor validates rules in the browser with this same check.
  const bytes = new TextEncoder().encode(JSON.stringify(expression) ?? '').length;
  if (bytes > jsonLogicLimits.maxBytes) {
    problems.push({
      path: basePath,
      message: `The expression is ${bytes} bytes; the limit is ${jsonLogicLimits.maxBytes}.`,
    });
    return problems;
  }
  let nodes = 0;
  let deepest = 0;
  const visit = (node: unknown, level: number, arrayNesting: number, path: Path) => {
    nodes += 1;
    if (Array.isArray(node)) {
      const tooLong = arrayItemsProblem(node.length);
      if (tooLong) problems.push({ path, message: tooLong });
      node.forEach((item, index) => visit(item, level, arrayNesting, [...path, index]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      problems.push({
        path,
        message: 'An object in a JSON Logic expression must be exactly one operation: {"<operation>": arguments}.',
      });
      return;
    }
    const operation = keys[0]!;
    const args = (node as Record<string, unknown>)[operation];
    if (!allowedJsonLogicOperations.includes(operation)) {
      problems.push({
        path: [...path, operation],
        message: `Operation "${operation}" is not allowed. Allowed: ${allowedJsonLogicOperations.join(', ')}.`,
      });
      return;
    }
    const shapeProblem = checkArguments(operation, args);
    if (shapeProblem) problems.push({ path: [...path, operation], message: shapeProblem });
    const nesting = arrayOperations.includes(operation) ? arrayNesting + 1 : arrayNesting;
    if (nesting > jsonLogicLimits.maxArrayNesting) {
      problems.push({
        path: [...path, operation],
        message: `Array operations (${arrayOperations.join(', ')}) nest at most ${jsonLogicLimits.maxArrayNesting} deep; this "${operation}" is inside ${nesting - 1} others.`,
      });
      return;
    }
    deepest = Math.max(deepest, level + 1);
    if (level + 1 > jsonLogicLimits.maxLevels) return;
    visit(args, level + 1, nesting, [...path, operation]);
  };
  visit(expression, 0, 0, basePath);
  if (deepest > jsonLogicLimits.maxLevels) {
    problems.push({
      path: basePath,
      message: `The expression nests operations ${deepest} levels deep; the limit is ${jsonLogicLimits.maxLevels}.`,
    });
  }
  if (nodes > jsonLogicLimits.maxNodes) {
    problems.push({
      path: basePath,
      message: `The expression has ${nodes} nodes; the limit is ${jsonLogicLimits.maxNodes}.`,
    });
  }
  return problems;
}

function checkArguments(operation: string, args: unknown): string | undefined {
  if (operation === 'missing_some') {
    // json-logic-js reads `.length` of the key list, so it must be a literal array.
    const valid = Array.isArray(args) && args.length === 2 && typeof args[0] === 'number' && Array.isArray(args[1]);
    return valid ? undefined : '"missing_some" takes [minimum count, [keys]].';
  }
  if (operation === 'some' || operation === 'all' || operation === 'none') {
    return Array.isArray(args) && args.length === 2 ? undefined : `"${operation}" takes [array, test].`;
  }
  if (operation === 'studio_literal') {
    if (typeof args !== 'string' && !(Array.isArray(args) && args.length === 1 && typeof args[0] === 'string'))
      return '"studio_literal" takes one JSON string.';
    let value: unknown;
    try {
      value = JSON.parse(Array.isArray(args) ? (args[0] as string) : args);
    } catch {
      return '"studio_literal" takes one valid JSON string.';
    }
    const longest = longestArray(value);
    return longest > jsonLogicLimits.maxArrayItems ? `"studio_literal": ${arrayItemsProblem(longest)}` : undefined;
  }
  return undefined;
}

function arrayItemsProblem(items: number): string | undefined {
  return items > jsonLogicLimits.maxArrayItems
    ? `An array in a JSON Logic expression holds at most ${jsonLogicLimits.maxArrayItems} items (this one has ${items}).`
    : undefined;
}

/** The item count of the longest array anywhere in a JSON value (0 when it holds none). */
export function longestArray(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const items = Object.values(value as Record<string, unknown>);
  const own = Array.isArray(value) ? value.length : 0;
  return items.reduce<number>((longest, item) => Math.max(longest, longestArray(item)), own);
}

export function jsonLogicIssues(expression: unknown, basePath: Path = []): Issue[] {
  return checkJsonLogic(expression, basePath).map((problem) => ({
    path: problem.path.join('.') || 'root',
    message: problem.message,
  }));
}
