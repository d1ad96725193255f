import type { Metadata } from 'next';
import Link from 'next/link';
import { currentStudio } from '@/lib/studio-handle';
import { cursorHref } from '../_components/pager';
import { SimplePage } from '../_components/simple-page';
import { PagedList } from '../_components/paged-list';
import { loadCursorPage, type CursorSearchParams } from '../_server/load-page';
import { toolPage } from '../_server/tool-catalogue';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Tools' };

export default async function ToolsPage({ searchParams }: { searchParams: CursorSearchParams }) {
  const studio = currentStudio();
  const loaded = await loadCursorPage(searchParams, async (page) => toolPage(studio, page));
  return (
    <SimplePage
      title="Tools"
      mainContent={false}
      lead={
        <>
          The tools registered in code (<code>studio.config.ts</code>). Open one to see its schemas and annotations and
          to run it with a form. Agents select them in the agent editor&rsquo;s Tools tab.
        </>
      }
    >
      <PagedList
        loaded={loaded}
        pagerLabel="Pages of tools"
        hrefOf={cursorHref('/tools')}
        empty="No tools are registered in code."
        columns={['Tool', 'Description', 'Behaviour']}
        cells={(tool) => (
          <>
            <td className="p-2.5">
              <Link href={`/tools/${encodeURIComponent(tool.id)}`} className="font-mono font-semibold">
                {tool.id}
              </Link>
            </td>
            <td className="p-2.5 text-slate-700">{tool.description}</td>
            <td className="p-2.5 text-slate-700">
              {tool.effectiveAnnotations.readOnlyHint
                ? 'read-only'
                : tool.effectiveAnnotations.destructiveHint
                  ? 'may change or delete things'
                  : 'changes things'}
              {tool.requireApproval
                ? `; needs approval${tool.requireApproval === 'conditional' ? ' (for some inputs)' : ''}`
                : ''}
            </td>
          </>
        )}
      />
    </SimplePage>
  );
}
