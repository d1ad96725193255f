import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { SimplePage } from '../_components/simple-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'MCP clients' };

export default async function McpClientsPage() {
  const { items } = await currentStudio().editor.mcpClients.list({ limit: 100 });
  return (
    <SimplePage
      title="MCP clients"
      lead={
        <>
          Saved connections to MCP servers. Agents pick their tools in the agent editor&rsquo;s Tools tab. Creating and
          editing clients here is not available yet: use <code>POST /api/mcp-clients</code> meanwhile.
        </>
      }
    >
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4">No MCP clients are saved yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((client) => (
            <li key={client.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <span className="font-semibold">{client.name}</span>{' '}
              <span className="font-mono text-xs text-slate-600">{client.id}</span>
              <p className="text-sm text-slate-700">
                Servers: {client.servers.join(', ') || 'none'} · version {client.latestVersionNumber}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SimplePage>
  );
}
