'use client';
import { useId, type ReactNode } from 'react';
import { Note } from './ui/card';
import { TextField } from './ui/field';

/** Which sources offer the same name and which one wins (the agent editor's collision finder says). */
export interface NameCollision {
  offers: Array<{ from: string }>;
  winner: { from: string };
}

/** Does a tool match the search text (name or description)? */
export function matchesSearch(search: string, name: string, description: string): boolean {
  const text = search.trim().toLowerCase();
  return text === '' || name.toLowerCase().includes(text) || description.toLowerCase().includes(text);
}

/** The search text when one is typed and none of `tools` matches it (a source with no tools is not "unmatched"). */
export function unmatchedSearch(
  search: string,
  tools: ReadonlyArray<{ name: string; description: string }>,
): string | undefined {
  const text = search.trim();
  if (text === '' || tools.length === 0) return undefined;
  return tools.some((tool) => matchesSearch(text, tool.name, tool.description)) ? undefined : text;
}

type ToolRowProps = Parameters<typeof ToolRow>[0];

/**
 * The tools that match the search, one row each, named and described by the tool itself;
 * `stateOf` gives the rest of a row (whether it is ticked, its override, its handlers).
 */
export function MatchingToolRows<Tool extends { name: string; description: string }>({
  tools,
  search,
  stateOf,
}: {
  tools: Tool[];
  search: string;
  stateOf: (tool: Tool) => Omit<ToolRowProps, 'name' | 'description'>;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {tools
        .filter((tool) => matchesSearch(search, tool.name, tool.description))
        .map((tool) => (
          <ToolRow key={tool.name} name={tool.name} description={tool.description} {...stateOf(tool)} />
        ))}
    </ul>
  );
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
  extra,
}: {
  name: string;
  description: string;
  selected: boolean;
  override: string;
  /** Absent: the tool is always included (its checkbox is not shown). */
  onToggle?: (on: boolean) => void;
  onDescription?: (text: string) => void;
  collision?: NameCollision;
  warning?: string;
  disabled?: boolean;
  /** More about the row's tool (when it is included, a control to change that), after its description. */
  extra?: ReactNode;
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
      {extra}
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
