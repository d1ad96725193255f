/**
 * Pure edits of a tool field as the Tools tab makes them once it holds variants: what each tool's
 * presence is (always, or only under some variants' rules, said in words), ticking and unticking
 * across the variants, and moving one tool onto a variant of its own ("Only for some requests...").
 * Registered tools hold their selection as each variant's whole value; a source of the record
 * fields (an MCP client, an integration, a tool provider) holds its own under its id, which a
 * `SelectionLens` reads and writes, so both go through the same edits.
 */
import { rulesWords, type Rules } from '@/lib/rules';
import type { Variant } from '@/lib/snapshots';
import {
  registeredSelection,
  withDescription,
  withNames,
  withSourceTools,
  type Selection,
  type SourceRecord,
} from './tool-selection';
import type { EditorValues } from './types';

type ToolVariants = Array<Variant<Selection>>;

/** How the variants' values hold the selection one picker shows. */
export interface SelectionLens<Value> {
  /** The selection in a variant's value; `undefined` when the value picks nothing from this source. */
  get(value: Value): Selection | undefined;
  /** The value with this selection in place (`undefined`: the value no longer picks from the source). */
  set(value: Value, next: Selection | undefined): Value;
}

/** Registered tools: the variant's value is the selection. */
export const wholeSelection: SelectionLens<Selection> = { get: (value) => value, set: (_value, next) => next ?? {} };

/** The default lens of the edits below, typed for their value (registered tools' values are selections). */
const wholeLens = <Value>() => wholeSelection as unknown as SelectionLens<Value>;

/**
 * One source of a record field (`mcpClients`, `integrationTools`, `toolProviders`): its `tools`
 * under its id. An emptied selection drops the source from the value (its `tools: {}` would mean
 * every tool). With `every`, a source picked with `tools: {}` reads as those names (what it offers).
 */
export function sourceSelection(sourceId: string, { every }: { every?: string[] } = {}): SelectionLens<SourceRecord> {
  return {
    get(record) {
      const entry = record[sourceId];
      if (entry === undefined) return undefined;
      const tools = entry.tools ?? {};
      return every && Object.keys(tools).length === 0 ? Object.fromEntries(every.map((name) => [name, {}])) : tools;
    },
    set: (record, next) =>
      withSourceTools(record, sourceId, next && Object.keys(next).length > 0 ? next : undefined) ?? {},
  };
}

/** Where a tool is picked: `always` when some variant without rules has it, and every variant that has it. */
export interface ToolPresence {
  always: boolean;
  variants: number[];
}

const selectionOf = (variant: Variant<unknown>) => registeredSelection(variant.value as EditorValues['tools']) ?? {};

/** The variants of a conditional `tools` value, each value read as a plain selection. */
export function toolVariantsOf(tools: EditorValues['tools']): ToolVariants {
  const variants = (tools ?? []) as Array<Variant<unknown>>;
  return variants.map((variant) => ({ ...variant, value: selectionOf(variant) }));
}

export function toolPresence<Value = Selection>(
  variants: Array<Variant<Value>>,
  lens: SelectionLens<Value> = wholeLens<Value>(),
): Map<string, ToolPresence> {
  const presence = new Map<string, ToolPresence>();
  variants.forEach((variant, index) => {
    for (const name of Object.keys(lens.get(variant.value) ?? {})) {
      const found = presence.get(name) ?? { always: false, variants: [] };
      found.variants.push(index);
      if (variant.rules === undefined) found.always = true;
      presence.set(name, found);
    }
  });
  return presence;
}

/** "Only when plan is pro or seats is 5" for a tool picked only by variants with rules; undefined when always picked. */
export function onlyWhenWords(
  presence: ToolPresence | undefined,
  variants: Array<Variant<unknown>>,
): string | undefined {
  if (!presence || presence.always) return undefined;
  return `Only when ${presence.variants.map((index) => rulesWords(variants[index]!.rules)).join(' or ')}`;
}

/** The entry of the last variant that holds one tool (the one that wins). */
export function entryOf<Value = Selection>(
  variants: Array<Variant<Value>>,
  name: string,
  lens: SelectionLens<Value> = wholeLens<Value>(),
) {
  for (let index = variants.length - 1; index >= 0; index -= 1) {
    const entry = lens.get(variants[index]!.value)?.[name];
    if (entry !== undefined) return entry;
  }
  return undefined;
}

