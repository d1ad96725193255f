'use client';
import type { ReactNode } from 'react';
import { Button } from '../../../_components/ui/button';

/**
 * A group of tools from one source (role=group named by its legend), with select all / none. When
 * the search matches none of its tools the group says so and offers no buttons: there is nothing
 * shown for them to act on.
 */
export function ToolGroup({
  legend,
  children,
  onSelectAll,
  onSelectNone,
  disabled,
  unmatched,
}: {
  legend: string;
  children: ReactNode;
  onSelectAll?: () => void;
  onSelectNone?: () => void;
  disabled?: boolean;
  /** The search text, when none of the group's tools matches it (`unmatchedSearch`). */
  unmatched?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {unmatched !== undefined ? (
        <p className="text-sm text-slate-700">No tools here match &ldquo;{unmatched}&rdquo;.</p>
      ) : onSelectAll || onSelectNone ? (
        <div className="flex gap-2">
          {onSelectAll ? (
            <Button size="sm" onClick={onSelectAll} disabled={disabled}>
              Select all
            </Button>
          ) : null}
          {onSelectNone ? (
            <Button size="sm" onClick={onSelectNone} disabled={disabled}>
              Select none
            </Button>
          ) : null}
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
