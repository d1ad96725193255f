'use client';
/** The MCP client page: heading, the status line, the form and (once saved) its version history. */
import { useCallback, useState } from 'react';
import type { McpClientVersionView, McpClientView, Page } from '@/lib/editor';
import { SimplePage } from '../../_components/simple-page';
import { usePermissions } from '../../_components/permissions';
import { RoleFields } from '../../_components/role-fields';
import { ApprovalPanel } from './approval-panel';
import { McpClientForm } from './mcp-client-form';
import { McpClientVersions } from './mcp-client-versions';

export function McpClientEditor({
  version,
  versions,
  allowedCommands,
  approval = 'approved',
}: {
  version?: McpClientVersionView;
  versions?: Page<McpClientVersionView>;
  allowedCommands: string[];
  /** `needs_approval`: an imported stdio server waits for an admin (./approval-panel). */
  approval?: McpClientView['approval'];
}) {
  const { edit } = usePermissions();
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  return (
    <SimplePage
      title={version ? version.name : 'New MCP client'}
      lead="An MCP client holds one or more servers: a command this machine runs (stdio) or an HTTP address. Agents pick its servers’ tools in the agent editor; resolution always uses the latest version."
    >
      <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
        {announcement}
      </p>
      {version && approval === 'needs_approval' ? <ApprovalPanel version={version} announce={announce} /> : null}
      {version || edit ? (
        <RoleFields what="this MCP client">
          <McpClientForm version={version} allowedCommands={allowedCommands} announce={announce} />
        </RoleFields>
      ) : (
        <p role="note" className="text-sm">
          Your role cannot add MCP clients: an editor or an admin can.
        </p>
      )}
      {version && versions ? <McpClientVersions version={version} versions={versions} announce={announce} /> : null}
    </SimplePage>
  );
}
