'use client';
/** The agent editor's header: name, status, which version is edited and published, what is unsaved, and the actions. */
import type { ReactNode } from 'react';
import type { AgentView, VersionView } from '@/lib/editor';
import { usePermissions } from '../../../_components/permissions';
import { StatusBadge } from '../../../_components/status-badge';
import { Button } from '../../../_components/ui/button';

export function EditorHeader({
  agent,
  version,
  changes,
  onDiscard,
  onSave,
  onPublish,
  actions,
}: {
  agent: AgentView;
  version: VersionView;
  /** What has unsaved changes, in words ("Tools", "Approval policies"). */
  changes: string[];
  onDiscard: () => void;
  onSave: () => void;
  onPublish: () => void;
  /** Actions shown before the editing ones, to everyone who may look ("Use in your app"). */
  actions?: ReactNode;
}) {
  const dirty = changes.length > 0;
  const { edit } = usePermissions();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h1 id="agent-heading" className="text-2xl font-semibold">
          {version.name ?? agent.id}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StatusBadge status={agent.status} hasUnpublishedChanges={agent.hasUnpublishedChanges} />
          <span className="font-mono">{agent.id}</span>
          <span>
            · editing version {version.versionNumber}
            {agent.activeVersionNumber !== null ? ` · version ${agent.activeVersionNumber} published` : ''}
          </span>
          {dirty ? <span className="font-medium text-amber-800">· unsaved changes: {changes.join(', ')}</span> : null}
        </div>
      </div>
      <div className="flex gap-2">
        {actions}
        {dirty ? (
          <Button variant="ghost" onClick={onDiscard}>
            Discard changes
          </Button>
        ) : null}
        {edit ? (
          <>
            <Button variant="primary" onClick={onSave}>
              Save
            </Button>
            <Button onClick={onPublish}>Publish</Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
