'use client';
import { MatchingToolRows } from '../../../_components/tool-row';
import { withDescription, withNames, type Collision, type Selection } from './tool-selection';

const rulesWarning =
  'This entry carries rules, which are kept but not evaluated: rules act on whole variants (the Conditions tab), not on single tools.';

/** The tools of one source that match the search, as checkboxes over one plain selection (`null`: conditional, read-only). */
export function SelectableTools({
  tools,
  selection,
  search,
  collisions,
  onChange,
}: {
  tools: Array<{ name: string; description: string; toolkit?: string }>;
  selection: Selection | null;
  search: string;
  collisions: Map<string, Collision>;
  onChange: (next: Selection) => void;
}) {
  return (
    <MatchingToolRows
      tools={tools}
      search={search}
      stateOf={(tool) => {
        const entry = selection?.[tool.name];
        return {
          selected: entry !== undefined,
          override: entry?.description ?? '',
          disabled: selection === null,
          collision: entry ? collisions.get(tool.name) : undefined,
          warning: entry?.rules ? rulesWarning : undefined,
          onToggle: (on) =>
            onChange(withNames(selection ?? {}, [tool.name], on, tool.toolkit ? { toolkit: tool.toolkit } : {})),
          onDescription: (text) => onChange(withDescription(selection ?? {}, tool.name, text)),
        };
      }}
    />
  );
}
