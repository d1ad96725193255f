import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { cursorHref, cursorParam, Pager } from '../_components/pager';
import { ListHeading } from '../_components/list-heading';
import { EditedCell, ListTable, RecordCell } from '../_components/list-table';
import { loadPage, staleLinkText } from '../_server/load-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'MCP clients' };

const pageSize = 50;

export default async function McpClientsPage({
  searchParams,
}: {
  searchParams: Promise<{ cursor?: string | string[] }>;
}) {
  const studio = currentStudio();
  const { page, cursor, staleLink } = await loadPage(
    (from) => studio.editor.mcpClients.list({ limit: pageSize, cursor: from }),
    cursorParam((await searchParams).cursor),
  );
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-4">
      <ListHeading id="page-heading" title="MCP clients" newHref="/new-mcp-client" newLabel="New MCP client" />
      <p className="text-slate-700">
        Saved connections to MCP servers (a command this machine runs, or an HTTP address). Every save is a version you
        can restore. Agents pick the servers&rsquo; tools in the agent editor&rsquo;s Tools tab.
      </p>
      {staleLink ? <p className="text-sm text-slate-700">{staleLinkText}</p> : null}
      {page.items.length === 0 ? (
        <p data-main-content className="rounded-lg border border-dashed border-slate-300 bg-white p-4">
          No MCP clients are saved yet. Create one with New MCP client.
        </p>
      ) : (
        <ListTable
          data-main-content
          columns={['Name', 'Servers', 'Version', 'Last edit']}
          items={page.items}
          keyOf={(client) => client.id}
          cells={(client) => (
            <>
              <RecordCell
                href={`/mcp-clients/${client.id}`}
                name={client.name}
                id={client.id}
                description={client.description}
              />
              <td className="p-2.5">{client.servers.join(', ') || 'none'}</td>
              <td className="p-2.5">v{client.latestVersionNumber}</td>
              <EditedCell iso={client.updatedAt} authorId={client.authorId} />
            </>
          )}
        />
      )}
      <Pager
        label="Pages of MCP clients"
        cursor={cursor}
        nextCursor={page.nextCursor}
        hrefOf={cursorHref('/mcp-clients')}
      />
    </section>
  );
}
