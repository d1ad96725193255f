import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { cursorHref } from '../_components/pager';
import { ListHeading } from '../_components/list-heading';
import { SimplePage } from '../_components/simple-page';
import { Card } from '../_components/ui/card';
import { RecordCell } from '../_components/list-table';
import { PagedList } from '../_components/paged-list';
import { loadCursorPage, type CursorSearchParams } from '../_server/load-page';
import { listToolProviders } from '../_server/tool-catalogue';
import { ProviderList } from './_form/provider-list';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Integrations' };

export default async function IntegrationsPage({ searchParams }: { searchParams: CursorSearchParams }) {
  const studio = currentStudio();
  const loaded = await loadCursorPage(searchParams, (page) => studio.integrations.describeAll(page));
  const providerItems = await listToolProviders(studio);
  return (
    <SimplePage
      heading={
        <ListHeading
          id="page-heading"
          title="Integrations"
          newHref="/new-integration"
          newLabel="New integration"
          creating="administer"
        />
      }
      lead={
        <>
          Integrations turn an API described by an OpenAPI document into tools, one per operation. Tool providers offer
          toolkits of hosted tools that act through a connection (an account). Agents pick both in the agent
          editor&rsquo;s Tools tab.
        </>
      }
    >
      <h2 className="text-lg font-semibold">Integrations</h2>
      <PagedList
        loaded={loaded}
        pagerLabel="Pages of integrations"
        hrefOf={cursorHref('/integrations')}
        empty="No integrations yet. Add one with New integration: paste or upload an OpenAPI document."
        columns={['Integration', 'Source', 'Tools']}
        mainContent={false}
        cells={(integration) => (
          <>
            <RecordCell href={`/integrations/${integration.id}`} record={integration} />
            <td className="p-2.5">{integration.source === 'code' ? 'Code' : 'Stored'}</td>
            <td className="p-2.5">
              {integration.error ? (
                <span className="text-danger">Could not list: {integration.error}</span>
              ) : (
                `${integration.tools.length} ${integration.tools.length === 1 ? 'tool' : 'tools'}`
              )}
            </td>
          </>
        )}
      />
      <h2 className="text-lg font-semibold">Tool providers</h2>
      {providerItems.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-700">
            No tool providers are configured. Providers are registered in code (
            <code>
              createStudio({'{'} toolProviders {'}'})
            </code>
            in <code>studio.config.ts</code>).
          </p>
        </Card>
      ) : (
        <ProviderList providers={providerItems} />
      )}
    </SimplePage>
  );
}
