/**
 * What the rule builder offers for a field: the dot paths an agent's `requestContextSchema`
 * describes (with their types), the operators that make sense for a type, and the value kind a
 * new rule on that field starts with. Pure; the schema is plain JSON Schema.
 */
import { conditionOperators, type ConditionOperator } from './operators';
import type { ListItemKind, ValueKind } from './value-draft';
import { isRecord } from '../is-record';

export type ContextFieldType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export interface ContextField {
  /** A dot path into the request context, e.g. `user.role`. */
  path: string;
  type?: ContextFieldType;
  /** The values the schema allows, when it lists them. */
  enum?: unknown[];
  description?: string;
  /** For arrays: the type of the items. */
  itemType?: ContextFieldType;
}

const maxDepth = 6;
const maxFields = 500;
const knownTypes: readonly string[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

type SchemaObject = Record<string, unknown>;

function typeOf(schema: SchemaObject): ContextFieldType | undefined {
  const declared = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  if (declared.length === 1 && knownTypes.includes(String(declared[0]))) return declared[0] as ContextFieldType;
  if (isRecord(schema.properties)) return 'object';
  return undefined;
}

/** Every property path of a request-context schema, parents before their children, in schema order. */
export function contextFieldsOf(schema: unknown): ContextField[] {
  const fields: ContextField[] = [];
  const visit = (node: SchemaObject, prefix: string, depth: number) => {
    if (!isRecord(node.properties) || depth > maxDepth) return;
    for (const [name, property] of Object.entries(node.properties)) {
      // A key with a dot cannot be addressed by a dot path.
      if (name.includes('.') || name === '' || !isRecord(property) || fields.length >= maxFields) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      const type = typeOf(property);
      const field: ContextField = { path };
      if (type) field.type = type;
      if (Array.isArray(property.enum)) field.enum = property.enum;
      if (typeof property.description === 'string') field.description = property.description;
      if (type === 'array' && isRecord(property.items)) {
        const itemType = typeOf(property.items);
        if (itemType) field.itemType = itemType;
      }
      fields.push(field);
      visit(property, path, depth + 1);
    }
  };
  if (isRecord(schema)) visit(schema, '', 1);
  return fields;
}

/** Numbers compare; only text and arrays take `contains`. */
const numberOperators = conditionOperators.filter((operator) => operator !== 'contains' && operator !== 'not_contains');

const forType: Record<ContextFieldType, readonly ConditionOperator[]> = {
  string: ['equals', 'not_equals', 'contains', 'not_contains', 'in', 'not_in', 'exists', 'not_exists'],
  number: numberOperators,
  integer: numberOperators,
  boolean: ['equals', 'not_equals', 'exists', 'not_exists'],
  array: ['contains', 'not_contains', 'exists', 'not_exists'],
  object: ['exists', 'not_exists'],
};

/** The operators offered for a field of this type (every operator when the type is unknown). */
export function operatorsForType(type: ContextFieldType | undefined): readonly ConditionOperator[] {
  return type ? forType[type] : conditionOperators;
}

/** How people read an operator id: its words, e.g. `greater_than_or_equal` -> "greater than or equal". */
export function operatorLabel(operator: ConditionOperator): string {
  return operator.replaceAll('_', ' ');
}

function scalarKind(type: ContextFieldType | undefined): ListItemKind {
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

/** The value kind a rule starts with for a field and operator (a list for `in`, the item type for `contains`). */
export function valueKindFor(
  field: ContextField | undefined,
  operator: ConditionOperator,
): { kind: ValueKind; itemKind?: ListItemKind } {
  const type = field?.type === 'array' ? field.itemType : field?.type;
  if (operator === 'in' || operator === 'not_in') return { kind: 'list', itemKind: scalarKind(type) };
  if (type === 'object' || type === 'array') return { kind: 'json' };
  return { kind: scalarKind(type) };
}
