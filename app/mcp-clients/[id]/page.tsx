import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { McpClientEditor } from '../_form/mcp-client-editor';
import { idParam } from '../../_server/id-param';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `MCP client ${idParam((await params).id)}` };
}

export default async function McpClientPage({ params }: Params) {
  const id = idParam((await params).id);
  const studio = currentStudio();
  try {
    const [{ client, version }, versions, allowedCommands] = await Promise.all([
      studio.editor.mcpClients.getById(id),
      studio.editor.mcpClients.listVersions(id, { limit: 100 }),
      studio.editor.stdioLaunchSpecs.entries(),
    ]);
    return (
      <McpClientEditor
        key={id}
        version={version}
        versions={versions}
        allowedCommands={allowedCommands}
        approval={client.approval}
      />
    );
  } catch (error) {
    if (studioErrorBody(error)?.error.code === 'not_found') notFound();
    throw error;
  }
}
