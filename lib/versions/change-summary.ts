/**
 * A field diff in words, for people: texts as a word diff, the names a field lists (tools, clients,
 * sub-agents) as added and removed, and everything else (variant rules, approval policies, request
 * context fields, options) as sentences that are only in one of the two versions. Pure; the raw
 * values stay in the `FieldDiff` it reads.
 */
import { diffWordsWithSpace } from 'diff';
import { definedFields } from '../defined-fields';
import { contextFieldsOf, isJsonLogicRule, ruleGroupText, type Rules } from '../rules';
import { agentFieldLabels } from '../snapshots';
import type { FieldDiff } from './diff';
import { isRecord } from '../is-record';

/** One run of a word diff: kept, added or removed text (with its spacing and line breaks). */
export interface TextPart {
  value: string;
  added?: true;
  removed?: true;
}

export interface FieldChangeSummary {
  field: string;
  /** The field as the editor names it ("Tools", "Approval policies"). */
  label: string;
  /** Text fields (name, description, model, instructions): the word diff from the old text to the new. */
  text?: TextPart[];
  /** Names the field lists that only the new version has, and only the old one had. */
  added: string[];
  removed: string[];
  /** Sentences true only of the old version, and only of the new one (rules, policies, settings). */
  before: string[];
  after: string[];
}

const labels: Record<string, string> = agentFieldLabels;
const textFields = new Set(['name', 'description', 'model', 'instructions']);
const namedFields = new Set(['tools', 'mcpClients', 'integrationTools', 'toolProviders', 'agents', 'workflows']);

/**
 * A variant (or prompt block) in a sentence, named as the Conditions tab names it: its own name,
 * quoted, else its place (`Variant 2`).
 */
export function variantInWords(variant: unknown, index: number): string {
  const name = isRecord(variant) ? variant.name : undefined;
  return typeof name === 'string' ? `"${name}"` : `Variant ${index + 1}`;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** A stored rule in words: a rule group as a sentence, raw JSON Logic named as such. */
export function rulesText(rules: unknown): string {
  if (!isRecord(rules)) return 'always';
  if (isJsonLogicRule(rules as unknown as Rules)) return `the JSON Logic rule ${JSON.stringify(rules.jsonLogic)}`;
  if (!Array.isArray(rules.conditions)) return 'always';
  return ruleGroupText(rules as unknown as Parameters<typeof ruleGroupText>[0]);
}

function instructionsText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return JSON.stringify(value);
  return value
    .map((block: { content?: unknown; rules?: unknown }) => {
      const content = typeof block?.content === 'string' ? block.content : '';
      return block?.rules ? `[Only when ${rulesText(block.rules)}] ${content}` : content;
    })
    .join('\n\n');
}

const isVariants = (value: unknown): value is Array<{ value: unknown; rules?: unknown; name?: unknown }> =>
  Array.isArray(value) && value.length > 0 && isRecord(value[0]) && 'value' in value[0];

/** The names one plain value lists, and a sentence for each entry that carries more than its name. */
function entriesOf(value: unknown): Array<{ name: string; detail?: string }> {
  if (Array.isArray(value)) return value.map((name) => ({ name: String(name) }));
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([name, entry]) => {
    if (!isRecord(entry) || Object.keys(entry).length === 0) return { name };
    const { description, ...rest } = entry;
    const parts = [
      ...(description === undefined ? [] : [`description ${quoted(description)}`]),
      ...Object.entries(rest).map(([key, item]) => `${key} ${JSON.stringify(item)}`),
    ];
    return { name, detail: `${name}: ${parts.join(', ')}` };
  });
}

/** Names and sentences of a tool field, plain or in variants ("Variant 2, when plan equals "pro": a, b"). */
function namedFieldFacts(value: unknown): { names: Set<string>; sentences: string[] } {
  const names = new Set<string>();
  const sentences: string[] = [];
  const add = (plain: unknown) => {
    const entries = entriesOf(plain);
    for (const entry of entries) {
      names.add(entry.name);
      if (entry.detail) sentences.push(entry.detail);
    }
    return entries.map((entry) => entry.name);
  };
  if (!isVariants(value)) {
    add(value);
    return { names, sentences };
  }
  value.forEach((variant, index) => {
    const listed = add(variant.value);
    const when = variant.rules ? `when ${rulesText(variant.rules)}` : 'always';
    sentences.push(`${variantInWords(variant, index)}, ${when}: ${listed.join(', ') || 'nothing'}`);
  });
  return { names, sentences };
}

function policySentences(value: unknown): string[] {
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([tool, policy]) => {
    const required = isRecord(policy) ? policy.requireApproval : undefined;
    const when = required === true ? 'always' : required ? `when ${rulesText(required)}` : 'never';
    return `Approval for ${tool}: ${when}`;
  });
}

function contextFieldSentences(value: unknown): string[] {
  return contextFieldsOf(value).map((field) => {
    const kind = field.enum ? `one of ${field.enum.map((item) => quoted(item)).join(', ')}` : (field.type ?? 'any');
    return `${field.path}: ${kind}`;
  });
}

const optionSentences = (value: unknown): string[] =>
  isRecord(value)
    ? Object.entries(value).map(([key, item]) => `${key}: ${JSON.stringify(item)}`)
    : value === null || value === undefined
      ? []
      : [JSON.stringify(value)];

function sentencesOf(field: string, value: unknown): string[] {
  if (field === 'toolPolicies') return policySentences(value);
  if (field === 'requestContextSchema') return contextFieldSentences(value);
  return optionSentences(value);
}

const minus = <T>(left: Iterable<T>, right: Iterable<T>) => {
  const other = new Set(right);
  return [...left].filter((item) => !other.has(item));
};

/** Each field diff in words, in the diff's order. */
export function summarizeChanges(diffs: readonly FieldDiff[]): FieldChangeSummary[] {
  return diffs.map(({ field, previous, current }) => {
    const base = { field, label: labels[field] ?? field, added: [], removed: [], before: [], after: [] };
    if (textFields.has(field)) {
      const [before, after] = [instructionsText(previous), instructionsText(current)];
      const text = diffWordsWithSpace(before, after).map(({ value, added, removed }) =>
        definedFields({
          value,
          added: added ? (true as const) : undefined,
          removed: removed ? (true as const) : undefined,
        }),
      );
      return { ...base, text };
    }
    if (namedFields.has(field)) {
      const [before, after] = [namedFieldFacts(previous), namedFieldFacts(current)];
      return {
        ...base,
        added: minus(after.names, before.names).sort(),
        removed: minus(before.names, after.names).sort(),
        before: minus(before.sentences, after.sentences),
        after: minus(after.sentences, before.sentences),
      };
    }
    const [before, after] = [sentencesOf(field, previous), sentencesOf(field, current)];
    return { ...base, before: minus(before, after), after: minus(after, before) };
  });
}
