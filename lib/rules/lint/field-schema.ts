/**
 * What a rule's `field` refers to, as the linter asks it: a lookup from a dot path to the JSON
 * Schema that declares it. Built here from an agent's `requestContextSchema`; another user of rule
 * groups (say, a policy reading `args.<path>` and `context.<path>`) passes its own lookup.
 */
import { isRecord } from '../../is-record';

export type SchemaNode = Record<string, unknown>;

/** `subject`: what declares the fields, when not the request context (`the input schema of "transfer"`). */
export type FieldLookup =
  /** No schema to check against: nothing is reported about the field. */
  | { kind: 'unchecked' }
  /** Declared by `schema`. */
  | { kind: 'declared'; schema: SchemaNode }
  /** Not declared, but the enclosing object allows other properties. */
  | { kind: 'undeclared'; subject?: string }
  /** Not declared and the enclosing object allows no other properties (or is not an object). */
  | { kind: 'unknown'; reason: string; subject?: string };

export type FieldSchema = (fieldPath: string) => FieldLookup;

/** The JSON types a schema node names (`[]` when it names none). */
export function declaredTypes(schema: SchemaNode): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  if (isRecord(schema.properties)) return ['object'];
  return [];
}

/** Where a property that `node` does not name leads: nowhere (closed), an open door, or a schema. */
function otherProperty(node: SchemaNode, name: string, at: string, rootName: string): FieldLookup {
  const types = declaredTypes(node);
  if (types.length > 0 && !types.includes('object')) {
    return { kind: 'unknown', reason: `"${at}" is ${types.join(' or ')}, so it has no property "${name}"` };
  }
  const extra = node.additionalProperties;
  if (extra === false || node.unevaluatedProperties === false) {
    return { kind: 'unknown', reason: `the schema of ${at ? `"${at}"` : rootName} allows no other properties` };
  }
  if (isRecord(extra)) return { kind: 'declared', schema: extra };
  return { kind: 'undeclared' };
}

/**
 * A lookup over one JSON Schema (an object schema with `properties`); no schema: every field
 * unchecked. `rootName` names the schema's value in reasons (default: the request context).
 */
export function fieldSchemaOf(schema: unknown, rootName = 'the context'): FieldSchema {
  if (!isRecord(schema)) return () => ({ kind: 'unchecked' });
  return (fieldPath) => {
    let node: SchemaNode = schema;
    let at = '';
    for (const name of fieldPath.split('.')) {
      const properties = isRecord(node.properties) ? node.properties : {};
      const next = Object.hasOwn(properties, name) ? properties[name] : undefined;
      if (!isRecord(next)) {
        const other = otherProperty(node, name, at, rootName);
        if (other.kind !== 'declared') return other;
        node = other.schema;
      } else {
        node = next;
      }
      at = at ? `${at}.${name}` : name;
    }
    return { kind: 'declared', schema: node };
  };
}