/** Each variant's selection edited by `edit` (`undefined`: that variant stays as it is). */
function editSelections<Value>(
  variants: Array<Variant<Value>>,
  lens: SelectionLens<Value>,
  edit: (selection: Selection) => Selection | undefined,
): Array<Variant<Value>> {
  return variants.map((variant) => {
    const selection = lens.get(variant.value);
    const next = edit(selection ?? {});
    return next === undefined || next === selection ? variant : { ...variant, value: lens.set(variant.value, next) };
  });
}

/**
 * Ticking adds the tool to the first variant without rules (one is put first when none exists),
 * so it is always included; unticking removes it from every variant.
 */
export function withToolTicked<Value = Selection>(
  variants: Array<Variant<Value>>,
  name: string,
  on: boolean,
  entry = {},
  lens: SelectionLens<Value> = wholeLens<Value>(),
): Array<Variant<Value>> {
  if (!on)
    return editSelections(variants, lens, (selection) =>
      selection[name] === undefined ? undefined : withNames(selection, [name], false),
    );
  return withAlwaysEdited(variants, {} as Value, (value) =>
    lens.set(value, withNames(lens.get(value) ?? {}, [name], true, entry)),
  );
}

/** The first variant without rules edited (one is put first, from `empty`, when none exists): what every request gets. */
export function withAlwaysEdited<Value>(
  variants: Array<Variant<Value>>,
  empty: Value,
  edit: (value: Value) => Value,
): Array<Variant<Value>> {
  const always = variants.findIndex((variant) => variant.rules === undefined);
  if (always === -1) return [{ value: edit(empty) }, ...variants];
  return variants.map((variant, index) => (index === always ? { ...variant, value: edit(variant.value) } : variant));
}

/** A description override set (or cleared) on every variant that picks the tool. */
export function withToolDescription<Value = Selection>(
  variants: Array<Variant<Value>>,
  name: string,
  description: string,
  lens: SelectionLens<Value> = wholeLens<Value>(),
): Array<Variant<Value>> {
  return editSelections(variants, lens, (selection) =>
    selection[name] === undefined ? undefined : withDescription(selection, name, description),
  );
}

/** What one tool's row shows: ticked, its description override, and when it applies if not always. */
export interface RowState {
  selected: boolean;
  override: string;
  onlyWhen?: string;
  /** The tool's entry carries per-tool rules (kept, never evaluated: rules act on variants). */
  carriesRules?: boolean;
}

/**
 * A picker's rows and edits over a field's variants, through the lens of the selection it shows
 * (`shown` reads presence, e.g. a source's "all tools" as the names it offers; edits use `lens`).
 */
export function variantEdits<Value>({
  variants,
  lens,
  shown = lens,
}: {
  variants: Array<Variant<Value>>;
  lens: SelectionLens<Value>;
  shown?: SelectionLens<Value>;
}) {
  const presence = toolPresence(variants, shown);
  return {
    state: (name: string): RowState => {
      const entry = entryOf(variants, name, lens);
      return {
        selected: presence.has(name),
        override: entry?.description ?? '',
        onlyWhen: onlyWhenWords(presence.get(name), variants),
        carriesRules: entry?.rules !== undefined,
      };
    },
    tick: (names: string[], on: boolean, entry = {}) =>
      names.reduce((next, name) => withToolTicked(next, name, on, entry, lens), variants),
    describe: (name: string, text: string) => withToolDescription(variants, name, text, lens),
  };
}

/**
 * The tool made conditional: it leaves the variants without rules and lives in a variant with
 * rules; an existing one that already picks it is reused, otherwise a new one (with `rules`) is
 * added last. A plain value becomes the first variant, always included, without the tool.
 * Returns the new value and the index of the variant that now holds the tool.
 */
export function withToolConditional({
  tools,
  name,
  rules,
}: {
  tools: EditorValues['tools'];
  name: string;
  rules: Rules;
}): { tools: ToolVariants; index: number } {
  const plain = registeredSelection(tools);
  const variants: ToolVariants = plain === null ? toolVariantsOf(tools) : [{ value: plain }];
  const entry = entryOf(variants, name) ?? {};
  // Only a conditional value can already have a variant with rules (so no index shifts below).
  const existing = variants.findIndex((variant) => variant.rules !== undefined && variant.value[name] !== undefined);
  const withoutTool = variants.map((variant) =>
    variant.rules === undefined ? { ...variant, value: withNames(variant.value, [name], false) } : variant,
  );
  if (existing !== -1) return { tools: withoutTool, index: existing };
  // A plain value that held only this tool leaves nothing worth keeping.
  const kept = plain !== null && Object.keys(withoutTool[0]!.value).length === 0 ? [] : withoutTool;
  return { tools: [...kept, { value: { [name]: entry }, rules }], index: kept.length };
}
