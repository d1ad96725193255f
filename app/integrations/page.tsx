import type { Metadata } from 'next';
import { currentStudio } from '@/lib/studio-handle';
import { SimplePage } from '../_components/simple-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Integrations' };

export default async function IntegrationsPage() {
  const studio = currentStudio();
  const { items: integrations } = await studio.integrations.describeAll({ limit: 100 });
  const providers = studio.toolProviders.list();
  return (
    <SimplePage
      title="Integrations"
      lead="Integrations (such as OpenAPI documents) and tool providers whose tools agents can pick. Configuring them here is not available yet: use PUT /api/integrations/:id."
    >
      <h2 className="text-lg font-semibold">Integrations</h2>
      {integrations.length === 0 ? <p>No integrations are configured.</p> : null}
      <ul className="flex flex-col gap-2">
        {integrations.map((integration) => (
          <li key={integration.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <span className="font-semibold">{integration.name}</span> · {integration.tools.length} tools
            {integration.error ? <p className="text-sm text-danger">{integration.error}</p> : null}
          </li>
        ))}
      </ul>
      <h2 className="text-lg font-semibold">Tool providers</h2>
      {providers.length === 0 ? <p>No tool providers are configured.</p> : null}
      <ul className="flex flex-col gap-2">
        {providers.map((provider) => (
          <li key={provider.id} className="rounded-lg border border-slate-200 bg-white p-3">
            <span className="font-semibold">{provider.name}</span>
          </li>
        ))}
      </ul>
    </SimplePage>
  );
}
