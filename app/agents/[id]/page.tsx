import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { AgentEditor } from './_editor/agent-editor';
import { editorTabs } from './_editor/editor-tab-names';
import { CodeOnlyAgentView } from './_editor/code-only-agent';
import { loadEditorData } from './load-editor-data';
import { idParam } from '../../_server/id-param';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };
type Search = { searchParams: Promise<{ version?: string | string[]; tab?: string | string[] }> };

/** The version named by `?version=<n>` (a run's page links to the version it ran on), if well formed. */
const versionParam = (value: string | string[] | undefined) =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

/** The tab named by `?tab=<name>` (a saved test case links to `tests`), if it is one of the editor's. */
const tabParam = (value: string | string[] | undefined) =>
  typeof value === 'string' && editorTabs.includes(value) ? value : null;

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
    const search = await searchParams;
    return (
      <AgentEditor
        key={data.agent.id}
        data={data}
        openVersion={versionParam(search.version)}
        openTab={tabParam(search.tab)}
      />
    );
  } catch (error) {
    if (studioErrorBody(error)?.error.code === 'not_found') notFound();
    throw error;
  }
}
