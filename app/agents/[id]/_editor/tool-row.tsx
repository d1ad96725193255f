'use client';
import { useId } from 'react';
import { Note } from '../../../_components/ui/card';
import { TextField } from '../../../_components/ui/field';
import { withDescription, withNames, type Collision, type Selection } from './tool-selection';

/** Does a tool match the search text (name or description)? */
export function matchesSearch(search: string, name: string, description: string): boolean {
  const text = search.trim().toLowerCase();
  return text === '' || name.toLowerCase().includes(text) || description.toLowerCase().includes(text);
}

/** One tool: a checkbox named by the name the model sees; once selected, its description override. */
export function ToolRow({
  name,
  description,
  selected,
  override,
  onToggle,
  onDescription,
  collision,
  warning,
  disabled,
}: {
  name: string;
  description: string;
  selected: boolean;
  override: string;
  /** Absent: the tool is always included (its checkbox is not shown). */
  onToggle?: (on: boolean) => void;
  onDescription?: (text: string) => void;
  collision?: Collision;
  warning?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <div className="flex items-start gap-2">
        {onToggle ? (
          <input
            id={id}
            type="checkbox"
            className="mt-1 size-4"
            checked={selected}
            disabled={disabled}
            onChange={(event) => onToggle(event.target.checked)}
          />
        ) : null}
        <div className="flex flex-col">
          {onToggle ? (
            <label htmlFor={id} className="font-mono text-sm font-semibold">
              {name}
            </label>
          ) : (
            <span className="font-mono text-sm font-semibold">{name}</span>
          )}
          <span className="text-sm text-slate-700">{description || 'No description.'}</span>
        </div>
      </div>
      {warning ? <Note tone="warning">{warning}</Note> : null}
      {collision ? (
        <Note tone="warning">
          Name collision: {collision.offers.map((offer) => offer.from).join(', ')} all offer &ldquo;{name}&rdquo;.{' '}
          {collision.winner.from} wins (a later source replaces an earlier one whole).
        </Note>
      ) : null}
      {selected && onDescription ? (
        <TextField
          label={`Description for ${name}`}
          placeholder={description}
          value={override}
          disabled={disabled}
          hint="Leave empty to keep the original description."
          onChange={(event) => onDescription(event.target.value)}
        />
      ) : null}
    </li>
  );
}

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
    <ul className="flex flex-col gap-2">
      {tools
        .filter((tool) => matchesSearch(search, tool.name, tool.description))
        .map((tool) => {
          const entry = selection?.[tool.name];
          return (
            <ToolRow
              key={tool.name}
              name={tool.name}
              description={tool.description}
              selected={entry !== undefined}
              override={entry?.description ?? ''}
              disabled={selection === null}
              collision={entry ? collisions.get(tool.name) : undefined}
              warning={entry?.rules ? rulesWarning : undefined}
              onToggle={(on) =>
                onChange(withNames(selection ?? {}, [tool.name], on, tool.toolkit ? { toolkit: tool.toolkit } : {}))
              }
              onDescription={(text) => onChange(withDescription(selection ?? {}, tool.name, text))}
            />
          );
        })}
    </ul>
  );
}
