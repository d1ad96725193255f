type Status = 'draft' | 'published' | 'code_only';

const labels: Record<Status, string> = { draft: 'Draft', published: 'Published', code_only: 'Defined in code' };

/** Draft, Published, or Published + unpublished changes. */
export function StatusBadge({ status, hasUnpublishedChanges }: { status: Status; hasUnpublishedChanges: boolean }) {
  const changed = status === 'published' && hasUnpublishedChanges;
  return (
    <span className={`badge badge-${status}${changed ? ' badge-changed' : ''}`}>
      {labels[status]}
      {changed ? ' + unpublished changes' : ''}
    </span>
  );
}
