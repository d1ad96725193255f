'use client';
import type { ReactNode } from 'react';
import { Button } from '../../../_components/ui/button';

/** A group of tools from one source (role=group named by its legend), with select all / none. */
export function ToolGroup({
  legend,
  children,
  onSelectAll,
  onSelectNone,
  disabled,
}: {
  legend: string;
  children: ReactNode;
  onSelectAll?: () => void;
  onSelectNone?: () => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {onSelectAll || onSelectNone ? (
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
