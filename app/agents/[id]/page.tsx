import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { AgentEditor } from './_editor/agent-editor';
import { CodeOnlyAgentView } from './_editor/code-only-agent';
import { loadEditorData } from './load-editor-data';
import { idParam } from '../../_server/id-param';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };
type Search = { searchParams: Promise<{ version?: string | string[] }> };

/** The version named by `?version=<n>` (a run's page links to the version it ran on), if well formed. */
const versionParam = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: idParam((await params).id) };
}

export default async function AgentEditorPage({ params, searchParams }: Params & Search) {
  const id = idParam((await params).id);
  const studio = currentStudio();
  const codeOnly = await studio.editor.agents.getCodeOnly(id);
  if (codeOnly) {
    const agent = studio.agents.get(id);
    return <CodeOnlyAgentView codeOnly={codeOnly} editable={agent?.editor !== false} />;
  }
  try {
    const data = await loadEditorData(studio, id);
    return <AgentEditor key={data.agent.id} data={data} openVersion={versionParam((await searchParams).version)} />;
  } catch (error) {
    if (studioErrorBody(error)?.error.code === 'not_found') notFound();
    throw error;
  }
}
