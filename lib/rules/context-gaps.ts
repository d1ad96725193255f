/**
 * Which request-context fields a version's rules read, and what a given request context lacks of
 * them, in words: a context `{"tier": "pro"}` for rules that read `plan` matches nothing, silently,
 * unless someone says so. Pure.
 */
import type { ContextField, ContextFieldType } from './context-fields';
import { isRuleGroup, type Condition, type RuleGroup } from './types';
import { isVariantList } from './lint';
import { isRecord } from '../is-record';
import { listInWords } from '../list-in-words';

/** The parts of a snapshot whose rules read the request context (an `AgentSnapshot` is one). */
export interface RuleReadingSnapshot {
  instructions?: unknown;
  tools?: unknown;
  mcpClients?: unknown;
  integrationTools?: unknown;
  toolProviders?: unknown;
  toolPolicies?: unknown;
}

const conditionalFields = ['tools', 'mcpClients', 'integrationTools', 'toolProviders'] as const;

function groupFields(group: RuleGroup, into: Set<string>) {
  for (const item of group.conditions) {
    if (isRuleGroup(item)) groupFields(item, into);
    else if (typeof (item as Condition).field === 'string') into.add((item as Condition).field);
  }
}

/** `{"var": "plan"}` and `{"var": ["plan", default]}` anywhere in a raw JSON Logic expression. */
function jsonLogicFields(expression: unknown, into: Set<string>, depth = 0) {
  if (depth > 40) return;
  if (Array.isArray(expression)) {
    for (const item of expression) jsonLogicFields(item, into, depth + 1);
    return;
  }
  if (!isRecord(expression)) return;
  for (const [operator, argument] of Object.entries(expression)) {
    const path = operator === 'var' ? (Array.isArray(argument) ? argument[0] : argument) : undefined;
    if (typeof path === 'string' && path !== '') into.add(path);
    else jsonLogicFields(argument, into, depth + 1);
  }
}

function rulesFields(rules: unknown, into: Set<string>) {
  if (!isRecord(rules)) return;
  if ('jsonLogic' in rules) jsonLogicFields(rules.jsonLogic, into);
  else if (Array.isArray(rules.conditions)) groupFields(rules as unknown as RuleGroup, into);
}

/**
 * The request-context paths a version's rules read, sorted: variants of the four tool fields,
 * prompt blocks, and approval policies' `context.<path>` fields (their `args.*` read the tool's
 * arguments, not the request context).
 */
export function fieldsReadBy(snapshot: RuleReadingSnapshot): string[] {
  const read = new Set<string>();
  for (const field of conditionalFields) {
    const value = snapshot[field];
    if (isVariantList(value)) for (const variant of value) rulesFields(variant.rules, read);
  }
  if (Array.isArray(snapshot.instructions))
    for (const block of snapshot.instructions) if (isRecord(block)) rulesFields(block.rules, read);
  const policyFields = new Set<string>();
  if (isRecord(snapshot.toolPolicies))
    for (const policy of Object.values(snapshot.toolPolicies))
      if (isRecord(policy)) rulesFields(policy.requireApproval, policyFields);
  for (const path of policyFields) if (path.startsWith('context.')) read.add(path.slice('context.'.length));
  return [...read].filter((path) => path !== '').sort();
}

function valueAt(context: Record<string, unknown>, path: string): unknown {
  let current: unknown = context;
  for (const segment of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

const shown = (value: unknown) => JSON.stringify(value);

/** Whether a value is of a declared field's type. */
const fitsType: Record<ContextFieldType, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: Array.isArray,
  object: isRecord,
};

/** Why a given value does not fit its declared field (a value it does not list, another type), or undefined. */
function misfitOf(field: ContextField, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (field.enum)
    return field.enum.some((option) => option === value)
      ? undefined
      : `It gives ${field.path} ${shown(value)}, which is not one of ${field.enum.map(shown).join(', ')}.`;
  if (field.type === undefined || fitsType[field.type](value)) return undefined;
  return `It gives ${field.path} ${shown(value)}, which is not ${field.type === 'integer' ? 'a whole number' : `a ${field.type}`}.`;
}

/**
 * Warnings in words about a request context: the declared fields it gives a value they do not
 * take, the fields the rules read that it does not give, and (then) the top-level fields it gives
 * that neither the declared fields nor the rules name, which is how a misspelt or renamed field
 * shows.
 */
export function contextGaps({
  read,
  context,
  declared,
}: {
  read: readonly string[];
  context: Record<string, unknown>;
  declared: readonly ContextField[];
}): string[] {
  const misfits = declared.flatMap((field) => {
    const misfit = misfitOf(field, valueAt(context, field.path));
    return misfit === undefined ? [] : [misfit];
  });
  const missing = read.filter((path) => valueAt(context, path) === undefined);
  if (missing.length === 0) return misfits;
  const warnings = [...misfits, `The rules read ${listInWords(missing)}, which this request context does not give.`];
  const known = new Set([...declared.map((field) => field.path), ...read].map((path) => path.split('.')[0]));
  const extra = Object.keys(context).filter((key) => !known.has(key));
  if (extra.length > 0)
    warnings.push(
      `It gives ${listInWords(extra)}, which ${extra.length === 1 ? 'is' : 'are'} neither a declared field nor read by the rules.`,
    );
  return warnings;
}

function exampleValue(field: ContextField): unknown {
  if (field.enum && field.enum.length > 0) return field.enum[0];
  if (field.type === 'number' || field.type === 'integer') return 10;
  if (field.type === 'boolean') return true;
  return 'some text';
}

/**
 * An example request context for a hint, from the agent's own fields (the declared top-level
 * ones, else those the rules read), so the example matches what the rules look at.
 */
export function exampleContext({
  declared,
  read,
}: {
  declared: readonly ContextField[];
  read: readonly string[];
}): string {
  const topLevel = declared.filter(
    (field) => !field.path.includes('.') && field.type !== 'object' && field.type !== 'array',
  );
  const example: Record<string, unknown> = {};
  if (topLevel.length > 0) for (const field of topLevel.slice(0, 3)) example[field.path] = exampleValue(field);
  else for (const path of read.filter((path) => !path.includes('.')).slice(0, 3)) example[path] = 'some text';
  return Object.keys(example).length > 0 ? JSON.stringify(example) : '{"plan": "pro"}';
}
