import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { cursorHref } from '../_components/pager';
import { ListHeading } from '../_components/list-heading';
import { SimplePage } from '../_components/simple-page';
import { EditedCell, RecordCell } from '../_components/list-table';
import { PagedList } from '../_components/paged-list';
import { loadCursorPage, type CursorSearchParams } from '../_server/load-page';
import { ApprovalBadge } from './_form/approval-panel';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'MCP clients' };

export default async function McpClientsPage({ searchParams }: { searchParams: CursorSearchParams }) {
  const studio = currentStudio();
  const loaded = await loadCursorPage(searchParams, (page) => studio.editor.mcpClients.list(page));
  return (
    <SimplePage
      heading={
        <ListHeading id="page-heading" title="MCP clients" newHref="/new-mcp-client" newLabel="New MCP client" />
      }
      mainContent={false}
      lead={
        <>
          Saved connections to MCP servers (a command this machine runs, or an HTTP address). Every save is a version
          you can restore. Agents pick the servers&rsquo; tools in the agent editor&rsquo;s Tools tab.
        </>
      }
    >
      <PagedList
        loaded={loaded}
        pagerLabel="Pages of MCP clients"
        hrefOf={cursorHref('/mcp-clients')}
        empty="No MCP clients are saved yet. Create one with New MCP client."
        columns={['Name', 'Servers', 'Version', 'Last edit']}
        cells={(client) => (
          <>
            <RecordCell href={`/mcp-clients/${client.id}`} record={client} />
            <td className="p-2.5">
              {client.servers.join(', ') || 'none'} {client.approval === 'needs_approval' ? <ApprovalBadge /> : null}
            </td>
            <td className="p-2.5">v{client.latestVersionNumber}</td>
            <EditedCell iso={client.updatedAt} authorId={client.authorId} />
          </>
        )}
      />
    </SimplePage>
  );
}
