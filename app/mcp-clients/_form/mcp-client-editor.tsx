'use client';
/** The MCP client page: heading, the status line, the form and (once saved) its version history. */
import { useCallback, useState } from 'react';
import type { McpClientVersionView, McpClientView, Page } from '@/lib/editor';
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
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement(text), []);
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4" data-main-content>
      <h1 id="page-heading" className="text-2xl font-semibold">
        {version ? version.name : 'New MCP client'}
      </h1>
      <p className="text-slate-700">
        An MCP client holds one or more servers: a command this machine runs (stdio) or an HTTP address. Agents pick its
        servers&rsquo; tools in the agent editor; resolution always uses the latest version.
      </p>
      <p role="status" className="min-h-6 text-sm font-medium text-slate-800">
        {announcement}
      </p>
      {version && approval === 'needs_approval' ? <ApprovalPanel version={version} announce={announce} /> : null}
      <McpClientForm version={version} allowedCommands={allowedCommands} announce={announce} />
      {version && versions ? <McpClientVersions version={version} versions={versions} announce={announce} /> : null}
    </section>
  );
}
