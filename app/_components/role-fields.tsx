'use client';
/**
 * Fields a role that may not save can read but not change (a viewer on an agent or a saved MCP
 * client): every control inside is disabled by the fieldset itself, so a viewer is never led into
 * edits the server would refuse, and a note says why.
 */
import type { ReactNode } from 'react';
import { usePermissions } from './permissions';

export function RoleFields({ what, children }: { what: string; children: ReactNode }) {
  const { edit } = usePermissions();
  return (
    <fieldset disabled={!edit} className="flex min-w-0 flex-col gap-4">
      {edit ? null : (
        <p role="note" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm">
          Your role lets you look at {what}, not change it.
        </p>
      )}
      {children}
    </fieldset>
  );
}
