/**
 * A JSON Schema as a property table, for people: one row per property at any depth (`address.city`,
 * `items[].name`), with its type in words, whether it is required, its description and default.
 */
import { formNodeOf, type FormNode } from './form-node';

export interface PropertyRow {
  path: string;
  summary: string;
  required: boolean;
  description?: string;
  default?: string;
}

function rowsOf(node: FormNode, path: string, rows: PropertyRow[]) {
  if (node.kind === 'object') {
    for (const property of node.properties) {
      const childPath = path ? `${path}.${property.name}` : property.name;
      rows.push({
        path: childPath,
        summary: property.node.meta.summary,
        required: property.required,
        description: property.node.meta.description || undefined,
        default: property.node.meta.default === undefined ? undefined : JSON.stringify(property.node.meta.default),
      });
      rowsOf(property.node, childPath, rows);
    }
  } else if (node.kind === 'array') rowsOf(node.items, `${path}[]`, rows);
}

export function propertyRows(schema: unknown): PropertyRow[] {
  const rows: PropertyRow[] = [];
  rowsOf(formNodeOf(schema), '', rows);
  return rows;
}
