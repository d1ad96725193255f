/**
 * A rule value as a person edits it: a kind (text, number, yes/no, list, JSON) and the text in the
 * Value box. Typed values stay typed: `"5"` and `5` are different kinds, so a rule never changes
 * meaning by being shown and saved again. A stored value is shown in the first kind whose text
 * gives it back exactly; JSON takes any value, so nothing is ever lost.
 */
import { checkFailed, issueMessages, type CheckResult } from '../errors';
import { isJsonValue } from './json-value';
import { readJsonText } from '../json-text';
import { sameJson } from '../canonical-json';

export const valueKinds = ['text', 'number', 'boolean', 'list', 'json'] as const;
export type ValueKind = (typeof valueKinds)[number];

/** What the items of a list are (a list is written as items separated by commas). */
export const listItemKinds = ['text', 'number', 'boolean'] as const;
export type ListItemKind = (typeof listItemKinds)[number];

export interface ValueDraft {
  kind: ValueKind;
  /** Only for `list`. */
  itemKind?: ListItemKind;
  text: string;
}

export type ParsedValue = CheckResult<unknown>;

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(text: string): ParsedValue {
  const trimmed = text.trim();
  if (!numberPattern.test(trimmed)) return checkFailed('Enter a number, such as 5 or 2.5');
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return checkFailed('The number is too large');
  // -0 does not survive JSON; it is the same rule value as 0.
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

function parseBoolean(text: string): ParsedValue {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'true') return { ok: true, value: true };
  if (trimmed === 'false') return { ok: true, value: false };
  return checkFailed('Choose true or false');
}

function parseItem(kind: ListItemKind, text: string): ParsedValue {
  if (kind === 'number') return parseNumber(text);
  if (kind === 'boolean') return parseBoolean(text);
  return { ok: true, value: text };
}

function parseList(itemKind: ListItemKind, text: string): ParsedValue {
  if (text.trim() === '') return { ok: true, value: [] };
  const items: unknown[] = [];
  const parts = text.split(',').map((part) => part.trim());
  for (const [index, part] of parts.entries()) {
    if (part === '') return checkFailed(`Item ${index + 1} of the list is empty`);
    const item = parseItem(itemKind, part);
    if (!item.ok) return checkFailed(`Item ${index + 1} of the list: ${issueMessages(item.issues)}`);
    items.push(item.value);
  }
  return { ok: true, value: items };
}

function parseJson(text: string): ParsedValue {
  const read = readJsonText(text);
  if (!read.ok) return read;
  return isJsonValue(read.value) ? { ok: true, value: read.value } : checkFailed('Not a JSON value');
}

/** The typed value a draft stands for, or what is wrong with its text. */
export function parseValueDraft(draft: ValueDraft): ParsedValue {
  switch (draft.kind) {
    case 'text':
      return { ok: true, value: draft.text };
    case 'number':
      return parseNumber(draft.text);
    case 'boolean':
      return parseBoolean(draft.text);
    case 'list':
      return parseList(draft.itemKind ?? 'text', draft.text);
    case 'json':
      return parseJson(draft.text);
  }
}

function itemKindOf(value: unknown): ListItemKind | undefined {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return undefined;
}

const isPlainValue = (item: unknown): item is string | number | boolean =>
  typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';

/** A value as text in a list or a single field: plain values as they read, anything else as JSON. */
const itemText = (item: unknown): string => (isPlainValue(item) ? String(item) : JSON.stringify(item));

function candidatesFor(value: unknown): ValueDraft[] {
  if (typeof value === 'string') return [{ kind: 'text', text: value }];
  if (typeof value === 'number') return [{ kind: 'number', text: String(value) }];
  if (typeof value === 'boolean') return [{ kind: 'boolean', text: String(value) }];
  // A list of plain values only: an object in a list is shown as JSON (and never turned into text).
  if (Array.isArray(value) && value.every(isPlainValue)) {
    const itemKind = value.length === 0 ? 'text' : itemKindOf(value[0]);
    if (itemKind) return [{ kind: 'list', itemKind, text: value.map(String).join(', ') }];
  }
  return [];
}

/** The draft that shows a stored value: the friendliest kind that gives it back exactly, else JSON. */
export function valueDraftOf(value: unknown): ValueDraft {
  for (const candidate of candidatesFor(value)) {
    const parsed = parseValueDraft(candidate);
    if (parsed.ok && sameJson(parsed.value, value)) return candidate;
  }
  return { kind: 'json', text: JSON.stringify(value) };
}

/** The draft in another kind, keeping the text where it still makes sense. */
export function withValueKind(draft: ValueDraft, kind: ValueKind, itemKind?: ListItemKind): ValueDraft {
  if (kind === draft.kind && (kind !== 'list' || itemKind === draft.itemKind)) return draft;
  const parsed = parseValueDraft(draft);
  if (kind === 'json') return { kind, text: parsed.ok ? JSON.stringify(parsed.value) : draft.text };
  if (kind === 'list') {
    const items = parsed.ok && Array.isArray(parsed.value) ? parsed.value.map(itemText).join(', ') : draft.text;
    return { kind, itemKind: itemKind ?? draft.itemKind ?? 'text', text: items };
  }
  if (kind === 'boolean') return { kind, text: parseBoolean(draft.text).ok ? draft.text.trim().toLowerCase() : 'true' };
  if (draft.kind === 'list' || draft.kind === 'json') {
    const first = parsed.ok && Array.isArray(parsed.value) ? parsed.value[0] : undefined;
    return { kind, text: first === undefined ? '' : itemText(first) };
  }
  return { kind, text: draft.text };
}
