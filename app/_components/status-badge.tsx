import { cn } from './ui/cn';

export type AgentStatus = 'draft' | 'published' | 'code_only';

/** The status text of an agent, as the list and the editor show it. */
export function statusText(status: AgentStatus, hasUnpublishedChanges: boolean): string {
  if (status === 'code_only') return 'Defined in code';
  if (status === 'draft') return 'Draft';
  return hasUnpublishedChanges ? 'Published, unpublished changes' : 'Published';
}

const tones = {
  draft: 'border-slate-300 bg-slate-100 text-slate-800',
  published: 'border-green-300 bg-green-50 text-green-800',
  changed: 'border-amber-300 bg-amber-50 text-amber-900',
  code_only: 'border-blue-200 bg-blue-50 text-blue-800',
};

/** Draft, Published, or Published with unpublished changes. */
export function StatusBadge({
  status,
  hasUnpublishedChanges,
}: {
  status: AgentStatus;
  hasUnpublishedChanges: boolean;
}) {
  const tone = status === 'published' && hasUnpublishedChanges ? 'changed' : status;
  return (
    <span className={cn('inline-block rounded-full border px-2 py-0.5 text-xs font-medium', tones[tone])}>
      {statusText(status, hasUnpublishedChanges)}
    </span>
  );
}
