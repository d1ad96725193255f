/**
 * What a person typed into a generated form, and the JSON value it stands for. Text stays text
 * until the value is built, so nothing is lost while typing; a number box holding words is sent as
 * the words, so the tool's own validation answers exactly as the model would see it.
 */
import type { FormNode } from './form-node';
import { isRecord } from '../is-record';
import { readJsonText } from '../json-text';

/** Per node: object -> record of values, array -> list, boolean -> true/false/undefined, others -> text. */
export type FormValue = string | boolean | undefined | FormValue[] | { [name: string]: FormValue };

export function initialFormValue(node: FormNode): FormValue {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.properties.map((property) => [property.name, initialFormValue(property.node)]));
    case 'array':
      return [];
    case 'boolean':
      return undefined;
    default:
      return '';
  }
}

export type BuiltValue = { present: false } | { present: true; value: unknown };
export interface BuildProblem {
  path: string;
  message: string;
}

const absent: BuiltValue = { present: false };

function numberOf(text: string): unknown {
  const trimmed = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

function build(node: FormNode, value: FormValue, path: string, problems: BuildProblem[]): BuiltValue {
  switch (node.kind) {
    case 'object': {
      const record = isRecord(value) ? value : {};
      const result: Record<string, unknown> = {};
      for (const property of node.properties) {
        const built = build(
          property.node,
          record[property.name],
          path ? `${path}.${property.name}` : property.name,
          problems,
        );
        if (built.present) result[property.name] = built.value;
      }
      return Object.keys(result).length || path === '' ? { present: true, value: result } : absent;
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const result = items.flatMap((item, index) => {
        const built = build(node.items, item, `${path}.${index}`, problems);
        return built.present ? [built.value] : [];
      });
      return result.length ? { present: true, value: result } : absent;
    }
    case 'boolean':
      return typeof value === 'boolean' ? { present: true, value } : absent;
    case 'enum': {
      if (typeof value !== 'string' || value === '') return absent;
      const index = Number(value);
      return { present: true, value: node.options[index] };
    }
    case 'number':
    case 'integer':
      return typeof value === 'string' && value.trim() !== '' ? { present: true, value: numberOf(value) } : absent;
    case 'string':
      return typeof value === 'string' && value !== '' ? { present: true, value } : absent;
    case 'json': {
      if (typeof value !== 'string' || value.trim() === '') return absent;
      const read = readJsonText(value);
      if (read.ok) return { present: true, value: read.value };
      problems.push(...read.issues.map((issue) => ({ path: path || 'root', message: issue.message })));
      return absent;
    }
  }
}

/**
 * The JSON value of a form: empty fields are left out (the schema's defaults and required checks
 * then apply as for any caller), numbers typed as numbers, enum choices as their values.
 */
export function valueOfForm(node: FormNode, value: FormValue): { value: unknown; problems: BuildProblem[] } {
  const problems: BuildProblem[] = [];
  const built = build(node, value, '', problems);
  return { value: built.present ? built.value : undefined, problems };
}

/** A form value showing a JSON value (for switching from the JSON box back to the form). */
export function formValueOf(node: FormNode, value: unknown): FormValue {
  switch (node.kind) {
    case 'object': {
      const record = isRecord(value) ? value : {};
      return Object.fromEntries(
        node.properties.map((property) => [property.name, formValueOf(property.node, record[property.name])]),
      );
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => formValueOf(node.items, item)) : [];
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'enum': {
      const index = node.options.findIndex((option) => JSON.stringify(option) === JSON.stringify(value));
      return index === -1 ? '' : String(index);
    }
    case 'number':
    case 'integer':
    case 'string':
      return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    case 'json':
      return value === undefined ? '' : JSON.stringify(value);
  }
}
