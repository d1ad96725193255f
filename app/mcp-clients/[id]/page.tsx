import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { McpClientEditor } from '../_form/mcp-client-editor';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

function idOf(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `MCP client ${idOf((await params).id)}` };
}

export default async function McpClientPage({ params }: Params) {
  const id = idOf((await params).id);
  const studio = currentStudio();
  try {
    const [{ version }, versions] = await Promise.all([
      studio.editor.mcpClients.getById(id),
      studio.editor.mcpClients.listVersions(id, { limit: 100 }),
    ]);
    return (
      <McpClientEditor
        key={id}
        version={version}
        versions={versions}
        allowedCommands={studio.settings.stdioAllowedCommands}
      />
    );
  } catch (error) {
    if (studioErrorBody(error)?.error.code === 'not_found') notFound();
    throw error;
  }
}
