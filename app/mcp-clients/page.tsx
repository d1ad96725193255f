import type { Metadata } from 'next';
import Link from 'next/link';
import { currentStudio } from '@/lib/studio-handle';
import { Time } from '../_components/format';
import { cursorHref, cursorParam, Pager } from '../_components/pager';
import { ListHeading } from '../_components/list-heading';
import { TableHead } from '../_components/ui/table-head';
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
        <table data-main-content className="w-full border-collapse rounded-lg border border-slate-200 bg-white text-sm">
          <TableHead columns={['Name', 'Servers', 'Version', 'Last edit']} />
          <tbody>
            {page.items.map((client) => (
              <tr key={client.id} className="border-b border-slate-100 align-top last:border-0">
                <td className="p-2.5">
                  <Link href={`/mcp-clients/${client.id}`} className="block font-semibold">
                    {client.name}
                  </Link>
                  <span className="font-mono text-xs text-slate-600">{client.id}</span>
                  {client.description ? <p className="text-slate-700">{client.description}</p> : null}
                </td>
                <td className="p-2.5">{client.servers.join(', ') || 'none'}</td>
                <td className="p-2.5">v{client.latestVersionNumber}</td>
                <td className="p-2.5">
                  <Time iso={client.updatedAt} />
                  {client.authorId ? <span className="text-slate-600"> by {client.authorId}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
