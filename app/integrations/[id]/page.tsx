import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { currentStudio, studioErrorBody } from '@/lib/studio-handle';
import { Note } from '../../_components/ui/card';
import { Catalogue } from '../_form/catalogue';
import { IntegrationEditor } from '../_form/integration-editor';
import type { StoredIntegrationDetails } from '@/lib/integrations';
import { RecordPage } from '../../_components/record-page';
import { idParam } from '../../_server/id-param';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: `Integration ${idParam((await params).id)}` };
}

export default async function IntegrationPage({ params }: Params) {
  const id = idParam((await params).id);
  const integration = await currentStudio()
    .integrations.describe(id)
    .catch((error: unknown) => {
      if (studioErrorBody(error)?.error.code === 'not_found') notFound();
      throw error;
    });
  const stored = 'document' in integration ? (integration as StoredIntegrationDetails) : undefined;
  return (
    <RecordPage listHref="/integrations" list="Integrations" id={integration.id} title={integration.name}>
      {integration.description ? <p className="text-slate-700">{integration.description}</p> : null}
      {integration.error ? <Note tone="warning">Its tools could not be listed: {integration.error}</Note> : null}
      <Catalogue
        tools={integration.tools}
        skipped={'skippedOperations' in integration ? integration.skippedOperations : []}
      />
      {stored ? (
        <>
          <h2 className="text-lg font-semibold">Configuration</h2>
          <IntegrationEditor
            stored={{
              id: stored.id,
              name: stored.name,
              baseUrl: stored.baseUrl,
              document: stored.document,
              credentials: stored.credentials,
            }}
          />
        </>
      ) : (
        <Note>This integration is defined in code, so it is changed there, not here.</Note>
      )}
    </RecordPage>
  );
}
