'use client';
import { MatchingToolRows } from '../../../_components/tool-row';
import type { ToolPicks } from './source-picks';
import type { Collision } from './tool-selection';

const rulesWarning =
  'This entry carries rules, which are kept but not evaluated: rules act on whole variants (the Conditions tab), not on single tools.';

/** "Only when plan is pro": when only variants with rules pick a source, a tool, or all of a source's tools. */
export function OnlyWhen({ text }: { text: string | undefined }) {
  return text ? <p className="text-sm font-medium text-indigo-900">{text}</p> : null;
}

/**
 * The tools of one source that match the search, as checkboxes over its picks (a plain selection,
 * or the field's variants, where a tool only some variants pick says when); `readOnly` shows them
 * without letting them change. A tool that "All tools" of an MCP client covers shows ticked, and
 * is neither ticked nor described on its own.
 */
export function SelectableTools({
  tools,
  picks,
  search,
  collisions,
  readOnly = false,
  onlyWhenShown,
}: {
  tools: Array<{ name: string; description: string; toolkit?: string }>;
  picks: ToolPicks;
  search: string;
  collisions: Map<string, Collision>;
  readOnly?: boolean;
  /** Already said for the whole source: a row under the same condition does not repeat it. */
  onlyWhenShown?: string;
}) {
  return (
    <MatchingToolRows
      tools={tools}
      search={search}
      stateOf={(tool) => {
        const row = picks.row(tool.name);
        return {
          selected: row.selected,
          override: row.override,
          disabled: readOnly || row.coveredByAll,
          collision: row.selected ? collisions.get(tool.name) : undefined,
          warning: row.selected && row.carriesRules ? rulesWarning : undefined,
          onToggle: (on) => picks.tick([tool.name], on, () => (tool.toolkit ? { toolkit: tool.toolkit } : {})),
          onDescription: row.coveredByAll ? undefined : (text) => picks.describe(tool.name, text),
          extra: row.selected && row.onlyWhen !== onlyWhenShown ? <OnlyWhen text={row.onlyWhen} /> : undefined,
        };
      }}
    />
  );
}
