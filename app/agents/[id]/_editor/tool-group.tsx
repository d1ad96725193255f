'use client';
import { useId, useState, type ReactNode } from 'react';
import { matchesSearch, unmatchedSearch } from '../../../_components/tool-row';
import { Button } from '../../../_components/ui/button';

type GroupTool = { name: string; description: string };

/** What "Select all" or "Select none" asks of a group's source. */
export interface BulkSelection<Tool extends GroupTool> {
  /** The tools the search shows: the only ones to change. */
  tools: Tool[];
  on: boolean;
  /** The search hides none of the group's tools (so "Select none" may clear the whole source). */
  everything: boolean;
}

const toolCount = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`;

/** What a bulk selection did, in words: the hidden tools are left as they were. */
function outcome({ shown, hidden, on }: { shown: number; hidden: number; on: boolean }): string {
  const done = on ? 'ticked' : 'unticked';
  if (hidden === 0) return `All ${toolCount(shown)} ${done}.`;
  return `The ${toolCount(shown)} shown ${done}; ${hidden} hidden by the search left as ${hidden === 1 ? 'it was' : 'they were'}.`;
}

/**
 * A group of tools from one source (role=group named by its legend), with select all / none. The
 * buttons act only on the tools the search shows, and say so while it hides some; what they did is
 * announced. When the search matches none of its tools the group says so and offers no buttons:
 * there is nothing shown for them to act on.
 */
export function ToolGroup<Tool extends GroupTool>({
  legend,
  children,
  tools = [],
  search = '',
  onSelect,
  disabled,
}: {
  legend: string;
  children: ReactNode;
  /** Every tool of the group (none: a group of other controls); the search decides which are shown. */
  tools?: readonly Tool[];
  search?: string;
  onSelect?: (selection: BulkSelection<Tool>) => void;
  disabled?: boolean;
}) {
  const scopeId = useId();
  // Said for the search it was made under: once the search changes, it no longer describes the list.
  const [done, setDone] = useState<{ search: string; text: string }>();
  const unmatched = unmatchedSearch(search, tools);
  const shown = tools.filter((tool) => matchesSearch(search, tool.name, tool.description));
  const hidden = tools.length - shown.length;
  const select = (on: boolean) => {
    onSelect?.({ tools: shown, on, everything: hidden === 0 });
    setDone({ search, text: outcome({ shown: shown.length, hidden, on }) });
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {unmatched !== undefined ? (
        <p className="text-sm text-slate-700">No tools here match &ldquo;{unmatched}&rdquo;.</p>
      ) : onSelect ? (
        <div className="flex flex-wrap items-center gap-2">
          {(['Select all', 'Select none'] as const).map((name) => (
            <Button
              key={name}
              size="sm"
              onClick={() => select(name === 'Select all')}
              disabled={disabled}
              aria-describedby={hidden > 0 ? scopeId : undefined}
            >
              {name}
            </Button>
          ))}
          {hidden > 0 ? (
            <p id={scopeId} className="text-sm text-slate-700">
              Acting on the {toolCount(shown.length)} the search shows.
            </p>
          ) : null}
        </div>
      ) : null}
      {onSelect ? (
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {done?.search === search ? done.text : ''}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
