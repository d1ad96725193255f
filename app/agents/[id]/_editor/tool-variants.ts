/**
 * Pure edits of the `tools` field as the Tools tab makes them once it holds variants: what each
 * tool's presence is (always, or only under some variants' rules), ticking and unticking across
 * the variants, and moving one tool onto a variant of its own ("Only for some requests...").
 */
import type { Rules } from '@/lib/rules';
import type { Variant } from '@/lib/snapshots';
import { registeredSelection, withDescription, withNames, type Selection } from './tool-selection';
import type { EditorValues } from './types';

type ToolVariants = Array<Variant<Selection>>;

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

export function toolPresence(variants: ToolVariants): Map<string, ToolPresence> {
  const presence = new Map<string, ToolPresence>();
  variants.forEach((variant, index) => {
    for (const name of Object.keys(variant.value)) {
      const found = presence.get(name) ?? { always: false, variants: [] };
      found.variants.push(index);
      if (variant.rules === undefined) found.always = true;
      presence.set(name, found);
    }
  });
  return presence;
}

/** Every entry the variants hold for one tool, the last (the one that wins) first. */
export const entryOf = (variants: ToolVariants, name: string) =>
  variants.findLast((variant) => variant.value[name] !== undefined)?.value[name];

/**
 * Ticking adds the tool to the first variant without rules (one is put first when none exists),
 * so it is always included; unticking removes it from every variant.
 */
export function withToolTicked(variants: ToolVariants, name: string, on: boolean, entry = {}): ToolVariants {
  if (!on) return variants.map((variant) => ({ ...variant, value: withNames(variant.value, [name], false) }));
  const always = variants.findIndex((variant) => variant.rules === undefined);
  if (always === -1) return [{ value: { [name]: { ...entry } } }, ...variants];
  return variants.map((variant, index) =>
    index === always ? { ...variant, value: withNames(variant.value, [name], true, entry) } : variant,
  );
}

/** A description override set (or cleared) on every variant that picks the tool. */
export function withToolDescription(variants: ToolVariants, name: string, description: string): ToolVariants {
  return variants.map((variant) =>
    variant.value[name] === undefined
      ? variant
      : { ...variant, value: withDescription(variant.value, name, description) },
  );
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
