/**
 * The request-context fields a person declares with controls, and the JSON Schema they are stored
 * as (`requestContextSchema`): a flat object of text, number, true/false and one-of fields, some
 * required. A schema that says more than these controls can (nested objects, integers, patterns,
 * ...) is not turned into rows, so nothing it says is lost: it is kept and shown as it is. Pure.
 */
import { definedFields } from '../defined-fields';
import { checkFailed, type CheckResult, type Issue } from '../errors';
import { isRecord } from '../is-record';

export type FieldRowType = 'text' | 'number' | 'boolean' | 'oneOf';

export interface FieldRow {
  name: string;
  type: FieldRowType;
  /** The allowed values of a one-of field, as typed. */
  allowed: string[];
  required: boolean;
  /** A description the schema gave the field, kept as it is (no control edits it). */
  description?: string;
}

const schemaTypes: Record<Exclude<FieldRowType, 'oneOf'>, string> = {
  text: 'string',
  number: 'number',
  boolean: 'boolean',
};

const rowKeys = new Set(['type', 'enum', 'description']);
const topKeys = new Set(['type', 'properties', 'required']);

function rowOf(name: string, property: unknown, required: boolean): FieldRow | string {
  if (!isRecord(property)) return `the field "${name}" is not a schema object`;
  const other = Object.keys(property).find((key) => !rowKeys.has(key));
  if (other !== undefined) return `the field "${name}" uses "${other}"`;
  const { description } = property;
  if (description !== undefined && typeof description !== 'string')
    return `the field "${name}" has a description that is not text`;
  if (property.enum !== undefined) {
    const allowed = property.enum;
    const textList = Array.isArray(allowed) && allowed.length > 0 && allowed.every((item) => typeof item === 'string');
    if (property.type !== 'string' || !textList) return `the field "${name}" lists values that are not all text`;
    return { name, type: 'oneOf', allowed: allowed as string[], required, description };
  }
  const type = (Object.keys(schemaTypes) as Array<keyof typeof schemaTypes>).find(
    (kind) => schemaTypes[kind] === property.type,
  );
  if (type === undefined) return `the field "${name}" has the type ${JSON.stringify(property.type ?? null)}`;
  return { name, type, allowed: [], required, description };
}

/**
 * The rows a schema reads as, or why the controls cannot show it (it is then kept unchanged): one
 * issue whose message completes "cannot be changed here, because ...".
 */
export function fieldRowsOf(schema: unknown): CheckResult<FieldRow[]> {
  if (schema === undefined || schema === null) return { ok: true, value: [] };
  if (!isRecord(schema)) return checkFailed('it is not a schema object');
  const other = Object.keys(schema).find((key) => !topKeys.has(key));
  if (other !== undefined) return checkFailed(`it uses "${other}"`);
  if (schema.type !== undefined && schema.type !== 'object') return checkFailed('it does not describe an object');
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return checkFailed('its properties are not an object');
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string' && name in properties))
    return checkFailed('it requires fields it does not describe');
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const row = rowOf(name, property, required.includes(name));
    if (typeof row === 'string') return checkFailed(row);
    rows.push(row);
  }
  return { ok: true, value: rows };
}

const namePattern = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The schema the rows as typed are stored as (`undefined` for no rows: the agent declares nothing),
 * or what stops them from being saved: an empty, repeated or unusable name (path `<row>.name`), a
 * one-of with no value (`<row>.allowed`), where `<row>` is the row's index.
 */
export function checkFieldRows(rows: readonly FieldRow[]): CheckResult<Record<string, unknown> | undefined> {
  const issues: Issue[] = [];
  rows.forEach((row, index) => {
    const name = row.name.trim();
    const nameIssue = (message: string) => issues.push({ path: `${index}.name`, message });
    if (name === '') nameIssue('Give the field a name');
    else if (!namePattern.test(name))
      nameIssue(`"${name}" cannot be a field name: use letters, digits, "_" and "-", starting with a letter or "_"`);
    else if (rows.findIndex((other) => other.name.trim() === name) !== index)
      nameIssue(`Another field is already named "${name}"`);
    if (row.type === 'oneOf' && cleanAllowed(row.allowed).length === 0)
      issues.push({
        path: `${index}.allowed`,
        message: `List the values "${name || 'this field'}" allows, separated by commas`,
      });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: schemaOfFieldRows(rows) };
}

const cleanAllowed = (allowed: readonly string[]) => [
  ...new Set(allowed.map((item) => item.trim()).filter((item) => item !== '')),
];

/** Allowed values typed as "free, pro, team". */
export function allowedOfText(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

function schemaOfFieldRows(rows: readonly FieldRow[]): Record<string, unknown> | undefined {
  if (rows.length === 0) return undefined;
  const properties: Record<string, unknown> = {};
  for (const row of rows) {
    const { description } = row;
    properties[row.name.trim()] = definedFields(
      row.type === 'oneOf'
        ? { type: 'string', enum: cleanAllowed(row.allowed), description }
        : { type: schemaTypes[row.type], description },
    );
  }
  const required = rows.filter((row) => row.required).map((row) => row.name.trim());
  return definedFields({ type: 'object', properties, required: required.length > 0 ? required : undefined });
}
