import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { McpClientEditor } from '../mcp-clients/_form/mcp-client-editor';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New MCP client' };

/** At `/new-mcp-client`, not `/mcp-clients/new`: a client may have the id `new`. */
export default async function NewMcpClientPage() {
  return <McpClientEditor allowedCommands={await currentStudio().editor.stdioLaunchSpecs.entries()} />;
}
