/**
 * What the Tools tab shows of one source of a record field (an MCP client, an integration, a tool
 * provider) and how ticking edits it, the same way whether the field is plain or holds variants: a
 * plain value is read as one variant without rules, so a tool or source picked only by variants
 * with rules stays ticked and says when ("Only when plan is pro"), exactly as registered tools do
 * (`tool-variants.ts`). Pure.
 */

import { isConditional, type Variant } from '@/lib/snapshots';
import { withSourceTools, type Selection, type SourceRecord } from './tool-selection';
import {
  onlyWhenWords,
  sourceSelection,
  toolPresence,
  variantEdits,
  wholeSelection,
  withAlwaysEdited,
  type RowState,
  type ToolPresence,
} from './tool-variants';
import { isRecord } from '@/lib/is-record';

type RecordVariants = Array<Variant<SourceRecord>>;

/** A record field as a picker edits it: its plain value, or its variants (each value a record). */
export type RecordField =
  | { kind: 'plain'; value: SourceRecord | undefined; onChange: (next: SourceRecord | undefined) => void }
  | { kind: 'variants'; variants: RecordVariants; onChange: (next: RecordVariants) => void };

export interface SourcePicks {
  /** Said for the source as a whole when only variants with rules pick it. */
  onlyWhen?: string;
  /** "All tools, including future ones" (`tools: {}`): ticked where some variant says so, and when. */
  all: { checked: boolean; onlyWhen?: string };
  /** A tool's row; `coveredByAll` when "All tools" includes it (ticked, not changed one by one). */
  row(name: string): RowState & { coveredByAll: boolean };
  /** The tools picked by name in any variant (those the source no longer offers are shown apart). */
  picked: string[];
  setAll(on: boolean): void;
  tick(names: string[], on: boolean, entry?: (name: string) => Selection[string]): void;
  describe(name: string, text: string): void;
  /** The source picked nowhere any more. */
  clear(): void;
}

/** A record field's value as a picker edits it: plain, or through its variants. */
export function recordFieldOf(value: unknown, onChange: (next: unknown) => void): RecordField {
  return isConditional(value as never)
    ? { kind: 'variants', variants: recordVariantsOf(value), onChange }
    : { kind: 'plain', value: value as SourceRecord | undefined, onChange };
}

/** The variants of a conditional record field, each value read as a plain record. */
export function recordVariantsOf(value: unknown): RecordVariants {
  return ((Array.isArray(value) ? value : []) as Array<Variant<unknown>>).map((variant) => ({
    ...variant,
    value: isRecord(variant.value) ? (variant.value as SourceRecord) : {},
  }));
}

/** The field as variants, and how edited variants go back into it (a plain value stays plain). */
function asVariants(field: RecordField): { variants: RecordVariants; save: (next: RecordVariants) => void } {
  if (field.kind === 'variants') return { variants: field.variants, save: field.onChange };
  const { value, onChange } = field;
  return {
    variants: [{ value: value ?? {} }],
    save: (next) => {
      const record = next[0]!.value;
      onChange(Object.keys(record).length === 0 && value === undefined ? undefined : record);
    },
  };
}

const picksAll = (record: SourceRecord, sourceId: string) => {
  const entry = record[sourceId];
  return entry !== undefined && Object.keys(entry.tools ?? {}).length === 0;
};

/** Where the variants say one thing of the source (picked at all, picked with all its tools). */
function presenceWhere(variants: RecordVariants, holds: (record: SourceRecord) => boolean): ToolPresence | undefined {
  const marked = variants.map((variant) => ({ ...variant, value: holds(variant.value) ? { it: {} } : {} }));
  return toolPresence(marked).get('it');
}

const withoutSource = (variants: RecordVariants, sourceId: string, which: (record: SourceRecord) => boolean) =>
  variants.map((variant) =>
    which(variant.value) ? { ...variant, value: withSourceTools(variant.value, sourceId, undefined) ?? {} } : variant,
  );

/**
 * One source's picks; `every`: the names it offers now, for a source whose `tools: {}` means all of
 * them (MCP clients), so those read as ticked.
 */
export function sourcePicks(field: RecordField, sourceId: string, { every }: { every?: string[] } = {}): SourcePicks {
  const { variants, save } = asVariants(field);
  const lens = sourceSelection(sourceId);
  const edits = variantEdits({ variants, lens, ...(every ? { shown: sourceSelection(sourceId, { every }) } : {}) });
  const allPresence = every ? presenceWhere(variants, (record) => picksAll(record, sourceId)) : undefined;
  return {
    onlyWhen: onlyWhenWords(
      presenceWhere(variants, (record) => record[sourceId] !== undefined),
      variants,
    ),
    all: { checked: allPresence !== undefined, onlyWhen: onlyWhenWords(allPresence, variants) },
    row: (name) => ({ ...edits.state(name), coveredByAll: allPresence !== undefined }),
    picked: [...new Set(variants.flatMap((variant) => Object.keys(lens.get(variant.value) ?? {})))],
    setAll: (on) =>
      save(
        on
          ? withAlwaysEdited(variants, {}, (record) => withSourceTools(record, sourceId, {}) ?? {})
          : withoutSource(variants, sourceId, (record) => picksAll(record, sourceId)),
      ),
    tick: (names, on, entry) =>
      save(
        names.reduce(
          (next, name) => variantEdits({ variants: next, lens }).tick([name], on, entry?.(name) ?? {}),
          variants,
        ),
      ),
    describe: (name, text) => save(edits.describe(name, text)),
    clear: () => save(withoutSource(variants, sourceId, (record) => record[sourceId] !== undefined)),
  };
}

/** What a list of tool checkboxes needs of its source's picks. */
export type ToolPicks = Pick<SourcePicks, 'row' | 'tick' | 'describe'>;

/** The picks of one plain selection (a variant's registered tools on the Conditions tab). */
export function selectionPicks(selection: Selection, onChange: (next: Selection) => void): ToolPicks {
  const variants = [{ value: selection }];
  const edits = variantEdits({ variants, lens: wholeSelection });
  return {
    row: (name) => ({ ...edits.state(name), coveredByAll: false }),
    tick: (names, on, entry) =>
      onChange(
        names.reduce(
          (next, name) => variantEdits({ variants: next, lens: wholeSelection }).tick([name], on, entry?.(name) ?? {}),
          variants,
        )[0]!.value,
      ),
    describe: (name, text) => onChange(edits.describe(name, text)[0]!.value),
  };
}

/**
 * Edits of several sources made as one change (Select all, Select none over a group): each reads
 * the value the one before it made.
 */
export function editEachSource(
  field: RecordField,
  sourceIds: string[],
  edit: (picks: SourcePicks, sourceId: string) => void,
): void {
  let { variants } = asVariants(field);
  const save = asVariants(field).save;
  for (const sourceId of sourceIds) {
    const step: RecordField = { kind: 'variants', variants, onChange: (next) => (variants = next) };
    edit(sourcePicks(step, sourceId), sourceId);
  }
  save(variants);
}
