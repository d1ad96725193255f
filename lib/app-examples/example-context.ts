/**
 * An example request context for an agent, for the "Use in your app" snippets: built from the
 * agent's `requestContextSchema` when it declares fields, otherwise from the fields its rules read
 * (with the values those rules compare against). Pure; the result is plain JSON.
 */
import { contextFieldsOf, type ContextField } from '../rules';
import { isRecord } from '../is-record';

/** Enough to show the shape; a schema with hundreds of fields is not copied whole into an example. */
const maxExampleFields = 12;
const unsafeKeys = new Set(['__proto__', 'constructor', 'prototype']);

function sampleOfType(type: ContextField['type']): unknown {
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'example';
}

function sampleOfField(field: ContextField): unknown {
  if (field.enum && field.enum.length > 0) return field.enum[0];
  if (field.type === 'array' && field.itemType && field.itemType !== 'object' && field.itemType !== 'array')
    return [sampleOfType(field.itemType)];
  return sampleOfType(field.type);
}

/** Sets `value` at a dot path, creating parent objects; a path through a non-object is left out. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const names = path.split('.');
  if (names.some((name) => name === '' || unsafeKeys.has(name))) return;
  let node = target;
  for (const name of names.slice(0, -1)) {
    if (node[name] === undefined) node[name] = {};
    const next = node[name];
    if (!isRecord(next)) return;
    node = next;
  }
  const last = names[names.length - 1]!;
  if (node[last] === undefined) node[last] = value;
}

function fromSchema(schema: unknown): Record<string, unknown> | undefined {
  const fields = contextFieldsOf(schema);
  if (fields.length === 0) return undefined;
  const context: Record<string, unknown> = {};
  // Parents come before their children, so an object field's children fill the object it set.
  for (const field of fields.slice(0, maxExampleFields)) setAt(context, field.path, sampleOfField(field));
  return context;
}

/** The value a condition suggests: what it compares with (the first of a list), or a placeholder. */
function sampleOfCondition(value: unknown): unknown {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string' || typeof first === 'number' || typeof first === 'boolean') return first;
  return 'example';
}

/** Every request-context field a version's rules read, with a value each: rule groups' conditions and JSON Logic `var`s. */
function readFields(snapshot: unknown): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const visit = (node: unknown, depth: number) => {
    if (depth > 32 || found.size >= maxExampleFields) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
    if (!isRecord(node)) return;
    if (typeof node.field === 'string' && typeof node.operator === 'string' && !found.has(node.field))
      found.set(node.field, sampleOfCondition(node.value));
    const variable = Array.isArray(node.var) ? node.var[0] : node.var;
    if (typeof variable === 'string' && variable !== '' && !found.has(variable)) found.set(variable, 'example');
    const getter = Array.isArray(node.studio_get) ? node.studio_get[0] : undefined;
    if (typeof getter === 'string' && getter !== '' && !found.has(getter)) found.set(getter, 'example');
    for (const value of Object.values(node)) visit(value, depth + 1);
  };
  visit(snapshot, 0);
  return found;
}

export function exampleRequestContext({
  requestContextSchema,
  snapshot,
}: {
  requestContextSchema: unknown;
  /** The version's stored fields; approval policies (`toolPolicies`) read the tool call, not only the context, and are skipped. */
  snapshot: Record<string, unknown>;
}): Record<string, unknown> {
  const declared = fromSchema(requestContextSchema);
  if (declared) return declared;
  const { toolPolicies: _policies, requestContextSchema: _schema, ...rest } = snapshot;
  const context: Record<string, unknown> = {};
  for (const [path, value] of readFields(rest)) setAt(context, path, value);
  return context;
}
